import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api';
import { TEST_METRIC_CATALOG } from '../../test/metricCatalog';
import { optimizationRun } from '../../test/optimizationRuns';
import { renderWithProviders } from '../../test/render';
import { cardValue } from '../../test/steps';
import { OptimizationResult } from './OptimizationResult';

describe('OptimizationResult', () => {
  it('says the model keeps its own settings when no searched set beat them', () => {
    stubApi({ 'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG) });
    const run = optimizationRun({ best_score: 0.8, best_params: {}, kept_baseline: true });
    renderWithProviders(<OptimizationResult model="LogisticRegression" run={run} runs={[run]} onPick={vi.fn()} picking={false} />);
    expect(screen.getByText("No searched setting scored above the model's own settings, so those are kept.")).toBeVisible();
    expect(screen.getByText('0.00%')).toBeVisible();
  });

  it("shows SPEC's percent and relative improvement with Evaluation's form and the difference in the metric's units", async () => {
    stubApi({ 'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG) });
    const run = optimizationRun();
    const { container } = renderWithProviders(
      <OptimizationResult model="LogisticRegression" run={run} runs={[run]} onPick={vi.fn()} picking={false} />,
    );
    expect(cardValue(container, 'Best score')).toBe('91.23%');
    expect(cardValue(container, 'Improvement')).toBe('+14.04%');
    expect(cardValue(container, 'Difference')).toBe('+0.1123');
    expect(await screen.findByText('Accuracy · 0.9123')).toBeVisible();
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
    renderWithProviders(
      <OptimizationResult model="LogisticRegression" run={first} runs={[first, second]} onPick={onPick} picking={false} />,
    );
    const table = screen.getByRole('table', { name: 'Search runs of LogisticRegression' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['2', '1']);
    expect(within(rows[0] as HTMLElement).getByText('C: 0.01, 1')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('85.00%')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('In use')).toBeTruthy();
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Use run 2' }));
    expect(onPick).toHaveBeenCalledWith(2);
  });
});
