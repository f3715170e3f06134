import { describe, expect, it } from 'vitest';
import { formatMetric, metricTone, orderedMetrics, PRIMARY_METRIC } from './metrics';

describe('metricTone', () => {
  it.each(['accuracy', 'balanced_accuracy', 'precision', 'recall', 'f1', 'roc_auc', 'pr_auc', 'mcc', 'r2', 'explained_variance', 'silhouette_score'])(
    '%s: green from 0.8, yellow from 0.6, red below',
    (metric) => {
      expect(metricTone(metric, 1)).toBe('good');
      expect(metricTone(metric, 0.8)).toBe('good');
      expect(metricTone(metric, 0.7999)).toBe('fair');
      expect(metricTone(metric, 0.6)).toBe('fair');
      expect(metricTone(metric, 0.5999)).toBe('poor');
      expect(metricTone(metric, -0.2)).toBe('poor');
    },
  );

  it.each(['log_loss', 'rmse', 'mae', 'mse', 'inertia', 'mape'])('%s: green below 0.1, yellow below 0.3, else red', (metric) => {
    expect(metricTone(metric, 0)).toBe('good');
    expect(metricTone(metric, 0.0999)).toBe('good');
    expect(metricTone(metric, 0.1)).toBe('fair');
    expect(metricTone(metric, 0.2999)).toBe('fair');
    expect(metricTone(metric, 0.3)).toBe('poor');
    expect(metricTone(metric, 12)).toBe('poor');
  });

  it('davies_bouldin: green below 0.8, yellow below 1.5', () => {
    expect(metricTone('davies_bouldin', 0.7999)).toBe('good');
    expect(metricTone('davies_bouldin', 0.8)).toBe('fair');
    expect(metricTone('davies_bouldin', 1.4999)).toBe('fair');
    expect(metricTone('davies_bouldin', 1.5)).toBe('poor');
  });

  it('noise_ratio: green below 0.05, yellow below 0.15', () => {
    expect(metricTone('noise_ratio', 0.0499)).toBe('good');
    expect(metricTone('noise_ratio', 0.05)).toBe('fair');
    expect(metricTone('noise_ratio', 0.1499)).toBe('fair');
    expect(metricTone('noise_ratio', 0.15)).toBe('poor');
  });

  it('cluster counts and sizes, unbounded scores and missing values are neutral', () => {
    for (const metric of ['n_clusters', 'min_cluster_size', 'max_cluster_size', 'avg_cluster_size', 'calinski_harabasz']) {
      expect(metricTone(metric, 0.01)).toBe('neutral');
      expect(metricTone(metric, 500)).toBe('neutral');
    }
    expect(metricTone('accuracy', null)).toBe('neutral');
    expect(metricTone('rmse', Number.NaN)).toBe('neutral');
  });
});

describe('formatMetric', () => {
  it('shows 4 decimals, whole cluster counts and a dash for no value', () => {
    expect(formatMetric('accuracy', 0.875)).toBe('0.8750');
    expect(formatMetric('rmse', 12.345678)).toBe('12.3457');
    expect(formatMetric('n_clusters', 3)).toBe('3');
    expect(formatMetric('avg_cluster_size', 33.5)).toBe('33.5000');
    expect(formatMetric('roc_auc', null)).toBe('—');
  });
});

describe('metric order and primary metrics', () => {
  it('lists metrics in SPEC order, unknown ones last', () => {
    expect(orderedMetrics({ zeta: 1, f1: 0.5, accuracy: 0.9, log_loss: 0.3 }).map(([name]) => name)).toEqual([
      'accuracy',
      'f1',
      'log_loss',
      'zeta',
    ]);
  });

  it('ranks by accuracy, r2 and silhouette_score', () => {
    expect(PRIMARY_METRIC).toEqual({ classification: 'accuracy', regression: 'r2', clustering: 'silhouette_score' });
  });
});
