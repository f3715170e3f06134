import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api';
import { cardValue, renderStep, sessionAt } from '../../test/steps';
import type { ModelResult } from '../../api/training';
import { chooseLanguage } from '../../i18n/i18n';
import { EvaluationStep } from './EvaluationStep';
import { ModelMetrics } from './ModelMetrics';
import { TRAINING_SUMMARY } from '../../test/training';
import { openEvaluation } from '../../test/evaluation';
import { TEST_METRIC_CATALOG } from '../../test/metricCatalog';
import { withStepResult } from '../../session/session';
import { optimizationHistory, optimizationRun } from '../../test/optimizationRuns';
import { OPTIMIZATION_RECORD_ID } from '../stepKeys';

vi.mock('../../components/charts/Plot', () => ({ default: () => null }));

const TABLE = { columns: ['age', 'member'], data: [[30, true]] };
const TRAINED = { problem_type: 'classification', trained_models: ['LogisticRegression', 'RandomForestClassifier'] };
const CHARTS = {
  confusion_matrix: {
    labels: [false, true],
    matrix: [
      [16, 0],
      [3, 5],
    ],
  },
  roc_curves: [{ label: true, fpr: [0, 0.5, 1], tpr: [0, 0.8, 1] }],
  pr_curves: [{ label: true, recall: [0, 1], precision: [1, 0.5] }],
  prediction_sample: null,
  feature_importances: { method: 'native', features: [{ feature: 'age', importance: 0.7 }] },
  cluster_sizes: [],
};
const EVALUATION = {
  ...TRAINING_SUMMARY,
  message: 'Model evaluation completed',
  results: [
    {
      model: 'LogisticRegression',
      metrics: { accuracy: 0.6667, log_loss: 0.6357 },
      error: null,
      train_seconds: 0.1,
      sampling: [],
      charts: CHARTS,
    },
    {
      model: 'RandomForestClassifier',
      metrics: { accuracy: 0.875, roc_auc: 0.74219 },
      error: null,
      train_seconds: 0.2,
      sampling: [],
      charts: CHARTS,
    },
    {
      model: 'MultinomialNB',
      metrics: {},
      error: 'Negative values in data passed to MultinomialNB',
      train_seconds: 0,
      sampling: [],
      charts: { ...CHARTS, confusion_matrix: null, roc_curves: [], pr_curves: [], feature_importances: null },
    },
  ],
};

function start(stepResults: Record<number, unknown>, answer = () => json(EVALUATION)) {
  return openEvaluation(TABLE, stepResults, { 'POST /api/evaluate-models/': answer });
}

describe('EvaluationStep baseline', () => {
  it('shows the baseline as one more row of metrics and flags models that do not beat it or guess', async () => {
    const [weak, strong] = EVALUATION.results;
    start({ 8: TRAINED }, () =>
      json({
        ...EVALUATION,
        baseline: { strategy: 'most_frequent', metrics: { accuracy: 0.7, balanced_accuracy: 0.5 } },
        results: [
          { ...weak, beats_baseline: false, at_chance: true },
          { ...strong, beats_baseline: true, at_chance: false },
        ],
      }),
    );
    const baseline = await screen.findByRole('article', { name: 'Baseline: most frequent class' });
    expect(within(baseline).getByText('Accuracy').nextElementSibling?.textContent).toBe('0.7000 fair');
    const flags = (model: string) =>
      [...screen.getByRole('article', { name: model }).querySelectorAll('.model-metrics__badge')].map((badge) => badge.textContent);
    expect(flags('LogisticRegression')).toEqual(['Does not beat the baseline', 'At chance']);
    expect(flags('RandomForestClassifier')).toEqual(['Best']);
  });

  it('writes metrics with a decimal comma in German', async () => {
    await chooseLanguage('de');
    start({ 8: TRAINED }, () => json({ ...EVALUATION, baseline: { strategy: 'most_frequent', metrics: { accuracy: 0.7 } } }));
    const baseline = await screen.findByRole('article', { name: 'Vergleichswert: häufigste Klasse' });
    expect(within(baseline).getByText('0,7000')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'RandomForestClassifier' })).getByText('0,8750')).toBeTruthy();
    await chooseLanguage('en');
  });
});

describe('EvaluationStep metric catalogue', () => {
  const tone = (model: string, metric: string) =>
    within(screen.getByRole('article', { name: model })).getByText(metric).parentElement?.className;

  it('colours and orders the metrics as the served catalogue says', async () => {
    start({ 8: TRAINED });
    await screen.findByRole('article', { name: 'RandomForestClassifier' });
    expect(tone('RandomForestClassifier', 'Accuracy')).toContain('model-metrics__item--good');

    const stricter = {
      ...TEST_METRIC_CATALOG,
      metrics: TEST_METRIC_CATALOG.metrics
        .map((entry) => (entry.name === 'accuracy' ? { ...entry, tone_bounds: [0.9, 0.7] } : entry))
        .reverse(),
    };
    cleanup();
    openEvaluation(
      TABLE,
      { 8: TRAINED },
      {
        'POST /api/evaluate-models/': () => json(EVALUATION),
        'GET /api/metric-catalog/': () => json(stricter),
      },
    );
    await screen.findByRole('article', { name: 'RandomForestClassifier' });
    expect(tone('RandomForestClassifier', 'Accuracy')).toContain('model-metrics__item--fair');
    const names = [...screen.getByRole('article', { name: 'RandomForestClassifier' }).querySelectorAll('dt')].map(
      (name) => name.textContent,
    );
    expect(names).toEqual(['ROC AUC', 'Accuracy']);
  });
});

describe('EvaluationStep', () => {
  it('asks for training first when step 8 has no results, and calls nothing', () => {
    const { api, onContinue } = start({});
    expect(screen.getByText('No training results found. Please complete the training step first.')).toBeVisible();
    expect(api.calls).toHaveLength(0);
    const next = screen.getByRole('button', { name: 'Continue to Optimization' });
    expect(next).toHaveProperty('disabled', true);
    fireEvent.click(next);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('loads on its own and shows the summary, coloured metrics, each error and the charts', async () => {
    const { container, onContinue } = start({ 8: TRAINED });
    expect(screen.getByText('Evaluating models')).toBeVisible();
    expect(await screen.findByText('Model evaluation completed')).toBeVisible();
    expect(cardValue(container, 'Models trained')).toBe('2');
    expect(cardValue(container, 'Best model')).toBe('RandomForestClassifier');
    expect(cardValue(container, 'Problem type')).toBe('Classification');
    expect(cardValue(container, 'Primary metric')).toBe('Accuracy');
    expect(screen.getByRole('img', { name: 'Accuracy by model' })).toBeVisible();

    const forest = screen.getByRole('article', { name: 'RandomForestClassifier' });
    const accuracy = within(forest).getByText('0.8750').closest('.model-metrics__item');
    expect(accuracy?.className).toContain('model-metrics__item--good');
    expect(within(forest).getByText('0.7422').closest('.model-metrics__item')?.className).toContain('--fair');
    const logistic = screen.getByRole('article', { name: 'LogisticRegression' });
    expect(within(logistic).getByText('0.6357').closest('.model-metrics__item')?.className).toContain('--poor');
    // colour is not the only sign: each quality has a shape and a word read out
    const cue = (item: Element | null | undefined) => [
      item?.querySelector('.tone-cue path')?.getAttribute('d'),
      item?.querySelector('dd')?.textContent,
    ];
    const good = cue(accuracy);
    const fair = cue(within(forest).getByText('0.7422').closest('.model-metrics__item'));
    const poor = cue(within(logistic).getByText('0.6357').closest('.model-metrics__item'));
    expect([good[1], fair[1], poor[1]]).toEqual(['0.8750 good', '0.7422 fair', '0.6357 poor']);
    expect(new Set([good[0], fair[0], poor[0], undefined]).size).toBe(4);
    expect(within(screen.getByRole('article', { name: 'MultinomialNB' })).getByRole('alert').textContent).toBe(
      'Error: Negative values in data passed to MultinomialNB',
    );

    const matrix = screen.getByRole('table', { name: 'Confusion matrix' });
    expect(
      within(matrix)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['16', '0', '3', '5']);
    for (const name of [
      'ROC curve of RandomForestClassifier',
      'Precision–recall curve of RandomForestClassifier',
      'Feature importance of RandomForestClassifier',
    ]) {
      expect(screen.getByRole('img', { name })).toBeVisible();
    }
    const charts = screen.getByRole('button', { name: 'Model charts' }).closest('section') as HTMLElement;
    fireEvent.change(within(charts).getByRole('combobox', { name: 'Model' }), { target: { value: 'LogisticRegression' } });
    expect(screen.getByRole('img', { name: 'ROC curve of LogisticRegression' })).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Continue to Optimization' }));
    expect(onContinue).toHaveBeenCalledWith({ best_model: 'RandomForestClassifier', problem_type: 'classification' });
  });

  it("reports 'Failed to evaluate models' and offers a retry", async () => {
    start({ 8: TRAINED }, () =>
      json({ error: 'No training results found. Please complete the training step first.', code: 'no_training_results' }, 400),
    );
    expect((await screen.findAllByText('Failed to evaluate models')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('names the classes left out of training with their rows, and the missing cells filled per model', async () => {
    const results = EVALUATION.results.map((result) =>
      result.model === 'LogisticRegression'
        ? { ...result, imputed_cells: 1204 }
        : result.model === 'RandomForestClassifier'
          ? { ...result, imputed_cells: 1 }
          : result,
    );
    start({ 8: TRAINED }, () => json({ ...EVALUATION, results, left_out_classes: { rare: 1, unusual: 3 } }));
    expect(
      await screen.findByText('Classes with fewer rows than the validation needs were left out: rare (1 row), unusual (3 rows).'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'LogisticRegression' })).getByText(
        "1,204 missing cells were filled at this model's input.",
      ),
    ).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'RandomForestClassifier' })).getByText("1 missing cell was filled at this model's input."),
    ).toBeVisible();
    expect(screen.getByRole('article', { name: 'MultinomialNB' }).textContent).not.toContain('filled');
  });

  it('shows no left-out note when every class was kept', async () => {
    start({ 8: TRAINED }, () => json({ ...EVALUATION, left_out_classes: {} }));
    await screen.findByText('Model evaluation completed');
    expect(screen.queryByText(/were left out/)).toBeNull();
    expect(screen.queryByText(/missing cells? (was|were) filled/)).toBeNull();
  });
});

describe('the filled-cells note in plural forms', () => {
  const result = (cells: number): ModelResult => ({
    model: 'LogisticRegression',
    metrics: { accuracy: 0.6667 },
    error: null,
    train_seconds: 0.1,
    sampling: [],
    charts: { ...CHARTS, feature_importances: null },
    imputed_cells: cells,
  });
  const note = (cells: number) => {
    const { container, unmount } = render(
      <ModelMetrics result={result(cells)} best={false} catalog={TEST_METRIC_CATALOG} metricName={(name) => name} />,
    );
    const text = container.querySelector('.model-metrics__imputed')?.textContent;
    unmount();
    return text;
  };

  it('uses one and other in English', () => {
    expect([note(1), note(2)]).toEqual([
      "1 missing cell was filled at this model's input.",
      "2 missing cells were filled at this model's input.",
    ]);
  });

  it('uses one, few and many in Russian', async () => {
    await chooseLanguage('ru');
    expect([note(1), note(21), note(3), note(5), note(11)]).toEqual([
      'На входе этой модели заполнена 1 пропущенная ячейка.',
      'На входе этой модели заполнена 21 пропущенная ячейка.',
      'На входе этой модели заполнены 3 пропущенные ячейки.',
      'На входе этой модели заполнено 5 пропущенных ячеек.',
      'На входе этой модели заполнено 11 пропущенных ячеек.',
    ]);
  });
});

describe('EvaluationStep comparisons', () => {
  const [weak, strong] = EVALUATION.results;
  const shown = (model: string, metric: string) =>
    within(screen.getByRole('article', { name: model })).getByText(metric).nextElementSibling?.textContent;

  it('shows cross-validated metrics as mean ± standard deviation, and one split without a spread', async () => {
    start({ 8: TRAINED }, () =>
      json({
        ...EVALUATION,
        validation_method: 'cross_validation',
        test_size: null,
        cv_folds: 5,
        results: [weak, { ...strong, metrics_std: { accuracy: 0.0213, roc_auc: 0.05 } }],
      }),
    );
    await screen.findByRole('article', { name: 'RandomForestClassifier' });
    expect(shown('RandomForestClassifier', 'Accuracy')).toBe('0.8750 ± 0.0213 good');
    expect(shown('RandomForestClassifier', 'ROC AUC')).toBe('0.7422 ± 0.0500 fair');
    expect(shown('LogisticRegression', 'Accuracy')).toBe('0.6667 fair');
    expect(screen.getByText('Cross-validation: each metric is the mean ± standard deviation over the 5 folds.')).toBeVisible();
  });

  it('says nothing of folds for a train/test split', async () => {
    start({ 8: TRAINED });
    await screen.findByRole('article', { name: 'RandomForestClassifier' });
    expect(shown('RandomForestClassifier', 'Accuracy')).toBe('0.8750 good');
    expect(screen.queryByText(/mean ± standard deviation/)).toBeNull();
  });

  it('notes an imbalanced target and a log loss worse than the baseline', async () => {
    start({ 8: TRAINED }, () =>
      json({
        ...EVALUATION,
        weaknesses: [
          {
            kind: 'imbalanced_target',
            model: 'RandomForestClassifier',
            values: { majority_share: 0.78, accuracy: 0.85, balanced_accuracy: 0.52 },
          },
          { kind: 'log_loss_above_baseline', model: 'RandomForestClassifier', values: { log_loss: 0.71, baseline_log_loss: 0.52 } },
        ],
      }),
    );
    expect(
      await screen.findByText(
        'Imbalanced target: the largest class holds 78% of the rows, and RandomForestClassifier scores an accuracy of 0.8500 but a balanced accuracy of 0.5200. Accuracy rewards predicting the large class; rank by balanced accuracy or F1 macro.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        "The log loss of RandomForestClassifier (0.7100) is worse than the baseline's (0.5200): its probabilities are less reliable than the class shares alone.",
      ),
    ).toBeTruthy();
  });

  it('ranks by another metric of the problem type on the server, without training again', async () => {
    start({ 8: TRAINED });
    const ranked = stubApi({
      'POST /api/evaluate-models/': () => json(EVALUATION),
      'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG),
      'PUT /api/primary-metric/': () => json({ ...EVALUATION, primary_metric: 'log_loss', best_model: 'LogisticRegression' }),
    });
    const picker = await screen.findByLabelText('Rank models by');
    const offered = [...picker.querySelectorAll('option')].map((option) => option.textContent);
    expect(offered).toEqual(['Accuracy', 'Balanced accuracy', 'F1 macro', 'ROC AUC', 'Log loss', 'MCC']);
    expect(picker).toHaveProperty('value', 'accuracy');
    fireEvent.change(picker, { target: { value: 'log_loss' } });
    await screen.findByText('Log loss: 0.6357');
    const container = document.body;
    expect(cardValue(container, 'Best model')).toBe('LogisticRegression');
    expect(cardValue(container, 'Primary metric')).toBe('Log loss');
    const changes = ranked.calls.filter((call) => call.route !== 'GET /api/progress/');
    expect(changes.map((call) => [call.route, call.body])).toEqual([['PUT /api/primary-metric/', { metric: 'log_loss' }]]);
  });

  it("colours an error in the data's units by its ratio to the baseline's", async () => {
    const regression = {
      ...EVALUATION,
      problem_type: 'regression',
      primary_metric: 'r2',
      best_model: 'Ridge',
      baseline: { strategy: 'mean', metrics: { r2: 0, rmse: 7.97 } },
      results: [
        { ...strong, model: 'Ridge', metrics: { r2: 0.9, rmse: 0.7 } },
        { ...strong, model: 'Lasso', metrics: { r2: 0.5, rmse: 2.0 } },
      ],
    };
    start({ 8: { ...TRAINED, problem_type: 'regression' } }, () => json(regression));
    await screen.findByRole('article', { name: 'Ridge' });
    const tone = (model: string) => within(screen.getByRole('article', { name: model })).getByText('RMSE').parentElement?.className;
    expect(tone('Ridge')).toContain('model-metrics__item--good');
    expect(tone('Lasso')).toContain('model-metrics__item--fair');
    expect(tone('Baseline: mean')).toContain('model-metrics__item--poor');
  });
});

describe('EvaluationStep optimized models', () => {
  it("shows an optimized model's held-out metrics beside its untuned self, and asks for none without an optimization", async () => {
    const run = optimizationRun({ metrics: { accuracy: 0.7222, log_loss: 0.6 } });
    const api = stubApi({
      'POST /api/evaluate-models/': () => json(EVALUATION),
      'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG),
      'GET /api/optimization-result/': () => json(optimizationHistory([run])),
    });
    const saved = sessionAt(9, TABLE, { 8: TRAINED });
    const record = { models: { LogisticRegression: { pickedRun: 1 } }, lastModel: 'LogisticRegression' };
    renderStep(EvaluationStep, { ...saved, session: withStepResult(saved.session, OPTIMIZATION_RECORD_ID, record) });
    const optimized = await screen.findByRole('article', { name: 'LogisticRegression (optimized)' });
    const articles = screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(articles.slice(0, 3)).toEqual(['LogisticRegression', 'LogisticRegression (optimized)', 'RandomForestClassifier']);
    expect(within(optimized).getByText('0.7222')).toBeVisible();
    expect(api.routes()).toContain('GET /api/optimization-result/');
    cleanup();

    const none = start({ 8: TRAINED });
    await screen.findByRole('article', { name: 'LogisticRegression' });
    expect(screen.queryByRole('article', { name: 'LogisticRegression (optimized)' })).toBeNull();
    expect(none.api.routes()).not.toContain('GET /api/optimization-result/');
  });
});
