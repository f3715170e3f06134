import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, json, type Handler } from '../../test/api';
import { modelResult, NO_CHARTS, TRAINING_SUMMARY } from '../../test/training';
import { openEvaluation } from '../../test/evaluation';

vi.mock('../../components/charts/Plot', () => ({ default: () => null }));

const EXPLANATION = {
  method: 'linear',
  output: 'probability',
  explained_class: true,
  rows: 40,
  of_rows: 40,
  columns: [{ column: 'income', mean_abs_contribution: 0.25 }],
  beeswarm: [{ column: 'income', kind: 'number', contributions: [0.3], values: [52000] }],
};
const IMPORTANCES = { method: 'permutation', features: [{ feature: 'income', importance: 0.12 }] };
const unexplained = (model: string) => modelResult(model, { explained: false });
const EVALUATION = {
  ...TRAINING_SUMMARY,
  best_model: 'LogisticRegression',
  message: 'Model evaluation completed',
  results: [unexplained('LogisticRegression'), unexplained('SVC')],
};
const EXPLAINED = {
  ...EVALUATION,
  results: [
    {
      ...unexplained('LogisticRegression'),
      explained: true,
      explanation: EXPLANATION,
      charts: { ...NO_CHARTS, feature_importances: IMPORTANCES },
    },
    unexplained('SVC'),
  ],
};
const IDLE = { task: null, done: 0, total: 0, message: '', job_id: null, queue_position: null, finished: null };
const TRAINED = { problem_type: 'classification', trained_models: ['LogisticRegression', 'SVC'] };

function open(routes: Record<string, Handler>) {
  return openEvaluation(
    { columns: ['income'], data: [[1]] },
    { 8: TRAINED },
    {
      'POST /api/evaluate-models/': () => json(EVALUATION),
      'GET /api/progress/': () => json(IDLE),
      ...routes,
    },
  ).api;
}

// the first render of the step loads its modules: a busy machine may take seconds
const explanations = async () =>
  (await screen.findByRole('button', { name: 'Explanations' }, { timeout: 10_000 })).closest('section') as HTMLElement;

describe('Explanations on request', () => {
  it("asks for the shown model's explanation once, shows its progress, then its charts and importances", async () => {
    const answer = deferred<Response>();
    const api = open({ 'POST /api/explanations/': () => answer.promise });
    const section = await explanations();
    expect(await within(section).findByRole('progressbar', { name: 'Explaining LogisticRegression' })).toBeVisible();
    expect(screen.getByText('The importances of LogisticRegression are computed with its explanation.')).toBeVisible();

    answer.resolve(json({ model: 'LogisticRegression', explanation: EXPLANATION, feature_importances: IMPORTANCES, computed: true }));
    expect(await within(section).findByRole('img', { name: 'Mean absolute contribution by column of LogisticRegression' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Feature importance of LogisticRegression' })).toBeVisible();
    expect(within(section).queryByRole('progressbar')).toBeNull();
    const asked = api.calls.filter((call) => call.route === 'POST /api/explanations/');
    expect(asked.map((call) => call.body)).toEqual([{ model: 'LogisticRegression' }]);
  });

  it('asks for another model when it is chosen, and offers to ask again after a cancel', async () => {
    const answers: Record<string, () => Response> = {
      LogisticRegression: () =>
        json({ model: 'LogisticRegression', explanation: EXPLANATION, feature_importances: IMPORTANCES, computed: true }),
      SVC: () => json({ error: 'The explanation was cancelled.', code: 'task_cancelled', params: { task: 'explanation' } }, 409),
    };
    const api = open({ 'POST /api/explanations/': (body) => (answers[(body as { model: string }).model] ?? (() => json({}, 500)))() });
    const section = await explanations();
    await within(section).findByRole('img', { name: 'Mean absolute contribution by column of LogisticRegression' });

    fireEvent.change(within(section).getByRole('combobox', { name: 'Model' }), { target: { value: 'SVC' } });
    const again = await within(section).findByRole('button', { name: 'Explain SVC' });
    expect(within(section).getByText('SVC has not been explained yet.')).toBeVisible();
    answers.SVC = () =>
      json({ model: 'SVC', explanation: { ...EXPLANATION, method: 'kernel' }, feature_importances: IMPORTANCES, computed: true });
    fireEvent.click(again);
    expect(await within(section).findByRole('img', { name: 'Mean absolute contribution by column of SVC' })).toBeVisible();
    const asked = api.calls.filter((call) => call.route === 'POST /api/explanations/');
    expect(asked.map((call) => call.body)).toEqual([{ model: 'LogisticRegression' }, { model: 'SVC' }, { model: 'SVC' }]);
  });

  it('follows an explanation that runs when the screen opens, then reads the evaluation again', async () => {
    let progress: Record<string, unknown> = {
      ...IDLE,
      task: 'explanation',
      done: 0,
      total: 2,
      message: 'Explaining LogisticRegression',
      job_id: 'e1',
    };
    let evaluation: unknown = EVALUATION;
    const api = open({
      'GET /api/progress/': () => json(progress),
      'POST /api/evaluate-models/': () => json(evaluation),
    });
    const section = await explanations();
    expect(await within(section).findByRole('progressbar', { name: 'Explaining LogisticRegression' })).toBeVisible();

    evaluation = EXPLAINED;
    progress = { ...IDLE, finished: { job_id: 'e1', task: 'explanation', outcome: 'completed', code: null, params: {} } };
    expect(
      await within(section).findByRole('img', { name: 'Mean absolute contribution by column of LogisticRegression' }, { timeout: 5_000 }),
    ).toBeVisible();
    await waitFor(() => expect(within(section).queryByRole('progressbar')).toBeNull());
    expect(api.routes()).not.toContain('POST /api/explanations/');
  });
});
