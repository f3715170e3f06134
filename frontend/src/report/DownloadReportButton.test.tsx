import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { completeStep } from '../session/session';
import { EvaluationStep } from '../steps/evaluation/EvaluationStep';
import { OptimizationStep } from '../steps/optimization/OptimizationStep';
import { OPTIMIZATION_RECORD_ID } from '../steps/stepKeys';
import { analysisFixture } from '../test/analysis';
import { json, stubApi } from '../test/api';
import { TEST_CATALOG } from '../test/catalog';
import { captureDownloads } from '../test/downloads';
import { renderWithProviders } from '../test/render';
import { TEST_METRIC_CATALOG } from '../test/metricCatalog';
import { optimizationHistory, optimizationRun } from '../test/optimizationRuns';
import { sessionAt } from '../test/steps';
import { TRAINING_SUMMARY, NO_CHARTS } from '../test/training';

// Plotly draws nothing in jsdom: the charts come in as a marked SVG
vi.mock('./chartSvg', () => ({ chartSvg: () => Promise.resolve('<svg data-chart="drawn"></svg>') }));
vi.mock('../components/charts/Plot', () => ({ default: () => null }));

/** The report is made over several calls; a busy machine answers slowly. */
const WAIT_MS = 5000;
const TABLE = { columns: ['age', 'member'], data: [[30, true]] };
const EVALUATION = {
  ...TRAINING_SUMMARY,
  message: 'Model evaluation completed',
  results: [
    { model: 'LogisticRegression', metrics: { accuracy: 0.6667 }, error: null, train_seconds: 0.1, sampling: [], charts: NO_CHARTS },
    { model: 'RandomForestClassifier', metrics: { accuracy: 0.875 }, error: null, train_seconds: 0.2, sampling: [], charts: NO_CHARTS },
  ],
};
const RECIPE = {
  steps: [
    { step: 'scale', threshold: null, columns: [{ column: 'age', setting: 'robust', detection: null, factor: null, fill_value: null }] },
  ],
};

/** The data now, after the recipe dropped `notes`, and as it was uploaded. */
const SESSION_DATA = {
  ...TABLE,
  shape: [120, 2],
  dtypes: { age: 'int64', member: 'bool' },
  missing_values: { age: 0, member: 0 },
  column_kinds: { age: 'numeric', member: 'boolean' },
  scaling_candidates: ['age'],
  filename: 'customers.csv',
  target_column: 'member',
  snapshot_steps: [],
  uploaded: {
    shape: [120, 3],
    column_kinds: { age: 'numeric', notes: 'categorical', member: 'boolean' },
    missing_values: { age: 4, notes: 30, member: 0 },
  },
};

function routes() {
  return stubApi({
    'POST /api/evaluate-models/': () => json(EVALUATION),
    'GET /api/model-catalog/': () => json({ models: TEST_CATALOG }),
    'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG),
    'GET /api/recipe/': () => json(RECIPE),
    'GET /api/optimization-result/': () =>
      json(optimizationHistory([optimizationRun({ optimization_method: 'bayesian', best_params: { C: 0.5 } })])),
    'GET /api/analyze/': () => json(analysisFixture({ columns: TABLE.columns })),
    'GET /api/get-session-data/': () => json(SESSION_DATA),
    'GET /api/usage-code/': (_, request) => {
      const name = new URL(request.url).searchParams.get('model_name') ?? '';
      return json({ file_name: `${name}.joblib`, code: `model = joblib.load("${name}.joblib")` });
    },
  });
}

function trainedSession(step: number) {
  const { session } = sessionAt(step, TABLE, { 8: { trained_models: ['LogisticRegression', 'RandomForestClassifier'] } });
  return { ...session, uploadedFile: { name: 'customers.csv', size: 10 } };
}

function blobText(blob: Blob | undefined): Promise<string> {
  if (blob === undefined) return Promise.resolve('');
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.readAsText(blob);
  });
}

async function savedReport(saved: { name: string; blob: Blob | undefined }[]) {
  await waitFor(() => expect(saved).toHaveLength(1), { timeout: WAIT_MS });
  return { name: saved[0]?.name, html: await blobText(saved[0]?.blob) };
}

describe('Download report', () => {
  it('on Evaluation saves <upload>_report.html with the upload, the recipe, metrics, charts and usage code', async () => {
    const api = routes();
    const saved = captureDownloads();
    renderWithProviders(<EvaluationStep session={trainedSession(9)} onContinue={vi.fn()} />);
    const button = await screen.findByRole('button', { name: 'Download report' }, { timeout: WAIT_MS });
    expect(button).toBeVisible();
    fireEvent.click(button);

    const { name, html } = await savedReport(saved);
    expect(name).toBe('customers_report.html');
    expect(html).toContain('<html lang="en">');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const upload = doc.querySelector('section');
    expect(upload?.querySelector('h2')?.textContent).toBe('The data you uploaded');
    expect(upload?.textContent).toContain('120 rows × 3 columns');
    expect([...(upload?.querySelectorAll('tbody tr') ?? [])].map((row) => row.textContent)).toEqual([
      'ageNumeric43.3%',
      'notesCategorical3025.0%',
      'memberBoolean00.0%',
    ]);
    expect(html).toContain('Result: 120 rows × 2 columns');
    expect(html).toContain('Robust (median and IQR)');
    expect(html).toContain('0.8750');
    // one split: the comparison has no error bars
    expect(doc.querySelector('figure svg[role="img"] title')?.textContent).toBe('Accuracy by model');
    expect(doc.querySelectorAll('figure .error-bar')).toHaveLength(0);
    expect(html).toContain('model = joblib.load(&quot;RandomForestClassifier.joblib&quot;)');
    expect(html).toContain('No model was optimized.');
    // the session had no analysis of its current columns: one was asked for
    expect(api.routes()).toContain('GET /api/analyze/');
    expect(await screen.findByText('Report saved as customers_report.html.', {}, { timeout: WAIT_MS })).toBeTruthy();
  });

  it('says so when the report cannot be made', async () => {
    stubApi({
      'POST /api/evaluate-models/': () => json(EVALUATION),
      'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG),
      'GET /api/recipe/': () => json({ error: 'No dataset in this session.', code: 'no_dataset' }, 400),
      'GET /api/analyze/': () => json(analysisFixture({ columns: TABLE.columns })),
      'GET /api/usage-code/': () => json({ file_name: 'm.joblib', code: '' }),
    });
    const saved = captureDownloads();
    renderWithProviders(<EvaluationStep session={trainedSession(9)} onContinue={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download report' }, { timeout: WAIT_MS }));
    expect(await screen.findByText('The report could not be made.', {}, { timeout: WAIT_MS })).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('on Optimization includes the last optimization and the optimized model usage code', async () => {
    routes();
    const saved = captureDownloads();
    // the saved session says which run is used; its scores come from the server
    const record = { models: { LogisticRegression: { pickedRun: 1 } }, lastModel: 'LogisticRegression' };
    const session = completeStep(trainedSession(10), OPTIMIZATION_RECORD_ID, record);
    renderWithProviders(<OptimizationStep session={{ ...session, currentStep: 10 }} onOptimized={vi.fn()} />);
    await screen.findByRole('table', { name: 'Search runs of LogisticRegression' }, { timeout: WAIT_MS });
    fireEvent.click(await screen.findByRole('button', { name: 'Download report' }, { timeout: WAIT_MS }));

    const { html } = await savedReport(saved);
    expect(html).toContain('Optimized LogisticRegression');
    expect(html).toContain('91.23%');
    expect(html).toContain('Bayesian (Optuna)');
    expect(html).toContain('LogisticRegression_optimized.joblib');
  });
});
