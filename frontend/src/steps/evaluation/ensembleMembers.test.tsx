import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_CHARTS } from '../../test/training';
import { TEST_METRIC_CATALOG } from '../../test/metricCatalog';
import { ensembleMembers } from './ensembleMembers';
import { ModelMetrics } from './ModelMetrics';

const SEARCH = {
  primary_metric: 'accuracy',
  time_budget: 60,
  elapsed_seconds: 55,
  running: false,
  stopped: false,
  rows: [
    { model: 'Ensemble', base_model: null, stage: 'ensemble' as const, settings: {}, score: 0.9, score_std: 0.01, folds: 5 },
    { model: 'SVC', base_model: 'SVC', stage: 'default' as const, settings: {}, score: 0.8, score_std: 0.02, folds: 5 },
  ].map((row) => ({ ...row, status: 'finished' as const, fit_seconds: 1, predict_ms_per_1000: 2, error: null })),
  ensemble: [
    { model: 'SVC', weight: 0.75 },
    { model: 'GaussianNB', weight: 0.25 },
  ],
};

describe('ensembleMembers', () => {
  it("gives the ensemble's members and no other model's", () => {
    expect(ensembleMembers({ search: SEARCH }, 'Ensemble')).toEqual(SEARCH.ensemble);
    expect(ensembleMembers({ search: SEARCH }, 'SVC')).toBeUndefined();
    expect(ensembleMembers({}, 'Ensemble')).toBeUndefined();
  });

  it('are listed with their weights under the ensemble', () => {
    const result = { model: 'Ensemble', metrics: { accuracy: 0.9 }, error: null, train_seconds: 1, sampling: [], charts: NO_CHARTS };
    render(
      <ModelMetrics
        result={result}
        best
        catalog={TEST_METRIC_CATALOG}
        metricName={(metric) => metric}
        members={ensembleMembers({ search: SEARCH }, 'Ensemble')}
      />,
    );
    expect(screen.getByText('Weighted average of SVC 75%, GaussianNB 25%.')).toBeTruthy();
  });
});
