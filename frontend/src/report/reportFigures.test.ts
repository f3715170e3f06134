import { describe, expect, it } from 'vitest';
import type { Evaluation } from '../api/training';
import { i18n } from '../i18n/i18n';
import { TEST_METRIC_CATALOG } from '../test/metricCatalog';
import { NO_CHARTS, TRAINING_SUMMARY } from '../test/training';
import { comparisonChart } from './reportFigures';

function evaluation(crossValidated: boolean): Evaluation {
  const spread = (value: number) => (crossValidated ? { metrics_std: { accuracy: value } } : {});
  return {
    ...TRAINING_SUMMARY,
    validation_method: crossValidated ? 'cross_validation' : 'train_test',
    cv_folds: crossValidated ? 5 : null,
    results: [
      { model: 'A', metrics: { accuracy: 0.7 }, ...spread(0.04), error: null, train_seconds: 0, sampling: [], charts: NO_CHARTS },
      {
        model: 'RandomForestClassifier',
        metrics: { accuracy: 0.9 },
        ...spread(0.02),
        error: null,
        train_seconds: 0,
        sampling: [],
        charts: NO_CHARTS,
      },
    ],
  } as unknown as Evaluation;
}

function svgOf(markup: string | undefined): Element {
  return new DOMParser().parseFromString(markup ?? '', 'image/svg+xml').documentElement;
}

describe('comparisonChart', () => {
  it('draws cross-validated scores with their spread over the folds, and says so', () => {
    const chart = comparisonChart(evaluation(true), TEST_METRIC_CATALOG, i18n.getFixedT('en'), 'en');
    const svg = svgOf(chart?.svg);
    expect(svg.querySelectorAll('.error-bar')).toHaveLength(2);
    expect(chart?.note).toBe('Error bars show ± one standard deviation of the score over the 5 cross-validation folds.');
    expect(svg.querySelector('desc')?.textContent).toBe(
      'A: 0.7000 ± 0.0400; RandomForestClassifier: 0.9000 ± 0.0200. Error bars show ± one standard deviation of the score over the 5 cross-validation folds.',
    );
  });

  it('draws holdout scores without error bars or a note about them', () => {
    const chart = comparisonChart(evaluation(false), TEST_METRIC_CATALOG, i18n.getFixedT('en'), 'en');
    expect(svgOf(chart?.svg).querySelectorAll('.error-bar')).toHaveLength(0);
    expect(chart?.note).toBeNull();
    expect(svgOf(chart?.svg).querySelector('desc')?.textContent).toBe('A: 0.7000; RandomForestClassifier: 0.9000');
  });
});
