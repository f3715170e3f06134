import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ModelOptimizations, OptimizationRun } from '../../api/models';
import { json, stubApi } from '../../test/api';
import { TEST_METRIC_CATALOG } from '../../test/metricCatalog';
import { optimizationHistory, optimizationRun } from '../../test/optimizationRuns';
import { renderWithProviders } from '../../test/render';
import { cardValue } from '../../test/steps';
import { OptimizationResult } from './OptimizationResult';

function kept(runs: OptimizationRun[], picked = 1, changes: Partial<ModelOptimizations> = {}): ModelOptimizations {
  const [model] = optimizationHistory(runs, picked, changes).models;
  if (model === undefined) throw new Error('no runs');
  return model;
}

describe('OptimizationResult', () => {
  it('says the model keeps its own settings when no searched set beat them', () => {
    stubApi({ 'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG) });
    const run = optimizationRun({ best_score: 0.8, best_params: {}, kept_baseline: true });
    renderWithProviders(<OptimizationResult kept={kept([run])} run={run} onPick={vi.fn()} picking={false} />);
    expect(screen.getByText("No searched setting scored above the model's own settings, so those are kept.")).toBeVisible();
    expect(screen.getByText('0.00%')).toBeVisible();
  });

  it("shows SPEC's percent and relative improvement with Evaluation's form and the difference in the metric's units", async () => {
    stubApi({ 'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG) });
    const run = optimizationRun();
    const { container } = renderWithProviders(<OptimizationResult kept={kept([run])} run={run} onPick={vi.fn()} picking={false} />);
    expect(cardValue(container, 'Best score')).toBe('91.23%');
    expect(cardValue(container, 'Improvement')).toBe('+14.04%');
    expect(cardValue(container, 'Difference')).toBe('+0.1123');
    expect(await screen.findByText('Accuracy · 0.9123')).toBeVisible();
  });

  it('colours a fall of an error metric as a change for the better', async () => {
    stubApi({ 'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG) });
    const run = optimizationRun({
      primary_metric: 'rmse',
      best_score: 2.0,
      baseline_score: 2.5,
      improvement: -0.2,
      metrics: { rmse: 2.0 },
    });
    const { container } = renderWithProviders(<OptimizationResult kept={kept([run])} run={run} onPick={vi.fn()} picking={false} />);
    expect(await screen.findByText('RMSE · 2.0000')).toBeVisible();
    const improvement = container.querySelector('.optimization-result__change--better');
    expect(improvement?.textContent).toContain('-20.00%');
    expect(container.querySelector('.optimization-result__change--worse')).toBeNull();
  });

  it('lists every kept run, newest first, and picks another', () => {
    stubApi({ 'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG) });
    const first = optimizationRun();
    const second = optimizationRun({
      run_id: 2,
      best_score: 0.85,
      optimization_method: 'grid_search',
      search_space: { grid: { C: [0.01, 1] }, distributions: {} },
    });
    const onPick = vi.fn();
    renderWithProviders(<OptimizationResult kept={kept([first, second])} run={first} onPick={onPick} picking={false} />);
    const table = screen.getByRole('table', { name: 'Search runs of LogisticRegression' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['2', '1']);
    expect(within(rows[0] as HTMLElement).getByText('C: 0.01, 1')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('85.00%')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Iterations: 4 · CV folds: 2')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('In use')).toBeTruthy();
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Use run 2' }));
    expect(onPick).toHaveBeenCalledWith(2);
  });

  it('says a newer run scored lower and was not applied', () => {
    stubApi({ 'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG) });
    const first = optimizationRun();
    const second = optimizationRun({ run_id: 2, best_score: 0.85 });
    renderWithProviders(<OptimizationResult kept={kept([first, second])} run={first} onPick={vi.fn()} picking={false} />);
    expect(screen.getByText('Run 2 scored below run 1 in Accuracy and was not applied: run 1 stays in use.')).toBeVisible();
  });

  it('reads the runs in the primary metric chosen since and names a better run than the one the person picked', () => {
    stubApi({ 'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG) });
    const first = optimizationRun({ ranked: { metric: 'log_loss', score: 0.5, baseline_score: 0.6, improvement: null } });
    const second = optimizationRun({ run_id: 2, ranked: { metric: 'log_loss', score: 0.3, baseline_score: 0.6, improvement: null } });
    const old = optimizationRun({ run_id: 3 });
    const history = kept([first, second, old], 1, { primary_metric: 'log_loss', best_run: 2, picked_by_person: true });
    const { container } = renderWithProviders(<OptimizationResult kept={history} run={first} onPick={vi.fn()} picking={false} />);
    expect(cardValue(container, 'Best score')).toBe('0.5000');
    expect(cardValue(container, 'Baseline score')).toBe('0.6000');
    expect(
      screen.getByText(
        'Run 2 now scores better in Log loss than run 1, which you picked and which stays in use; pick run 2 to use it instead.',
      ),
    ).toBeVisible();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[1] as HTMLElement).getByText('0.3000')).toBeTruthy();
    // kept before the metric was chosen, it is read in its own, and says so
    expect(within(rows[0] as HTMLElement).getByText('91.23%')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('in Accuracy: this run has no Log loss')).toBeTruthy();
  });
});
