import { describe, expect, it } from 'vitest';
import type { Evaluation } from '../api/training';
import { chooseLanguage, i18n } from '../i18n/i18n';
import { toStoredAnalysis } from '../steps/analyze/analysisRun';
import { analysisFixture } from '../test/analysis';
import { TEST_METRIC_CATALOG } from '../test/metricCatalog';
import { TRAINING_SUMMARY, NO_CHARTS } from '../test/training';
import { buildReport } from './buildReport';
import { reportFileName, type ReportContent } from './reportContent';

const HOSTILE = '<script>alert(1)</script>';

const EVALUATION = {
  ...TRAINING_SUMMARY,
  message: 'Model evaluation completed',
  baseline: { strategy: 'most_frequent', metrics: { accuracy: 0.55, balanced_accuracy: 0.5 } },
  results: [
    {
      model: 'LogisticRegression',
      metrics: { accuracy: 0.6667, log_loss: 0.6357 },
      error: null,
      train_seconds: 0.1,
      sampling: [],
      charts: NO_CHARTS,
    },
    {
      model: 'RandomForestClassifier',
      metrics: { accuracy: 0.875, roc_auc: 0.74219 },
      error: null,
      train_seconds: 0.2,
      sampling: [],
      charts: {
        ...NO_CHARTS,
        confusion_matrix: {
          labels: [HOSTILE, 'yes'],
          matrix: [
            [16, 0],
            [3, 5],
          ],
        },
      },
      explanation: {
        method: 'tree',
        output: 'probability',
        explained_class: 'yes',
        rows: 24,
        of_rows: 24,
        columns: [
          { column: 'age', mean_abs_contribution: 0.0412 },
          { column: HOSTILE, mean_abs_contribution: 0.1234 },
        ],
        beeswarm: [],
      },
    },
    { model: 'MultinomialNB', metrics: {}, error: 'Negative values', train_seconds: 0, sampling: [], charts: NO_CHARTS },
  ],
} as unknown as Evaluation;

function content(overrides: Partial<ReportContent> = {}): ReportContent {
  return {
    fileName: `${HOSTILE}.csv`,
    madeAt: new Date('2025-03-05T14:02:00Z'),
    uploaded: {
      shape: [1250, 5],
      column_kinds: { id: 'numeric', [HOSTILE]: 'categorical', income: 'numeric', member: 'boolean', joined: 'datetime' },
      missing_values: { id: 0, [HOSTILE]: 125, income: 50, member: 0, joined: 1 },
    },
    resultShape: [1200, 4],
    analysis: toStoredAnalysis(
      analysisFixture({ quality: { rows: 1200, cols: 4, missingPct: 0.01, constantCols: [], idLikeCols: [], highCardCat: [], score: 87 } }),
    ),
    recipe: [
      { step: 'drop_missing_rows', threshold: 0.5, columns: [] },
      {
        step: 'impute_missing',
        threshold: null,
        columns: [{ column: HOSTILE, setting: 'constant', detection: null, factor: null, fill_value: 'none' }],
      },
      {
        step: 'handle_outliers',
        threshold: null,
        columns: [{ column: 'income', setting: 'cap', detection: 'iqr', factor: 1.5, fill_value: null }],
      },
      {
        step: 'drop_columns',
        threshold: null,
        columns: [{ column: 'id', setting: null, detection: null, factor: null, fill_value: null }],
      },
    ],
    evaluation: EVALUATION,
    charts: [{ title: 'Accuracy by model', svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>' }],
    optimization: null,
    usageCode: { file_name: 'RandomForestClassifier.joblib', code: 'import joblib\nprint(1 < 2)' },
    ...overrides,
  };
}

function parsed(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('buildReport', () => {
  it('is a document in the interface language with every section', async () => {
    await chooseLanguage('de');
    const doc = parsed(buildReport(content(), TEST_METRIC_CATALOG, i18n.getFixedT('de'), 'de'));
    expect(doc.documentElement.lang).toBe('de');
    expect(doc.querySelector('h1')?.textContent).toBe('Lathe-Bericht');
    expect([...doc.querySelectorAll('h2')].map((heading) => heading.textContent)).toEqual([
      'Die hochgeladenen Daten',
      'Was das Rezept daraus gemacht hat',
      'Trainingseinstellungen',
      'Metriken',
      'Diagramme',
      'Warum das beste Modell so vorhersagt',
      'Optimierung',
      'Das Modell verwenden',
    ]);
    const text = doc.body.textContent;
    expect(text).toMatch(/Zeilen entfernt, in denen mehr als 50\s%\sder Werte fehlen/);
    expect(text).toContain('An den Grenzen kappen (IQR, Faktor 1,5)');
    expect(text).toContain('Konstanter Wert: none');
    expect(text).toContain('Es wurde kein Modell optimiert.');
    expect(doc.querySelector('pre code')?.textContent).toBe('import joblib\nprint(1 < 2)');
    expect(doc.querySelector('figure svg rect')).not.toBeNull();
  });

  it('opens with the file as uploaded, then what the recipe made of it, then the models', () => {
    const doc = parsed(buildReport(content(), TEST_METRIC_CATALOG, i18n.getFixedT('en'), 'en'));
    const sections = [...doc.querySelectorAll('section')];
    expect(sections.slice(0, 3).map((section) => section.querySelector('h2')?.textContent)).toEqual([
      'The data you uploaded',
      'What the recipe made of it',
      'Training settings',
    ]);
    const upload = sections[0];
    const terms = [...(upload?.querySelectorAll('dl div') ?? [])].map((item) => [
      item.children[0]?.textContent,
      item.children[1]?.textContent,
    ]);
    expect(terms).toEqual([
      ['File', `${HOSTILE}.csv`],
      ['Rows × columns', '1,250 rows × 5 columns'],
    ]);
    expect([...(upload?.querySelectorAll('thead th') ?? [])].map((cell) => cell.textContent)).toEqual([
      'Column',
      'Kind',
      'Missing values',
      'Missing (%)',
    ]);
    const rows = [...(upload?.querySelectorAll('tbody tr') ?? [])].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['id', 'Numeric', '0', '0.0%'],
      [HOSTILE, 'Categorical', '125', '10.0%'],
      ['income', 'Numeric', '50', '4.0%'],
      ['member', 'Boolean', '0', '0.0%'],
      ['joined', 'Datetime', '1', '0.1%'],
    ]);
    // the recipe's steps in order, then the data they made
    const recipe = sections[1];
    const parts = [...(recipe?.children ?? [])].map((child) => child.tagName);
    expect(parts.indexOf('OL')).toBeLessThan(parts.lastIndexOf('H3'));
    expect([...(recipe?.querySelectorAll(':scope > ol > li > h3') ?? [])].map((step) => step.textContent)).toEqual([
      'Dropped the rows with more than 50% of their values missing',
      'Filled missing values',
      'Treated outliers in place',
      'Dropped columns',
    ]);
    expect(recipe?.querySelector(':scope > h3')?.textContent).toBe('Result: 1,200 rows × 4 columns');
    expect(recipe?.textContent).toContain('Quality score');
  });

  it('writes the metrics as the screen does, with SPEC colours, the baseline and the best model marked', async () => {
    await chooseLanguage('de');
    const doc = parsed(buildReport(content(), TEST_METRIC_CATALOG, i18n.getFixedT('de'), 'de'));
    const metrics = doc.querySelectorAll('section')[3];
    const rows = [...(metrics?.querySelectorAll('tbody tr') ?? [])].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows[0]?.[0]).toBe('LogisticRegression');
    expect(rows[1]?.[0]).toBe('RandomForestClassifier (Bestes)');
    expect(rows[1]).toContain('0,8750');
    expect(rows[0]).toContain('0,6357');
    expect(rows.some((row) => row[0] === 'MultinomialNB')).toBe(false);
    const cell = [...(metrics?.querySelectorAll('td') ?? [])].find((td) => td.textContent === '0,8750');
    expect(cell?.className).toBe('good');
    const fair = [...(metrics?.querySelectorAll('td') ?? [])].find((td) => td.textContent === '0,6667');
    expect(fair?.className).toBe('fair');
    expect(rows.at(-1)?.[1]).toBe('0,5500');
  });

  it("writes cross-validated metrics as mean ± standard deviation, and colours errors by the baseline's", () => {
    const regression = {
      ...EVALUATION,
      problem_type: 'regression',
      primary_metric: 'r2',
      best_model: 'Ridge',
      baseline: { strategy: 'mean', metrics: { r2: 0, rmse: 7.97 } },
      results: [
        {
          model: 'Ridge',
          metrics: { r2: 0.9, rmse: 0.7 },
          metrics_std: { r2: 0.02, rmse: 0.1 },
          error: null,
          train_seconds: 0.1,
          sampling: [],
          charts: NO_CHARTS,
        },
      ],
    } as unknown as Evaluation;
    const doc = parsed(buildReport(content({ evaluation: regression }), TEST_METRIC_CATALOG, i18n.getFixedT('en'), 'en'));
    const cells = [...(doc.querySelectorAll('section')[3]?.querySelectorAll('td') ?? [])];
    const rmse = cells.find((td) => td.textContent === '0.7000 ± 0.1000');
    expect(rmse?.className).toBe('good');
    expect(cells.find((td) => td.textContent === '7.9700')?.className).toBe('poor');
  });

  it('shows the best model explanation per uploaded column, strongest first, with its method', () => {
    const doc = parsed(buildReport(content(), TEST_METRIC_CATALOG, i18n.getFixedT('en'), 'en'));
    const explanation = doc.querySelectorAll('section')[5];
    expect(explanation?.textContent).toContain('Method: SHAP tree explainer');
    const columns = [...(explanation?.querySelectorAll('tbody tr') ?? [])].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(columns).toEqual([
      [HOSTILE, '0.1234'],
      ['age', '0.0412'],
    ]);
  });

  it('escapes every value from the data: a column named like a script stays text', () => {
    const html = buildReport(content(), TEST_METRIC_CATALOG, i18n.getFixedT('en'), 'en');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const doc = parsed(html);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(doc.title).toBe(`Lathe report: ${HOSTILE}.csv`);
    const cells = [...doc.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(cells.filter((text) => text === HOSTILE).length).toBeGreaterThanOrEqual(2);
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toContain("default-src 'none'");
  });

  it('shows the optimization result when there is one', () => {
    const optimization = {
      model: 'RandomForestClassifier',
      result: {
        bestScore: 0.9,
        bestParams: { max_depth: 5 },
        baselineScore: 0.8,
        primaryMetric: 'accuracy',
        method: 'grid_search' as const,
      },
    };
    const doc = parsed(buildReport(content({ optimization }), TEST_METRIC_CATALOG, i18n.getFixedT('en'), 'en'));
    const section = doc.querySelectorAll('section')[6];
    expect(section?.textContent).toContain('Optimized RandomForestClassifier');
    expect(section?.textContent).toContain('90.00%');
    expect(section?.textContent).toContain('+12.50%');
    expect(section?.textContent).toContain('max_depth');
  });

  it("lists the ensemble's members with their weights in the language's format", () => {
    const search = {
      primary_metric: 'accuracy',
      time_budget: 60,
      elapsed_seconds: 58,
      running: false,
      stopped: false,
      rows: [],
      ensemble: [
        { model: 'LogisticRegression', weight: 0.56 },
        { model: 'LGBMClassifier', weight: 0.44 },
      ],
    };
    const evaluation = { ...content().evaluation, search };
    const doc = parsed(buildReport(content({ evaluation }), TEST_METRIC_CATALOG, i18n.getFixedT('de'), 'de'));
    expect(doc.body.textContent).toMatch(/Gewichteter Mittelwert aus LogisticRegression 56\s%, LGBMClassifier 44\s%\./u);
  });

  it('says so when there is no analysis and no recipe step', () => {
    const doc = parsed(buildReport(content({ analysis: null, recipe: [] }), TEST_METRIC_CATALOG, i18n.getFixedT('en'), 'en'));
    expect(doc.body.textContent).toContain('No analysis of the data was available.');
    expect(doc.body.textContent).toContain('The data was used as uploaded');
  });
});

describe('reportFileName', () => {
  it('is the upload stem with _report.html', () => {
    expect(reportFileName('customers.2024.csv')).toBe('customers.2024_report.html');
    expect(reportFileName('data')).toBe('data_report.html');
  });
});
