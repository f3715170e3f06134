import { describe, expect, it } from 'vitest';
import type { MetricCatalog } from '../../api/training';
import { TEST_METRIC_CATALOG as CATALOG } from '../../test/metricCatalog';
import { chosenPrimaryMetric, formatMetric, formatSpread, metricTone, orderedMetrics, primaryMetric, rankableMetrics } from './metrics';

describe('metricTone', () => {
  it.each([
    'accuracy',
    'balanced_accuracy',
    'precision',
    'recall',
    'f1',
    'roc_auc',
    'pr_auc',
    'mcc',
    'r2',
    'explained_variance',
    'silhouette_score',
  ])('%s: green from 0.8, yellow from 0.6, red below', (metric) => {
    expect(metricTone(CATALOG, metric, 1)).toBe('good');
    expect(metricTone(CATALOG, metric, 0.8)).toBe('good');
    expect(metricTone(CATALOG, metric, 0.7999)).toBe('fair');
    expect(metricTone(CATALOG, metric, 0.6)).toBe('fair');
    expect(metricTone(CATALOG, metric, 0.5999)).toBe('poor');
    expect(metricTone(CATALOG, metric, -0.2)).toBe('poor');
  });

  it.each(['log_loss', 'mape'])('%s: green below 0.1, yellow below 0.3, else red', (metric) => {
    expect(metricTone(CATALOG, metric, 0)).toBe('good');
    expect(metricTone(CATALOG, metric, 0.0999)).toBe('good');
    expect(metricTone(CATALOG, metric, 0.1)).toBe('fair');
    expect(metricTone(CATALOG, metric, 0.2999)).toBe('fair');
    expect(metricTone(CATALOG, metric, 0.3)).toBe('poor');
    expect(metricTone(CATALOG, metric, 12)).toBe('poor');
  });

  it.each(['rmse', 'mae', 'mse', 'inertia'])("%s, in the data's units: the same bounds on its ratio to the baseline's", (metric) => {
    expect(metricTone(CATALOG, metric, 0.79, 7.97)).toBe('good');
    expect(metricTone(CATALOG, metric, 0.8, 7.97)).toBe('fair');
    expect(metricTone(CATALOG, metric, 2.39, 7.97)).toBe('fair');
    // the best model, 2.49 against the baseline's 7.97: 0.31 of it
    expect(metricTone(CATALOG, metric, 2.49, 7.97)).toBe('poor');
    expect(metricTone(CATALOG, metric, 7.97, 7.97)).toBe('poor');
    // 120 against a baseline of 1,000 is good whatever the units
    expect(metricTone(CATALOG, metric, 12, 1000)).toBe('good');
    // no baseline to compare with: no colour, rather than red
    expect(metricTone(CATALOG, metric, 0.05)).toBe('neutral');
    expect(metricTone(CATALOG, metric, 0.05, null)).toBe('neutral');
    expect(metricTone(CATALOG, metric, 0.05, 0)).toBe('neutral');
  });

  it('davies_bouldin: green below 0.8, yellow below 1.5', () => {
    expect(metricTone(CATALOG, 'davies_bouldin', 0.7999)).toBe('good');
    expect(metricTone(CATALOG, 'davies_bouldin', 0.8)).toBe('fair');
    expect(metricTone(CATALOG, 'davies_bouldin', 1.4999)).toBe('fair');
    expect(metricTone(CATALOG, 'davies_bouldin', 1.5)).toBe('poor');
  });

  it('noise_ratio: green below 0.05, yellow below 0.15', () => {
    expect(metricTone(CATALOG, 'noise_ratio', 0.0499)).toBe('good');
    expect(metricTone(CATALOG, 'noise_ratio', 0.05)).toBe('fair');
    expect(metricTone(CATALOG, 'noise_ratio', 0.1499)).toBe('fair');
    expect(metricTone(CATALOG, 'noise_ratio', 0.15)).toBe('poor');
  });

  it('cluster counts and sizes, unbounded scores and missing values are neutral', () => {
    for (const metric of ['n_clusters', 'min_cluster_size', 'max_cluster_size', 'avg_cluster_size', 'calinski_harabasz']) {
      expect(metricTone(CATALOG, metric, 0.01)).toBe('neutral');
      expect(metricTone(CATALOG, metric, 500)).toBe('neutral');
    }
    expect(metricTone(CATALOG, 'accuracy', null)).toBe('neutral');
    expect(metricTone(CATALOG, 'rmse', Number.NaN)).toBe('neutral');
  });
});

describe('formatMetric', () => {
  it('shows 4 decimals, whole cluster counts and a dash for no value', () => {
    expect(formatMetric(CATALOG, 'accuracy', 0.875)).toBe('0.8750');
    expect(formatMetric(CATALOG, 'rmse', 12.345678)).toBe('12.3457');
    expect(formatMetric(CATALOG, 'n_clusters', 3)).toBe('3');
    expect(formatMetric(CATALOG, 'avg_cluster_size', 33.5)).toBe('33.5000');
    expect(formatMetric(CATALOG, 'roc_auc', null)).toBe('—');
  });
});

describe('formatSpread', () => {
  it('shows a cross-validated metric as mean ± standard deviation, one value alone without a spread', () => {
    expect(formatSpread(CATALOG, 'accuracy', 0.85, 0.0213)).toBe('0.8500 ± 0.0213');
    expect(formatSpread(CATALOG, 'accuracy', 0.85, undefined)).toBe('0.8500');
    expect(formatSpread(CATALOG, 'accuracy', 0.85, null)).toBe('0.8500');
    expect(formatSpread(CATALOG, 'roc_auc', null, null)).toBe('—');
    expect(formatSpread(CATALOG, 'accuracy', 0.85, 0.0213, 'de')).toBe('0,8500 ± 0,0213');
  });
});

describe('metric order and primary metrics', () => {
  it('offers the rankable metrics of the problem type only', () => {
    expect(rankableMetrics(CATALOG, 'classification')).toEqual(['accuracy', 'balanced_accuracy', 'f1_macro', 'roc_auc', 'log_loss', 'mcc']);
    expect(rankableMetrics(CATALOG, 'regression')).toEqual(['r2', 'rmse', 'mae', 'mape']);
    expect(rankableMetrics(CATALOG, 'clustering')).toEqual(['silhouette_score', 'calinski_harabasz', 'davies_bouldin']);
  });

  it('keeps a chosen metric only while the problem type may rank by it', () => {
    expect(chosenPrimaryMetric(CATALOG, 'regression', 'rmse')).toBe('rmse');
    expect(chosenPrimaryMetric(CATALOG, 'classification', 'rmse')).toBe('accuracy');
    expect(chosenPrimaryMetric(CATALOG, 'regression', 'mse')).toBe('r2');
    expect(chosenPrimaryMetric(CATALOG, 'clustering', null)).toBe('silhouette_score');
  });

  it('lists metrics in SPEC order, unknown ones last', () => {
    expect(orderedMetrics(CATALOG, { zeta: 1, f1: 0.5, accuracy: 0.9, log_loss: 0.3 }).map(([name]) => name)).toEqual([
      'accuracy',
      'f1',
      'log_loss',
      'zeta',
    ]);
  });

  it("takes the evaluation's primary metric, else its problem type's in the catalogue", () => {
    expect(primaryMetric(CATALOG, { primary_metric: 'f1', problem_type: 'classification' })).toBe('f1');
    expect(primaryMetric(CATALOG, { primary_metric: '', problem_type: 'regression' })).toBe('r2');
  });
});

describe('the served catalogue decides', () => {
  const changed = (name: string, change: Partial<MetricCatalog['metrics'][number]>): MetricCatalog => ({
    ...CATALOG,
    metrics: CATALOG.metrics.map((entry) => (entry.name === name ? { ...entry, ...change } : entry)),
  });

  it("a metric's colour follows its bounds in the catalogue", () => {
    expect(metricTone(CATALOG, 'accuracy', 0.85)).toBe('good');
    expect(metricTone(changed('accuracy', { tone_bounds: [0.9, 0.7] }), 'accuracy', 0.85)).toBe('fair');
    expect(metricTone(changed('rmse', { tone_bounds: null }), 'rmse', 0.05)).toBe('neutral');
  });

  it("the order is the catalogue's, and a metric it does not list is neutral and shown to 4 decimals", () => {
    const reversed = { ...CATALOG, metrics: [...CATALOG.metrics].reverse() };
    expect(orderedMetrics(reversed, { f1: 0.5, accuracy: 0.9 }).map(([name]) => name)).toEqual(['f1', 'accuracy']);
    expect(metricTone(CATALOG, 'unknown_score', 0.99)).toBe('neutral');
    expect(formatMetric(CATALOG, 'unknown_count', 3)).toBe('3.0000');
  });

  it('a count is whole only where the catalogue says so', () => {
    expect(formatMetric(changed('n_clusters', { whole_number: false }), 'n_clusters', 3)).toBe('3.0000');
  });
});
