import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../i18n/i18n';
import { json } from '../../test/api';
import { modelResult, TRAINING_SUMMARY } from '../../test/training';
import { openEvaluation } from '../../test/evaluation';

vi.mock('../../components/charts/Plot', () => ({ default: () => null }));

const EXPLANATION = {
  method: 'tree',
  output: 'probability',
  explained_class: true,
  rows: 1500,
  of_rows: 2000,
  columns: [
    { column: 'city', mean_abs_contribution: 0.0123 },
    { column: 'income', mean_abs_contribution: 0.25 },
  ],
  beeswarm: [
    { column: 'income', kind: 'number', contributions: [0.3, -0.2], values: [52000, 18000.5] },
    { column: 'city', kind: 'category', contributions: [0.01, -0.0146], values: ['Oslo', null] },
  ],
};
const result = (model: string, explanation: unknown) => modelResult(model, { explanation });
const EVALUATION = {
  ...TRAINING_SUMMARY,
  message: 'Model evaluation completed',
  results: [result('RandomForestClassifier', EXPLANATION), result('SVC', null)],
};
const TRAINED = { problem_type: 'classification', trained_models: ['RandomForestClassifier', 'SVC'] };

function start(evaluation: unknown = EVALUATION) {
  openEvaluation(
    { columns: ['income', 'city'], data: [[1, 'Oslo']] },
    { 8: TRAINED },
    { 'POST /api/evaluate-models/': () => json(evaluation) },
  );
}

// the first render of the step loads its modules: a busy machine may take seconds
const card = async (name = 'Explanations') =>
  (await screen.findByRole('button', { name }, { timeout: 10_000 })).closest('section') as HTMLElement;
const facts = (section: HTMLElement): Record<string, string> =>
  Object.fromEntries(
    [...section.querySelectorAll('.stat-card')].map((item) => [
      item.querySelector('dt')?.textContent ?? '',
      item.querySelector('dd')?.textContent ?? '',
    ]),
  );

describe('Evaluation explanations', () => {
  it("shows the best model's method, rows, output and class, with the summary chart and the beeswarm", async () => {
    start();
    const section = await card();
    expect(facts(section)).toEqual({
      Method: 'SHAP TreeExplainer (exact)',
      'Rows explained': '1,500 of 2,000 held-out rows',
      Output: 'Probability',
      'Explained class': 'true',
    });
    expect(within(section).getByRole('combobox', { name: 'Model' })).toHaveProperty('value', 'RandomForestClassifier');
    expect(within(section).getByRole('img', { name: 'Mean absolute contribution by column of RandomForestClassifier' })).toBeVisible();
    expect(within(section).getByRole('img', { name: 'Contribution per explained row of RandomForestClassifier' })).toBeVisible();
  });

  it('lists the numbers of both charts as tables on request', async () => {
    start();
    const section = await card();
    const [summaryToggle, beeswarmToggle] = within(section).getAllByRole('button', { name: 'Show as table' });
    fireEvent.click(summaryToggle as HTMLElement);
    const summary = within(section).getByRole('table', { name: 'Mean absolute contribution by column of RandomForestClassifier' });
    expect(
      within(summary)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Category', 'Mean |contribution|'],
      ['income', '0.25'],
      ['city', '0.0123'],
    ]);
    fireEvent.click(beeswarmToggle as HTMLElement);
    const beeswarm = within(section).getByRole('table', { name: 'Contribution per explained row of RandomForestClassifier' });
    expect(
      within(beeswarm)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Column', 'Contribution', 'Value'],
      ['income', '0.3', '52,000'],
      ['income', '-0.2', '18,000.5'],
      ['city', '0.01', 'Oslo'],
      ['city', '-0.0146', '—'],
    ]);
  });

  it('says so for a model without an explanation, and follows the model chosen in either card', async () => {
    start();
    const section = await card();
    fireEvent.change(within(section).getByRole('combobox', { name: 'Model' }), { target: { value: 'SVC' } });
    expect(within(section).getByText('This model could not be explained, so it has no explanation charts.')).toBeVisible();
    expect(within(section).queryByRole('img')).toBeNull();
    const charts = screen.getByRole('button', { name: 'Model charts' }).closest('section') as HTMLElement;
    expect(within(charts).getByRole('combobox', { name: 'Model' })).toHaveProperty('value', 'SVC');
    fireEvent.change(within(charts).getByRole('combobox', { name: 'Model' }), { target: { value: 'RandomForestClassifier' } });
    expect(within(section).getByRole('img', { name: 'Mean absolute contribution by column of RandomForestClassifier' })).toBeVisible();
  });

  it("names each row's predicted class when there are more than two, and the explainer in the interface language", async () => {
    await chooseLanguage('de');
    start({
      ...EVALUATION,
      results: [result('RandomForestClassifier', { ...EXPLANATION, method: 'xgboost', output: 'margin', explained_class: null })],
    });
    const section = await card('Erklärungen');
    expect(facts(section)).toEqual({
      Methode: 'Die eigenen exakten Beiträge von XGBoost',
      'Erklärte Zeilen': '1.500 von 2.000 zurückgehaltenen Zeilen',
      Ausgabe: 'Margin (Rohwert)',
      'Erklärte Klasse': 'Die vorhergesagte Klasse jeder Zeile',
    });
  });

  it('leaves the explained class out for regression', async () => {
    start({
      ...EVALUATION,
      problem_type: 'regression',
      primary_metric: 'r2',
      results: [result('RandomForestClassifier', { ...EXPLANATION, output: 'value', explained_class: null })],
    });
    const section = await card();
    expect(facts(section)).toMatchObject({ Output: 'Predicted value' });
    expect(Object.keys(facts(section))).not.toContain('Explained class');
  });

  it('has no explanations for clustering', async () => {
    start({
      ...EVALUATION,
      problem_type: 'clustering',
      primary_metric: 'silhouette_score',
      best_model: 'KMeans',
      results: [result('KMeans', null)],
    });
    await screen.findByText('Model evaluation completed', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Explanations' })).toBeNull();
  });
});
