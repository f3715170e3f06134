import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { completeStep, withStepResult } from '../../session/session';
import { deferred, json, stubApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { cardValue, sessionAt } from '../../test/steps';
import { OPTIMIZATION_RECORD_ID } from '../stepKeys';
import { OptimizationStep } from './OptimizationStep';
import type { OptimizationRecord } from './optimizationRules';
import { modelResult, TRAINING_SUMMARY } from '../../test/training';
import { optimizationHistory, optimizationRun, optimizeAnswer } from '../../test/optimizationRuns';

const TABLE = { columns: ['age', 'member'], data: [[30, true]] };
const TRAINED = { problem_type: 'classification', trained_models: ['LogisticRegression', 'RandomForestClassifier'] };
const result = (model: string, error: string | null = null) => modelResult(model, error === null ? {} : { metrics: {}, error });
const EVALUATION = {
  ...TRAINING_SUMMARY,
  message: 'Model evaluation completed',
  results: [result('LogisticRegression'), result('RandomForestClassifier'), result('MultinomialNB', 'Negative values')],
};
const CATALOG = {
  models: [
    {
      name: 'LogisticRegression',
      problem_type: 'classification',
      row_limit: null,
      search_space: { grid: { C: [0.01, 0.1, 1] }, distributions: { C: { distribution: 'loguniform', low: 0.001, high: 1000 } } },
    },
    {
      name: 'RandomForestClassifier',
      problem_type: 'classification',
      row_limit: null,
      search_space: {
        grid: {},
        distributions: { n_estimators: { distribution: 'randint', low: 50, high: 300 }, max_depth: { choices: [null, 5] } },
      },
    },
  ],
};
const RUN = optimizationRun();
const OPTIMIZED = optimizeAnswer(RUN);
const NONE = optimizationHistory([]);

type Routes = Parameters<typeof stubApi>[0];

function start(routes: Routes = {}, stepResults: Record<number, unknown> = { 8: TRAINED }) {
  const api = stubApi({
    'POST /api/evaluate-models/': () => json(EVALUATION),
    'GET /api/model-catalog/': () => json(CATALOG),
    'GET /api/progress/': () => json({ task: 'optimization', done: 3, total: 4, message: 'Optimizing LogisticRegression' }),
    'POST /api/optimize-model/': () => json(OPTIMIZED),
    'GET /api/optimization-result/': () => json(NONE),
    ...routes,
  });
  const onOptimized = vi.fn<(record: OptimizationRecord) => void>();
  function Harness() {
    const [session, setSession] = useState(() => {
      const reached = sessionAt(10, TABLE, stepResults).session;
      // the optimization record lies past the bar's steps
      const record = stepResults[OPTIMIZATION_RECORD_ID];
      return record === undefined ? reached : withStepResult(reached, OPTIMIZATION_RECORD_ID, record);
    });
    return (
      <OptimizationStep
        session={session}
        onOptimized={(record) => {
          onOptimized(record);
          setSession((current) => completeStep(current, OPTIMIZATION_RECORD_ID, record));
        }}
      />
    );
  }
  const view = renderWithProviders(<Harness />);
  return { api, onOptimized, ...view };
}

const settings = () => screen.getByRole('button', { name: 'Optimization settings' }).closest('section') as HTMLElement;
const modelField = () => within(settings()).getByRole('combobox', { name: 'Model' });
const methodField = () => screen.getByRole('combobox', { name: 'Method' });
const foldsField = () => screen.getByRole('spinbutton', { name: 'CV folds' });
const optimizeButton = () => screen.getByRole('button', { name: 'Optimize model' });

describe('OptimizationStep', () => {
  it('offers the models that trained, grid search with 5 folds, and asks for iterations only for random and Bayesian search', async () => {
    start();
    await screen.findByRole('button', { name: 'Optimization settings' });
    expect(
      within(modelField())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a model', 'LogisticRegression', 'RandomForestClassifier']);
    expect(
      within(methodField())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Grid search', 'Random search', 'Bayesian (Optuna)']);
    expect([methodField(), foldsField()].map((field) => (field as HTMLInputElement).value)).toEqual(['grid_search', '5']);
    expect(screen.queryByRole('spinbutton', { name: 'Iterations' })).toBeNull();
    for (const method of ['random_search', 'bayesian']) {
      fireEvent.change(methodField(), { target: { value: method } });
      const iterations = screen.getByRole('spinbutton', { name: 'Iterations' });
      expect([iterations.getAttribute('min'), iterations.getAttribute('max'), (iterations as HTMLInputElement).value]).toEqual([
        '1',
        '200',
        '20',
      ]);
    }
    fireEvent.change(methodField(), { target: { value: 'grid_search' } });
    expect(screen.queryByRole('spinbutton', { name: 'Iterations' })).toBeNull();
  });

  it('raises folds below 2 to 2 and lowers folds above 10 to 10', async () => {
    const { api } = start();
    await screen.findByRole('button', { name: 'Optimization settings' });
    fireEvent.change(modelField(), { target: { value: 'LogisticRegression' } });
    fireEvent.change(foldsField(), { target: { value: '1' } });
    fireEvent.blur(foldsField());
    expect(foldsField()).toHaveProperty('value', '2');
    fireEvent.change(foldsField(), { target: { value: '25' } });
    fireEvent.blur(foldsField());
    expect(foldsField()).toHaveProperty('value', '10');
    fireEvent.change(foldsField(), { target: { value: '0' } });
    fireEvent.click(optimizeButton());
    await waitFor(() => expect(api.routes()).toContain('POST /api/optimize-model/'));
    expect(api.calls.find((call) => call.route === 'POST /api/optimize-model/')?.body).toMatchObject({ cv_folds: 2 });
  });

  it("says 'Please select a model to optimize.' and calls nothing without a model", async () => {
    const { api } = start();
    fireEvent.click(await screen.findByRole('button', { name: 'Optimize model' }));
    expect(await screen.findByText('Please select a model to optimize.')).toBeVisible();
    expect(api.routes()).not.toContain('POST /api/optimize-model/');
  });

  it('shows what the search tries, editable within its bounds, and warns when the model has no search space for the method', async () => {
    const { api } = start();
    await screen.findByRole('button', { name: 'Optimization settings' });
    fireEvent.change(modelField(), { target: { value: 'LogisticRegression' } });
    const searched = await screen.findByText('Parameters searched');
    const space = searched.parentElement as HTMLElement;
    expect(
      within(space)
        .getAllByRole('checkbox')
        .map((box) => [box.parentElement?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['0.01', true],
      ['0.1', true],
      ['1', true],
    ]);
    fireEvent.change(methodField(), { target: { value: 'bayesian' } });
    const low = within(space).getByRole('spinbutton', { name: 'C from' });
    expect([low.getAttribute('min'), low.getAttribute('max'), (low as HTMLInputElement).value]).toEqual(['0.001', '1000', '0.001']);
    expect(within(space).getByText('log scale')).toBeTruthy();
    fireEvent.change(within(space).getByRole('spinbutton', { name: 'C to' }), { target: { value: '10' } });
    expect(screen.queryByText(/may have no search space/)).toBeNull();
    fireEvent.click(optimizeButton());
    await waitFor(() => expect(api.routes()).toContain('POST /api/optimize-model/'));
    expect(api.calls.find((call) => call.route === 'POST /api/optimize-model/')?.body).toMatchObject({
      optimization_method: 'bayesian',
      search_space: { C: { low: 0.001, high: 10 } },
    });

    fireEvent.change(modelField(), { target: { value: 'RandomForestClassifier' } });
    const forest = within(screen.getByRole('heading', { name: 'Parameters searched' }).parentElement as HTMLElement);
    expect(forest.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual(['None', '5']);
    fireEvent.change(methodField(), { target: { value: 'grid_search' } });
    expect(
      screen.getByText(
        'RandomForestClassifier may have no search space for Grid search: there would be nothing to search. Choose another method or model.',
      ),
    ).toBeVisible();
  });

  it('keeps the better run in use when a later search scores below it, and lets the person pick the other', async () => {
    const worse = optimizationRun({
      run_id: 2,
      best_score: 0.85,
      search_space: { grid: { C: [0.01] }, distributions: {} },
      optimization_method: 'grid_search',
    });
    let history = optimizationHistory([RUN], 1);
    const { api, onOptimized, container } = start(
      {
        'GET /api/optimization-result/': () => json(history),
        'POST /api/optimize-model/': () => {
          history = optimizationHistory([RUN, worse], 1);
          return json({ ...optimizeAnswer(worse, false), message: 'below' });
        },
        'POST /api/optimization-pick/': () => json(optimizationHistory([RUN, worse], 2)),
      },
      { 8: TRAINED, [OPTIMIZATION_RECORD_ID]: { models: { LogisticRegression: { pickedRun: 1 } }, lastModel: 'LogisticRegression' } },
    );
    await screen.findByRole('button', { name: 'Optimization settings' });
    await waitFor(() => expect(cardValue(container, 'Best score')).toBe('91.23%'));
    const box = within(screen.getByRole('heading', { name: 'Parameters searched' }).parentElement as HTMLElement).getByRole('checkbox', {
      name: '0.1',
    });
    fireEvent.click(box);
    fireEvent.click(optimizeButton());
    expect(
      await screen.findByText(
        'This search scored below the optimized LogisticRegression in use (run 1), which stays in use; pick the new run below to use it instead.',
      ),
    ).toBeVisible();
    expect(api.calls.find((call) => call.route === 'POST /api/optimize-model/')?.body).toMatchObject({
      search_space: { C: { choices: [0.01, 1] } },
    });
    expect(cardValue(container, 'Best score')).toBe('91.23%');
    expect(onOptimized).toHaveBeenLastCalledWith({ models: { LogisticRegression: { pickedRun: 1 } }, lastModel: 'LogisticRegression' });

    fireEvent.click(await screen.findByRole('button', { name: 'Use run 2' }));
    await waitFor(() => expect(cardValue(container, 'Best score')).toBe('85.00%'));
    expect(api.calls.find((call) => call.route === 'POST /api/optimization-pick/')?.body).toEqual({
      selected_model: 'LogisticRegression',
      run_id: 2,
    });
    expect(onOptimized).toHaveBeenLastCalledWith({ models: { LogisticRegression: { pickedRun: 2 } }, lastModel: 'LogisticRegression' });
  });

  it('optimizes with a progress bar, shows the scores and parameters, and records the result as step 12', async () => {
    const answer = deferred<Response>();
    let history = NONE;
    const { api, onOptimized, container } = start({
      'POST /api/optimize-model/': () => answer.promise,
      'GET /api/optimization-result/': () => json(history),
    });
    await screen.findByRole('button', { name: 'Optimization settings' });
    fireEvent.change(modelField(), { target: { value: 'LogisticRegression' } });
    fireEvent.change(methodField(), { target: { value: 'random_search' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Iterations' }), { target: { value: '4' } });
    fireEvent.change(foldsField(), { target: { value: '2' } });
    fireEvent.click(optimizeButton());
    expect(await screen.findByRole('progressbar', { name: 'Optimization in progress' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75'));
    history = optimizationHistory([RUN]);
    answer.resolve(json(OPTIMIZED));

    expect(await screen.findByText('Optimization of LogisticRegression completed.')).toBeVisible();
    expect(api.calls.find((call) => call.route === 'POST /api/optimize-model/')?.body).toEqual({
      selected_model: 'LogisticRegression',
      optimization_method: 'random_search',
      cv_folds: 2,
      n_iterations: 4,
    });
    expect(cardValue(container, 'Best score')).toBe('91.23%');
    expect(cardValue(container, 'Baseline score')).toBe('80.00%');
    expect(cardValue(container, 'Improvement')).toBe('+14.04%');
    expect(within(screen.getByLabelText('Best parameters')).getByText('C').nextElementSibling?.textContent).toBe('0.01235');
    // the saved session keeps which run is used, never the scores: those stay on the server
    expect(onOptimized).toHaveBeenCalledWith({ models: { LogisticRegression: { pickedRun: 1 } }, lastModel: 'LogisticRegression' });
    // export and prediction now start at the optimized pipeline
    const predict = screen.getByRole('button', { name: 'Predict on new data' }).closest('section') as HTMLElement;
    expect(within(predict).getByRole('combobox', { name: 'Model' })).toHaveProperty('value', 'LogisticRegression:optimized');
    fireEvent.click(screen.getByRole('button', { name: 'Export model' }));
    const dialog = screen.getByRole('dialog', { name: 'Export model' });
    expect(within(dialog).getByRole('combobox', { name: 'Model' })).toHaveProperty('value', 'LogisticRegression:optimized');
  });

  it('cancels a running optimization and keeps the earlier result on screen', async () => {
    const earlier: OptimizationRecord = { models: { LogisticRegression: { pickedRun: 1 } }, lastModel: 'LogisticRegression' };
    const answer = deferred<Response>();
    const { api, onOptimized, container } = start(
      {
        'POST /api/optimize-model/': () => answer.promise,
        'POST /api/cancel-task/': () => json({ cancelled: ['optimization'], message: 'Cancelling the optimization.' }),
        'GET /api/optimization-result/': () => json(optimizationHistory([optimizationRun({ best_score: 0.85 })])),
      },
      { 8: TRAINED, [OPTIMIZATION_RECORD_ID]: earlier },
    );
    await screen.findByRole('button', { name: 'Optimization settings' });
    await waitFor(() => expect(cardValue(container, 'Best score')).toBe('85.00%'));
    fireEvent.click(optimizeButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.routes()).toContain('POST /api/cancel-task/'));
    answer.resolve(json({ error: 'The optimization was cancelled.', code: 'task_cancelled', params: { task: 'optimization' } }, 409));

    expect(await screen.findByText('Optimization was cancelled. The previous results are kept.')).toBeVisible();
    expect(screen.queryByText('An error occurred during optimization.')).toBeNull();
    expect(onOptimized).not.toHaveBeenCalled();
    expect(cardValue(container, 'Best score')).toBe('85.00%');
  });

  it('follows an optimization that runs when the screen opens, then shows its stored result', async () => {
    let progress: Record<string, unknown> = {
      task: 'optimization',
      done: 1,
      total: 4,
      message: 'Optimizing LogisticRegression',
      job_id: 'o1',
      queue_position: 3,
    };
    const { api, onOptimized, container } = start({
      'GET /api/progress/': () => json(progress),
      'GET /api/optimization-result/': () => json(progress.task === null ? optimizationHistory([RUN]) : NONE),
    });
    expect(await screen.findByRole('progressbar', { name: 'Optimization in progress' })).toBeVisible();
    expect(await screen.findByText('Waiting for a worker: 2 jobs ahead')).toBeVisible();
    expect(modelField()).toHaveProperty('value', '');

    progress = {
      task: null,
      done: 0,
      total: 0,
      message: '',
      finished: { job_id: 'o1', task: 'optimization', outcome: 'completed', code: null, params: {} },
    };
    expect(await screen.findByText('Optimization of LogisticRegression completed.')).toBeVisible();
    expect(onOptimized).toHaveBeenCalledWith(expect.objectContaining({ lastModel: 'LogisticRegression' }));
    expect(modelField()).toHaveProperty('value', 'LogisticRegression');
    expect(cardValue(container, 'Best score')).toBe('91.23%');
    expect(screen.queryByRole('progressbar', { name: 'Optimization in progress' })).toBeNull();
    expect(api.routes()).not.toContain('POST /api/optimize-model/');
  });

  it("reports 'An error occurred during optimization.' with the server's translated reason", async () => {
    const { onOptimized } = start({
      'POST /api/optimize-model/': () =>
        json(
          {
            error: 'No parameter set of LogisticRegression could be scored: boom',
            code: 'optimization_failed',
            params: { model: 'LogisticRegression', detail: 'boom' },
          },
          400,
        ),
    });
    await screen.findByRole('button', { name: 'Optimization settings' });
    fireEvent.change(modelField(), { target: { value: 'LogisticRegression' } });
    fireEvent.click(optimizeButton());
    expect(await screen.findByText('An error occurred during optimization.')).toBeVisible();
    expect(screen.getByText('No parameter set of LogisticRegression could be scored: boom')).toBeVisible();
    expect(onOptimized).not.toHaveBeenCalled();
  });

  it("says 'No evaluation results found in session.' without training, and calls nothing", () => {
    const { api } = start({}, {});
    expect(screen.getByText('No evaluation results found in session.')).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it("says 'Failed to load evaluation results from session.' when the evaluation cannot be loaded", async () => {
    start({ 'POST /api/evaluate-models/': () => json({ error: 'No training results found.', code: 'no_training_results' }, 400) });
    expect((await screen.findAllByText('Failed to load evaluation results from session.')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('OptimizationStep settings memory', () => {
  it('keeps the method, folds and iterations for the next visit, and finds them there', async () => {
    stubApi({
      'POST /api/evaluate-models/': () => json(EVALUATION),
      'GET /api/model-catalog/': () => json(CATALOG),
      'GET /api/progress/': () => json({}),
    });
    const { session } = sessionAt(10, TABLE, { 8: TRAINED });
    const onSettingsChange = vi.fn();
    const first = renderWithProviders(<OptimizationStep session={session} onOptimized={vi.fn()} onSettingsChange={onSettingsChange} />);
    await screen.findByRole('button', { name: 'Optimization settings' });
    fireEvent.change(modelField(), { target: { value: 'RandomForestClassifier' } });
    fireEvent.change(methodField(), { target: { value: 'random_search' } });
    fireEvent.change(foldsField(), { target: { value: '3' } });
    fireEvent.blur(foldsField());
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Iterations' }), { target: { value: '40' } });
    const kept: unknown = onSettingsChange.mock.lastCall?.[0];
    expect(kept).toEqual({ model: 'RandomForestClassifier', method: 'random_search', cvFolds: 3, nIterations: 40 });
    first.unmount();

    renderWithProviders(
      <OptimizationStep session={{ ...session, optimizationSettings: kept as Record<string, unknown> }} onOptimized={vi.fn()} />,
    );
    await screen.findByRole('button', { name: 'Optimization settings' });
    expect(
      [modelField(), methodField(), foldsField(), screen.getByRole('spinbutton', { name: 'Iterations' })].map(
        (field) => (field as HTMLInputElement).value,
      ),
    ).toEqual(['RandomForestClassifier', 'random_search', '3', '40']);
  });
});
