import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, stubApi } from '../../test/api';
import { frame, renderStep, sessionAt } from '../../test/steps';
import { TrainingStep } from './TrainingStep';
import { catalogModel, TEST_CATALOG } from '../../test/catalog';
import { TRAINING_SUMMARY } from '../../test/training';

const COLUMNS = ['age', 'income', 'member'];
const DATA = [
  [30, 1.5, true],
  [41, 2.5, false],
];
const DTYPES = { age: 'int64', income: 'float64', member: 'bool' };
const RESULT = {
  ...TRAINING_SUMMARY,
  message: 'Training completed successfully',
  trained_models: ['LogisticRegression', 'RandomForestClassifier'],
  failed_models: [],
  sampling: {},
};

/**
 * Renders the screen and waits for the model catalogue it offers, and for `sessionTarget` (the session
 * target the server's session data names) to be the target shown.
 */
async function start(
  routes: Parameters<typeof stubApi>[0] = {},
  sessionTarget: string | null = null,
  trainingSettings: Record<string, unknown> | null = null,
) {
  const api = stubApi({
    'GET /api/model-catalog/': () => json({ models: TEST_CATALOG }),
    'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, DATA, DTYPES), shape: [120, 3], target_column: sessionTarget }),
    'GET /api/progress/': () => json({ task: 'training', done: 1, total: 4, message: 'LogisticRegression' }),
    'POST /api/train-models/': () => json(RESULT),
    'GET /api/leaderboard/': () => json({ leaderboard: null }),
    'GET /api/detect-problem-type/': (_, request) =>
      json({ target_column: new URL(request.url).searchParams.get('target_column'), problem_type: 'classification', distinct_values: 2 }),
    ...routes,
  });
  const reached = sessionAt(8, { columns: COLUMNS, data: DATA });
  const rendered = renderStep(TrainingStep, { ...reached, session: { ...reached.session, trainingSettings } });
  // the form shows once the catalogue is read
  await screen.findByRole('button', { name: /^(Train models|Find the best model)$/ });
  if (sessionTarget !== null)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Target column' })).toHaveProperty('value', sessionTarget));
  return { api, ...rendered };
}

const trainButton = () => screen.getByRole('button', { name: 'Train models' });
const checked = () =>
  within(screen.getByRole('group', { name: 'Model selection' }))
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('.field')?.textContent);
const problemType = () => screen.getByRole('combobox', { name: 'Problem type' });

describe('TrainingStep', () => {
  it('comes back with the model choice and validation settings of the last visit', async () => {
    await start({}, null, { problemType: 'classification', models: ['SVC'], validationMethod: 'cross_validation', cvFolds: 7 });
    expect(checked()).toEqual(['SVC']);
    expect(screen.getByRole('combobox', { name: 'Validation method' })).toHaveProperty('value', 'cross_validation');
    expect(screen.getByRole('spinbutton', { name: 'CV folds' })).toHaveProperty('value', '7');
  });

  it('starts with classification and two models, and needs a target to train', async () => {
    await start();
    expect(problemType()).toHaveProperty('value', 'classification');
    expect(checked()).toEqual(['LogisticRegression', 'RandomForestClassifier']);
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('.field')?.textContent)).toEqual([
      'LogisticRegression',
      'RandomForestClassifier',
      'SVC',
    ]);
    expect(screen.getByText('Please select a target column.')).toBeVisible();
    expect(trainButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Target column' }), { target: { value: 'member' } });
    expect(trainButton()).toHaveProperty('disabled', false);
    await waitFor(() => expect(screen.getByText('120 × 3')).toBeVisible());
  });

  it('clears the target and resets the models when switching to clustering', async () => {
    await start({}, 'member');
    expect(screen.getByRole('combobox', { name: 'Target column' })).toHaveProperty('value', 'member');
    fireEvent.change(problemType(), { target: { value: 'clustering' } });
    expect(screen.queryByRole('combobox', { name: 'Target column' })).toBeNull();
    expect(checked()).toEqual(['KMeans', 'DBSCAN']);
    expect(screen.queryByRole('combobox', { name: 'Validation method' })).toBeNull();
    expect(trainButton()).toHaveProperty('disabled', false);

    fireEvent.change(problemType(), { target: { value: 'regression' } });
    expect(screen.getByRole('combobox', { name: 'Target column' })).toHaveProperty('value', '');
    expect(checked()).toEqual(['LinearRegression', 'RandomForestRegressor']);
  });

  it("says 'Please select at least one model.' and disables training without one", async () => {
    await start({}, 'member');
    for (const name of ['LogisticRegression', 'RandomForestClassifier']) fireEvent.click(screen.getByRole('checkbox', { name }));
    expect(screen.getByText('Please select at least one model.')).toBeVisible();
    expect(trainButton()).toHaveProperty('disabled', true);
  });

  it('keeps the test size within 0.1–0.5 and the folds within 3–10', async () => {
    await start({}, 'member');
    const size = screen.getByRole('spinbutton', { name: 'Test size' });
    expect([size.getAttribute('min'), size.getAttribute('max'), size.getAttribute('step'), (size as HTMLInputElement).value]).toEqual([
      '0.1',
      '0.5',
      '0.05',
      '0.2',
    ]);
    fireEvent.change(size, { target: { value: '0.6' } });
    expect(trainButton()).toHaveProperty('disabled', true);
    fireEvent.change(size, { target: { value: '0.3' } });
    expect(trainButton()).toHaveProperty('disabled', false);

    fireEvent.change(screen.getByRole('combobox', { name: 'Validation method' }), { target: { value: 'cross_validation' } });
    const folds = screen.getByRole('spinbutton', { name: 'CV folds' });
    expect([folds.getAttribute('min'), folds.getAttribute('max'), (folds as HTMLInputElement).value]).toEqual(['3', '10', '5']);
    fireEvent.change(folds, { target: { value: '2' } });
    expect(trainButton()).toHaveProperty('disabled', true);
    fireEvent.change(folds, { target: { value: '10' } });
    expect(trainButton()).toHaveProperty('disabled', false);
  });

  it('trains with a progress bar, then stores the result and moves on', async () => {
    const answer = deferred<Response>();
    const { api, onContinue } = await start({ 'POST /api/train-models/': () => answer.promise }, 'member');
    fireEvent.click(trainButton());
    expect(await screen.findByRole('progressbar', { name: 'Training in progress' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByText('1 of 4')).toBeVisible();
    answer.resolve(json(RESULT));
    expect(await screen.findByText('Training completed successfully')).toBeVisible();
    expect(onContinue).toHaveBeenCalledWith(RESULT);
    expect(api.calls.find((call) => call.route === 'POST /api/train-models/')?.body).toEqual({
      model_names: ['LogisticRegression', 'RandomForestClassifier'],
      target_column: 'member',
      problem_type: 'classification',
      validation_method: 'train_test',
      test_size: 0.2,
      cv_folds: 5,
      mode: 'selected',
    });
  });

  it('cancels a running training: the cancel is sent, a note says so, no error shows and nothing is kept', async () => {
    const answer = deferred<Response>();
    const { api, onContinue } = await start(
      {
        'POST /api/train-models/': () => answer.promise,
        'POST /api/cancel-task/': () => json({ cancelled: ['training'], message: 'Cancelling the training.' }),
      },
      'member',
    );
    fireEvent.click(trainButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.routes()).toContain('POST /api/cancel-task/'));
    expect(screen.getByRole('button', { name: 'Cancelling…' }).getAttribute('aria-disabled')).toBe('true');
    answer.resolve(json({ error: 'The training was cancelled.', code: 'task_cancelled', params: { task: 'training' } }, 409));

    expect(await screen.findByText('Training was cancelled. The previous results are kept.')).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: 'Training in progress' })).toBeNull();
    expect(screen.queryByText('Failed to train models')).toBeNull();
    expect(screen.queryByText('The training was cancelled.')).toBeNull();
    expect(onContinue).not.toHaveBeenCalled();
    expect(api.routes().filter((route) => route === 'POST /api/cancel-task/')).toHaveLength(1);
    // a new training clears the note
    fireEvent.click(trainButton());
    await waitFor(() => expect(screen.queryByText('Training was cancelled. The previous results are kept.')).toBeNull());
  });

  it('follows a training that runs when the screen opens (a reload), then keeps its stored result', async () => {
    let progress: Record<string, unknown> = {
      task: 'training',
      done: 2,
      total: 4,
      message: 'RandomForestClassifier',
      job_id: 'j1',
      queue_position: null,
    };
    const { api, onContinue } = await start({
      'GET /api/progress/': () => json(progress),
      'GET /api/training-result/': () => json(RESULT),
    });
    const bar = await screen.findByRole('progressbar', { name: 'Training in progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(trainButton).toThrow();
    expect(screen.getByRole('button', { name: 'Training in progress' }).getAttribute('aria-disabled')).toBe('true');
    expect(api.routes()).not.toContain('GET /api/training-result/');

    progress = {
      task: null,
      done: 0,
      total: 0,
      message: '',
      job_id: null,
      queue_position: null,
      finished: { job_id: 'j1', task: 'training', outcome: 'completed', code: null, params: {} },
    };
    expect(await screen.findByText('Training completed successfully')).toBeVisible();
    expect(onContinue).toHaveBeenCalledWith(RESULT);
    expect(api.routes()).not.toContain('POST /api/train-models/');
  });

  it('shows the translated refusal of a followed training that ended without a result', async () => {
    let progress: Record<string, unknown> = { task: 'training', done: 1, total: 4, message: '', job_id: 'j2' };
    const { onContinue } = await start({ 'GET /api/progress/': () => json(progress) });
    await screen.findByRole('progressbar', { name: 'Training in progress' });
    progress = {
      task: null,
      done: 0,
      total: 0,
      message: '',
      finished: { job_id: 'j2', task: 'training', outcome: 'failed', code: 'data_changed_during_training', params: {} },
    };
    expect(await screen.findByText('The data changed while the models were training; train them again.')).toBeVisible();
    expect(onContinue).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Training in progress' })).toBeNull());
    expect(trainButton()).toBeVisible();
  });

  it("reports 'Failed to train models' with the server's reason", async () => {
    const { onContinue } = await start(
      {
        'POST /api/train-models/': () =>
          json({ error: 'No model could be trained: boom', code: 'training_failed', params: { detail: 'boom' } }, 400),
      },
      'member',
    );
    fireEvent.click(trainButton());
    expect(await screen.findByText('Failed to train models')).toBeVisible();
    expect(screen.getByText('No model could be trained: boom')).toBeVisible();
    expect(onContinue).not.toHaveBeenCalled();
  });

  it("defaults to the server's session target", async () => {
    await start({
      'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, DATA, DTYPES), shape: [120, 3], target_column: 'member' }),
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Target column' })).toHaveProperty('value', 'member'));
    expect(trainButton()).toHaveProperty('disabled', false);
  });

  it('sets the type detected for a chosen target, with a note, and keeps a type the person then chooses, suggesting the detected one', async () => {
    const { api } = await start({
      'GET /api/detect-problem-type/': (_, request) => {
        const target = new URL(request.url).searchParams.get('target_column');
        return json({
          target_column: target,
          problem_type: target === 'income' ? 'regression' : 'classification',
          distinct_values: target === 'income' ? 1812 : 2,
        });
      },
    });
    expect(problemType()).toHaveProperty('value', 'classification');
    fireEvent.change(screen.getByRole('combobox', { name: 'Target column' }), { target: { value: 'income' } });
    await screen.findByText('Set to Regression from the values of “income” (1,812 distinct). You can change it.');
    expect(problemType()).toHaveProperty('value', 'regression');
    expect(checked()).toEqual(['LinearRegression', 'RandomForestRegressor']);
    expect(trainButton()).toHaveProperty('disabled', false);
    const detections = api.calls.filter((call) => call.route === 'GET /api/detect-problem-type/');
    expect(detections.map((call) => new URL(call.request.url).searchParams.get('target_column'))).toEqual(['income']);

    // the person overrules it: the type stays, and the detected one is suggested
    fireEvent.change(problemType(), { target: { value: 'classification' } });
    const notice = await screen.findByText(
      '“income” has 1,812 distinct values, so it looks like a number to predict: regression may suit it better than classification.',
    );
    expect(problemType()).toHaveProperty('value', 'classification');
    expect(screen.queryByText(/You can change it/)).toBeNull();
    fireEvent.click(within(notice.closest('.training__suggestion') as HTMLElement).getByRole('button', { name: 'Use regression' }));
    expect(problemType()).toHaveProperty('value', 'regression');
    expect(screen.queryByText(/looks like a number to predict/)).toBeNull();

    // a class-like target chosen next is followed again
    fireEvent.change(screen.getByRole('combobox', { name: 'Target column' }), { target: { value: 'member' } });
    await waitFor(() => expect(problemType()).toHaveProperty('value', 'classification'));
    expect(checked()).toEqual(['LogisticRegression', 'RandomForestClassifier']);
  });

  it("with auto-detect, offers the models of the type the server detects for the target, not the preview's", async () => {
    const { api } = await start({
      'GET /api/detect-problem-type/': (_, request) => {
        const target = new URL(request.url).searchParams.get('target_column');
        // the preview's ages are two whole numbers; the full column has many
        return json({
          target_column: target,
          problem_type: target === 'age' ? 'regression' : 'classification',
          distinct_values: target === 'age' ? 60 : 2,
        });
      },
    });
    fireEvent.change(problemType(), { target: { value: 'auto' } });
    expect(checked()).toEqual(['LogisticRegression', 'RandomForestClassifier']);
    const targetSelect = screen.getByRole('combobox', { name: 'Target column' });
    fireEvent.change(targetSelect, { target: { value: 'age' } });
    await waitFor(() => expect(checked()).toEqual(['LinearRegression', 'RandomForestRegressor']));
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('.field')?.textContent)).toEqual([
      'LinearRegression',
      'RandomForestRegressor',
      'Ridge',
    ]);
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();

    fireEvent.change(targetSelect, { target: { value: 'member' } });
    await waitFor(() => expect(checked()).toEqual(['LogisticRegression', 'RandomForestClassifier']));
    const detections = api.calls.filter((call) => call.route === 'GET /api/detect-problem-type/');
    expect(detections.map((call) => new URL(call.request.url).searchParams.get('target_column'))).toEqual(['age', 'member']);
    fireEvent.click(trainButton());
    await waitFor(() => expect(api.routes()).toContain('POST /api/train-models/'));
    expect(api.calls.find((call) => call.route === 'POST /api/train-models/')?.body).toMatchObject({
      problem_type: 'auto',
      target_column: 'member',
    });
  });

  it('asks for auto-detect as for a chosen type, nothing for clustering, and ignores a failed detection', async () => {
    const { api } = await start({ 'GET /api/detect-problem-type/': () => json({ error: 'boom', code: 'boom' }, 400) }, 'member');
    await waitFor(() => expect(api.routes()).toContain('GET /api/detect-problem-type/'));
    fireEvent.change(problemType(), { target: { value: 'auto' } });
    fireEvent.change(problemType(), { target: { value: 'clustering' } });
    expect(api.routes().filter((route) => route === 'GET /api/detect-problem-type/')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the classes training left out, with their rows', async () => {
    await start(
      { 'POST /api/train-models/': () => json({ ...RESULT, left_out_classes: { maybe: 2 }, imputed_cells: { LogisticRegression: 4 } }) },
      'member',
    );
    fireEvent.click(trainButton());
    expect(await screen.findByText('Classes with fewer rows than the validation needs were left out: maybe (2 rows).')).toBeVisible();
  });

  it("offers every model of the server's catalogue, a new one included, and trains it", async () => {
    const { api } = await start(
      { 'GET /api/model-catalog/': () => json({ models: [...TEST_CATALOG, catalogModel('NewForestClassifier', 'classification')] }) },
      'member',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'NewForestClassifier' }));
    expect(checked()).toEqual(['LogisticRegression', 'RandomForestClassifier', 'NewForestClassifier']);
    fireEvent.click(trainButton());
    await waitFor(() => expect(api.routes()).toContain('POST /api/train-models/'));
    expect(api.calls.find((call) => call.route === 'POST /api/train-models/')?.body).toMatchObject({
      model_names: ['LogisticRegression', 'RandomForestClassifier', 'NewForestClassifier'],
    });
  });

  it('says so when the catalogue cannot be read, and offers no training', async () => {
    stubApi({
      'GET /api/model-catalog/': () => json({ error: 'Catalogue unavailable', code: 'boom' }, 500),
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
    });
    renderStep(TrainingStep, sessionAt(8, { columns: COLUMNS, data: DATA }));
    // the query tries once more before it fails
    expect(await screen.findByText('The list of models could not be loaded.', {}, { timeout: 3000 })).toHaveProperty(
      'className',
      'card-note card-note--warn',
    );
    expect(screen.getByText('Catalogue unavailable').textContent).toBe('Catalogue unavailable');
    expect(screen.queryByRole('button', { name: 'Train models' })).toBeNull();
  });
});

const row = (model: string, change: Record<string, unknown> = {}) => ({
  model,
  base_model: model,
  stage: 'default',
  settings: {},
  score: 0.9,
  score_std: 0.01,
  folds: 5,
  status: 'finished',
  fit_seconds: 1.25,
  predict_ms_per_1000: 3.5,
  error: null,
  ...change,
});

const BOARD = {
  primary_metric: 'accuracy',
  time_budget: 30,
  elapsed_seconds: 12.4,
  running: true,
  stopped: false,
  rows: [
    row('RandomForestClassifier', { score: 0.9123, score_std: 0.0211 }),
    row('SVC', { status: 'running', score: null, score_std: null, fit_seconds: 0, predict_ms_per_1000: null }),
  ],
  ensemble: [],
};

const FINAL_BOARD = {
  ...BOARD,
  running: false,
  elapsed_seconds: 28,
  rows: [
    row('Ensemble', { base_model: null, stage: 'ensemble', score: 0.93, score_std: 0.015 }),
    row('RandomForestClassifier (tuned)', { stage: 'tuned', settings: { n_estimators: 300, max_depth: null } }),
    row('RandomForestClassifier', { score: 0.9123, score_std: 0.0211 }),
    row('SVC', { status: 'skipped_for_time', score: null, score_std: null, predict_ms_per_1000: null }),
  ],
  ensemble: [
    { model: 'RandomForestClassifier (tuned)', weight: 0.75 },
    { model: 'LogisticRegression', weight: 0.25 },
  ],
};

const SEARCH_RESULT = {
  ...RESULT,
  best_model: 'Ensemble',
  trained_models: ['Ensemble', 'RandomForestClassifier (tuned)'],
  search: FINAL_BOARD,
};

const chooseBest = () => fireEvent.click(screen.getByRole('radio', { name: 'Find the best model' }));
const boardRows = () =>
  within(screen.getByRole('table', { name: /Models ranked by Accuracy/ }))
    .getAllByRole('row')
    .slice(1)
    .map((line) => [...line.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('TrainingStep: Find the best model', () => {
  it('replaces the models and validation method by a time budget and the folds, and sends a search', async () => {
    const { api } = await start({}, 'member');
    expect(screen.getByRole('radiogroup', { name: 'Training mode' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Selected models' })).toHaveProperty('checked', true);
    chooseBest();
    expect(screen.queryByRole('group', { name: 'Model selection' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Validation method' })).toBeNull();
    expect(screen.getByText(/Every model of the problem type is cross-validated on the same folds/)).toBeVisible();
    expect(screen.getByText('Models to search').nextElementSibling?.textContent).toBe('3');
    const budget = screen.getByRole('combobox', { name: 'Time budget' });
    expect((budget as HTMLSelectElement).value).toBe('120');
    expect(
      within(budget)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['30 seconds', '1 minute', '2 minutes', '5 minutes', '10 minutes', '30 minutes', '60 minutes']);
    fireEvent.change(budget, { target: { value: '30' } });
    const folds = screen.getByRole('spinbutton', { name: 'CV folds' });
    fireEvent.change(folds, { target: { value: '2' } });
    expect(screen.getByRole('button', { name: 'Find the best model' })).toHaveProperty('disabled', true);
    fireEvent.change(folds, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find the best model' }));
    await waitFor(() => expect(api.routes()).toContain('POST /api/train-models/'));
    expect(api.calls.find((call) => call.route === 'POST /api/train-models/')?.body).toEqual({
      target_column: 'member',
      problem_type: 'classification',
      validation_method: 'cross_validation',
      test_size: 0.2,
      cv_folds: 3,
      mode: 'best',
      time_budget: 30,
    });
  });

  it('offers no search for clustering, which trains the chosen models', async () => {
    await start({}, 'member');
    chooseBest();
    fireEvent.change(problemType(), { target: { value: 'clustering' } });
    expect(screen.queryByRole('radiogroup', { name: 'Training mode' })).toBeNull();
    expect(checked()).toEqual(['KMeans', 'DBSCAN']);
    expect(trainButton()).toHaveProperty('disabled', false);
  });

  it('shows the leaderboard live while the search runs, then keeps the final one with the ensemble members', async () => {
    const answer = deferred<Response>();
    let board: unknown = null;
    const { api, onContinue } = await start(
      { 'POST /api/train-models/': () => answer.promise, 'GET /api/leaderboard/': () => json({ leaderboard: board }) },
      'member',
    );
    chooseBest();
    fireEvent.click(screen.getByRole('button', { name: 'Find the best model' }));
    await screen.findByRole('progressbar', { name: 'Training in progress' });
    board = BOARD;
    const table = await screen.findByRole('table', { name: /Models ranked by Accuracy/ }, { timeout: 3000 });
    expect(
      within(table).getByText('Models ranked by Accuracy over the cross-validation folds; 12 s of the 30 s budget used.'),
    ).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Rank', 'Model', 'Settings', 'Accuracy (mean ± std)', 'Fit time (s)', 'Prediction (ms per 1,000 rows)', 'Status']);
    expect(boardRows()).toEqual([
      ['1', 'RandomForestClassifier', 'defaults', '0.9123 ± 0.0211', '1.25', '3.5', 'Finished'],
      ['—', 'SVC', 'defaults', '—', '0.00', '—', 'Running'],
    ]);
    expect(screen.getByText('1 model finished').getAttribute('role')).toBe('status');
    const polls = api.routes().filter((route) => route === 'GET /api/leaderboard/').length;
    await waitFor(() => expect(api.routes().filter((route) => route === 'GET /api/leaderboard/').length).toBeGreaterThan(polls), {
      timeout: 3000,
    });

    answer.resolve(json(SEARCH_RESULT));
    expect(await screen.findByText('Training completed successfully')).toBeVisible();
    expect(onContinue).toHaveBeenCalledWith(SEARCH_RESULT);
    await waitFor(() => expect(boardRows()[0]).toEqual(['1', 'Ensemble ensemble', '—', '0.9300 ± 0.0150', '1.25', '3.5', 'Finished']));
    expect(boardRows().slice(1)).toEqual([
      ['2', 'RandomForestClassifier (tuned) tuned', 'n_estimators=300, max_depth=None', '0.9000 ± 0.0100', '1.25', '3.5', 'Finished'],
      ['3', 'RandomForestClassifier', 'defaults', '0.9123 ± 0.0211', '1.25', '3.5', 'Finished'],
      ['—', 'SVC', 'defaults', '—', '1.25', '—', 'Skipped: out of time'],
    ]);
    expect(screen.getByText('3 models finished')).toBeVisible();
    const members = screen.getByRole('list');
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['RandomForestClassifier (tuned): weight 75.0%', 'LogisticRegression: weight 25.0%']);
    // the search is over: the board is read no more
    const reads = api.routes().filter((route) => route === 'GET /api/leaderboard/').length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(api.routes().filter((route) => route === 'GET /api/leaderboard/')).toHaveLength(reads);
  });

  it('after a cancelled search keeps the finished rows, says so and hands the result on', async () => {
    const answer = deferred<Response>();
    const { api, onContinue } = await start(
      {
        'POST /api/train-models/': () => answer.promise,
        'POST /api/cancel-task/': () => json({ cancelled: ['training'], message: 'Cancelling the training.' }),
      },
      'member',
    );
    chooseBest();
    fireEvent.click(screen.getByRole('button', { name: 'Find the best model' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.routes()).toContain('POST /api/cancel-task/'));
    const kept = { ...FINAL_BOARD, stopped: true, rows: FINAL_BOARD.rows.slice(2), ensemble: [] };
    answer.resolve(json({ ...RESULT, trained_models: ['RandomForestClassifier'], search: kept }));

    await waitFor(() => expect(screen.getAllByText('The search was stopped: the models that finished are kept.')).toHaveLength(2));
    expect(boardRows()).toEqual([
      ['1', 'RandomForestClassifier', 'defaults', '0.9123 ± 0.0211', '1.25', '3.5', 'Finished'],
      ['—', 'SVC', 'defaults', '—', '1.25', '—', 'Skipped: out of time'],
    ]);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('Training was cancelled. The previous results are kept.')).toBeNull();
    expect(onContinue).toHaveBeenCalledWith(expect.objectContaining({ trained_models: ['RandomForestClassifier'] }));
  });

  it('shows the running search when the screen opens during it (a reload)', async () => {
    await start({
      'GET /api/progress/': () => json({ task: 'training', done: 12, total: 30, message: 'SVC', job_id: 'j3', queue_position: null }),
      'GET /api/leaderboard/': () => json({ leaderboard: BOARD }),
    });
    await screen.findByRole('table', { name: /Models ranked by Accuracy/ });
    expect(boardRows()[0]?.[1]).toBe('RandomForestClassifier');
    expect(screen.getByRole('progressbar', { name: 'Training in progress' })).toBeVisible();
  });

  it('comes back in the mode and with the time budget of the last visit', async () => {
    await start({}, null, { problemType: 'classification', mode: 'best', timeBudget: 600 });
    expect(screen.getByRole('radio', { name: 'Find the best model' })).toHaveProperty('checked', true);
    expect(screen.getByRole('combobox', { name: 'Time budget' })).toHaveProperty('value', '600');
  });
});
