import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../queries/keys';
import type { SessionFrame } from '../../queries/sessionData';
import { json, stubApi } from '../../test/api';
import { frame, renderStep, sessionAt } from '../../test/steps';
import { CorrelationStep } from './CorrelationStep';

// Plotly cannot draw in jsdom: the chart shows its bar texts instead.
vi.mock('../../components/charts/Plot', () => ({
  default: ({ data }: { data: { y?: string[]; text?: string[] }[] }) => (
    <ul data-testid="plot">
      {(data[0]?.y ?? []).map((name, i) => (
        <li key={name}>{`${name} ${data[0]?.text?.[i] ?? ''}`}</li>
      ))}
    </ul>
  ),
}));

const COLUMNS = ['id', 'score', 'age', 'city'];
const DATA = [
  [1, 1.25, 30, 'Oslo'],
  [2, 2.5, 41, 'Lima'],
];
const DTYPES = { id: 'int64', score: 'float64', age: 'int64', city: 'str' };
const PAIRS = [
  { col1: 'id', col2: 'score', correlation: 1 },
  { col1: 'age', col2: 'score', correlation: -0.96 },
];

function section(title: string): HTMLElement {
  const card = screen.getByRole('heading', { name: title }).closest('section');
  if (!card) throw new Error(`no section ${title}`);
  return card;
}

/** Renders the screen; the server's session data names `sessionTarget` as the session target. */
function start(sessionTarget: string | null = 'score') {
  let dropped = false;
  const api = stubApi({
    'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, DATA, DTYPES), target_column: sessionTarget }),
    'POST /api/snapshot-step/': () => json({ step_id: 6, message: 'ok' }),
    'POST /api/correlation-analysis/': (body) => {
      const request = body as { threshold: number; preview_only: boolean; columns_to_drop?: string[] };
      if (request.preview_only) {
        const pairs = dropped ? [] : PAIRS.filter((pair) => Math.abs(pair.correlation) >= request.threshold);
        return json({ threshold: request.threshold, highly_correlated: pairs });
      }
      dropped = true;
      const kept = ['score', 'city'];
      return json({
        threshold: request.threshold,
        highly_correlated: [],
        dropped_columns: request.columns_to_drop,
        ...frame(
          kept,
          [
            [1.25, 'Oslo'],
            [2.5, 'Lima'],
          ],
          { score: 'float64', city: 'str' },
          {},
          '2 columns dropped',
        ),
      });
    },
    'POST /api/target-correlation/': (body) =>
      json({
        target_column: (body as { target_column: string }).target_column,
        method: (body as { method: string }).method,
        correlations: [
          { column: 'id', correlation: 0.99 },
          { column: 'age', correlation: -0.4 },
        ],
      }),
  });
  return { api, ...renderStep(CorrelationStep, sessionAt(6, { columns: COLUMNS, data: DATA })) };
}

const previews = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((call) => call.route === 'POST /api/correlation-analysis/' && (call.body as { preview_only: boolean }).preview_only);

describe('CorrelationStep pairs', () => {
  it('lists the pairs at the 0.95 default with a drop choice per side', async () => {
    const { api } = start();
    const group = await screen.findByRole('radiogroup', { name: 'Drop from this pair: id and score' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Keep both', 'Drop id', 'Drop score']);
    expect(within(group).getByRole('radio', { name: 'Keep both' })).toHaveProperty('checked', true);
    expect(screen.getByText('r = -0.960')).toBeVisible();
    expect(previews(api)[0]?.body).toEqual({ threshold: 0.95, preview_only: true });
    const threshold = within(section('Highly correlated pairs')).getByRole('spinbutton', { name: 'Threshold (|r|)' });
    expect([threshold.getAttribute('min'), threshold.getAttribute('max'), threshold.getAttribute('step')]).toEqual(['0', '1', '0.01']);
  });

  it('asks again when the threshold changes', async () => {
    const { api } = start();
    await screen.findByRole('radiogroup', { name: 'Drop from this pair: age and score' });
    fireEvent.change(within(section('Highly correlated pairs')).getByRole('spinbutton', { name: 'Threshold (|r|)' }), {
      target: { value: '0.99' },
    });
    await waitFor(() => expect(screen.queryByRole('radiogroup', { name: 'Drop from this pair: age and score' })).toBeNull());
    expect(previews(api).map((call) => (call.body as { threshold: number }).threshold)).toEqual([0.95, 0.99]);
  });

  it('needs a column to drop, drops the chosen ones and asks for the pairs again', async () => {
    const { api } = start();
    const pairs = await screen.findByRole('list', { name: 'Highly correlated pairs' });
    const apply = within(section('Highly correlated pairs')).getByRole('button', { name: 'Drop selected columns' });
    fireEvent.click(apply);
    expect(await screen.findByText('Please select at least one column to drop.')).toBeVisible();

    fireEvent.click(within(pairs).getByRole('radio', { name: 'Drop id' }));
    fireEvent.click(within(pairs).getByRole('radio', { name: 'Drop age' }));
    expect(screen.getByText('To drop: id, age')).toBeVisible();
    fireEvent.click(apply);
    expect(await screen.findByText('2 columns dropped')).toBeVisible();
    const drop = api.calls.find(
      (call) => call.route === 'POST /api/correlation-analysis/' && !(call.body as { preview_only: boolean }).preview_only,
    );
    expect(drop?.body).toEqual({ threshold: 0.95, preview_only: false, columns_to_drop: ['id', 'age'] });
    expect(api.routes()).toContain('POST /api/snapshot-step/');
    await screen.findByText('No pair of columns reaches |r| ≥ 0.95.');
    expect(previews(api)).toHaveLength(2);
    expect(screen.queryByRole('columnheader', { name: /^id/ })).toBeNull();
  });
});

describe('CorrelationStep target correlation', () => {
  it('charts the correlations with the target and asks again for Spearman', async () => {
    const { api } = start();
    const chart = await screen.findByRole('img', { name: 'Correlation with score' });
    expect(await within(chart).findByText('id 0.990')).toBeVisible();
    expect(within(chart).getByText('age -0.400')).toBeVisible();
    fireEvent.click(screen.getByRole('radio', { name: 'Spearman' }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.route === 'POST /api/target-correlation/').map((call) => call.body)).toEqual([
        { target_column: 'score', method: 'pearson' },
        { target_column: 'score', method: 'spearman' },
      ]),
    );
  });

  it('offers numeric targets and waits for one', async () => {
    start(null);
    expect(await screen.findByText('Choose a numeric target column to see how each column relates to it.')).toBeVisible();
    const target = within(section('Target correlation')).getByRole('combobox', { name: 'Target column' });
    await waitFor(() =>
      expect(
        within(target)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['None', 'id', 'score', 'age']),
    );
  });

  it('starts from the session target, and a pick of its own neither sends nor caches a new one', async () => {
    const { api, queryClient } = start('score');
    await screen.findByRole('img', { name: 'Correlation with score' });
    fireEvent.change(within(section('Target correlation')).getByRole('combobox', { name: 'Target column' }), { target: { value: 'age' } });
    await screen.findByRole('img', { name: 'Correlation with age' });
    expect(api.calls.filter((call) => call.route === 'POST /api/target-correlation/').map((call) => call.body)).toEqual([
      { target_column: 'score', method: 'pearson' },
      { target_column: 'age', method: 'pearson' },
    ]);
    expect(api.routes()).not.toContain('PUT /api/session-target/');
    expect(queryClient.getQueryData<SessionFrame>(queryKeys.sessionData)?.target).toBe('score');
  });
});

describe('CorrelationStep queries', () => {
  it('keeps its pairs and target correlation under the session, so leaving the session forgets them', async () => {
    const { queryClient } = start('score');
    await screen.findByRole('radiogroup', { name: 'Drop from this pair: age and score' }, { timeout: 5000 });
    await screen.findByRole('img', { name: 'Correlation with score' });
    const keys = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(keys.map((key) => key[1])).toEqual(expect.arrayContaining(['correlated-pairs', 'target-correlation']));
    expect(keys.filter((key) => key[0] !== 'session')).toEqual([]);
  });
});
