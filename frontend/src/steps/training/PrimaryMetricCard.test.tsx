import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/api';
import { frame, renderStep, sessionAt } from '../../test/steps';
import { TrainingStep } from './TrainingStep';
import { TEST_CATALOG } from '../../test/catalog';
import { TEST_METRIC_CATALOG } from '../../test/metricCatalog';
import { TRAINING_SUMMARY } from '../../test/training';

const COLUMNS = ['age', 'income', 'member'];
const DATA = [
  [30, 1.5, true],
  [41, 2.5, false],
];

async function start(detected: 'classification' | 'regression' = 'classification') {
  const api = stubApi({
    'GET /api/model-catalog/': () => json({ models: TEST_CATALOG }),
    'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG),
    'GET /api/get-session-data/': () =>
      json({ ...frame(COLUMNS, DATA, { age: 'int64', income: 'float64', member: 'bool' }), shape: [120, 3], target_column: 'member' }),
    'GET /api/progress/': () => json({ task: null, done: 0, total: 0, message: '' }),
    'POST /api/train-models/': () =>
      json({
        ...TRAINING_SUMMARY,
        message: 'Training completed successfully',
        trained_models: ['LogisticRegression'],
        failed_models: [],
        sampling: {},
      }),
    'GET /api/detect-problem-type/': () => json({ target_column: 'member', problem_type: detected, distinct_values: 2 }),
  });
  renderStep(TrainingStep, sessionAt(8, { columns: COLUMNS, data: DATA }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Target column' })).toHaveProperty('value', 'member'));
  await screen.findByRole('combobox', { name: 'Rank models by' }, { timeout: 4000 });
  return api;
}

const picker = () => screen.getByRole('combobox', { name: 'Rank models by' });

const trainBody = (api: Awaited<ReturnType<typeof start>>) =>
  api.calls.find((call) => call.route === 'POST /api/train-models/')?.body as Record<string, unknown> | undefined;

describe('The primary metric on Training', () => {
  it("offers the problem type's rankable metrics, SPEC's default first chosen, and sends nothing of it unless changed", async () => {
    const api = await start();
    expect(picker()).toHaveProperty('value', 'accuracy');
    expect([...picker().querySelectorAll('option')].map((option) => option.getAttribute('value'))).toEqual([
      'accuracy',
      'balanced_accuracy',
      'f1_macro',
      'roc_auc',
      'log_loss',
      'mcc',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Train models' }));
    await waitFor(() => expect(trainBody(api)).toBeDefined(), { timeout: 4000 });
    expect(trainBody(api)).not.toHaveProperty('primary_metric');
  });

  it('sends the chosen metric with the train request', async () => {
    const api = await start();
    fireEvent.change(picker(), { target: { value: 'balanced_accuracy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Train models' }));
    await waitFor(() => expect(trainBody(api)).toBeDefined(), { timeout: 4000 });
    expect(trainBody(api)?.primary_metric).toBe('balanced_accuracy');
  });

  it("forgets a choice the new problem type cannot rank by, and offers that type's metrics", async () => {
    await start();
    fireEvent.change(picker(), { target: { value: 'log_loss' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Problem type' }), { target: { value: 'clustering' } });
    expect(picker()).toHaveProperty('value', 'silhouette_score');
    expect([...picker().querySelectorAll('option')].map((option) => option.getAttribute('value'))).toEqual([
      'silhouette_score',
      'calinski_harabasz',
      'davies_bouldin',
    ]);
  });
});
