import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Analysis } from '../../api/analysis';
import type { PreparedResult } from '../../api/transforms';
import { completeStep, emptySession, withAnalysis, type Session } from '../../session/session';
import { DataChangeGuard } from '../../components/ConfirmDialog/dataChangeGuard';
import { queryKeys } from '../../queries/keys';
import { rememberSessionTarget, seedSessionData, type SessionFrame } from '../../queries/sessionData';
import { analysisFixture } from '../../test/analysis';
import { json, stubApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { toStoredAnalysis, type StoredAnalysis } from './analysisRun';
import { AnalyzeStep } from './AnalyzeStep';

// Plotly cannot draw in jsdom: the chart component shows its axis labels and bar texts instead.
vi.mock('../../components/charts/Plot', () => ({
  default: ({ layout, data }: { layout: Record<string, { ticktext?: string[] } | undefined>; data: { text?: string[] }[] }) => (
    <ul data-testid="plot">
      {[...(layout.xaxis?.ticktext ?? []), ...(layout.yaxis?.ticktext ?? []), ...(data[0]?.text ?? [])].map((text, i) => (
        <li key={i}>{text}</li>
      ))}
    </ul>
  ),
}));

const COLUMNS = ['age', 'income', 'city', 'member'];

const TABLE = {
  columns: COLUMNS,
  data: [
    [31, 52000.5, 'Oslo', true],
    [null, 48000, null, false],
  ],
};

function startSession(analysis: StoredAnalysis | null = null): Session {
  return { ...withAnalysis(completeStep(emptySession(), 1), analysis), sessionId: 's1' };
}

/** Holds the session as the pipeline does, so saved analyses and table changes show up. */
function Harness({
  initial,
  onContinue,
  onSession,
  onPrepared,
}: {
  initial: Session;
  onContinue?: (a: StoredAnalysis | null) => void;
  onSession?: (s: Session) => void;
  onPrepared?: (a: StoredAnalysis | null, prepared: PreparedResult) => void;
}) {
  const [session, setSession] = useState(initial);
  const update = (next: (current: Session) => Session) =>
    setSession((current) => {
      const changed = next(current);
      onSession?.(changed);
      return changed;
    });
  return (
    <AnalyzeStep
      session={session}
      onAnalysisChange={(analysis) => update((current) => withAnalysis(current, analysis))}
      onContinue={onContinue ?? (() => undefined)}
      onPrepared={onPrepared ?? (() => undefined)}
    />
  );
}

function renderStep(
  initial: Session = startSession(),
  props: {
    onContinue?: (a: StoredAnalysis | null) => void;
    onSession?: (s: Session) => void;
    onPrepared?: (a: StoredAnalysis | null, prepared: PreparedResult) => void;
  } = {},
  target: string | null = null,
) {
  return renderWithProviders(<Harness initial={initial} {...props} />, (queryClient) => {
    seedSessionData(queryClient, TABLE);
    if (target !== null) void rememberSessionTarget(queryClient, target);
  });
}

const richAnalysis = analysisFixture({
  quality: {
    rows: 1200,
    cols: 4,
    missingPct: 0.00875,
    constantCols: ['flag', 'version', 'source', 'batch'],
    idLikeCols: [],
    highCardCat: ['city'],
    score: 58,
  },
  vif: { age: 12.5, income: null },
  vif_infinite: ['income'],
  distribution_stats: { age: { skew: -1.5 }, income: { skew: 0.7 }, tenure: { skew: null } },
  skipped_high_cardinality: ['customer_reference_code'],
});

function targetRequests(calls: { route: string; request: Request }[]) {
  return calls.filter((call) => call.route === 'GET /api/analyze/').map((call) => new URL(call.request.url).searchParams.get('target'));
}

describe('AnalyzeStep', () => {
  it('shows the loading state, then every panel of the analysis', async () => {
    stubApi({ 'GET /api/analyze/': () => json(richAnalysis) });
    renderStep();
    expect(screen.getByText('Analyzing Dataset')).toBeVisible();
    expect(screen.getByText('Oslo')).toBeVisible();

    const overview = (await screen.findByRole('heading', { name: 'Dataset Overview' })).closest('section');
    if (!overview) throw new Error('no overview section');
    const card = (label: string) => within(overview).getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(card('Rows')).toBe('1,200');
    expect(card('Columns')).toBe('4');
    expect(card('Total missing values')).toBe('42');
    expect(card('Memory')).toBe('3.00 MB');
    expect(within(overview).getByRole('meter', { name: 'Quality score' }).getAttribute('aria-valuenow')).toBe('58');
    // the grade's colour is not its only sign: a cross and the word are shown beside it (WCAG 1.4.1)
    const grade = within(overview).getByText('Quality score').closest('div');
    expect(grade?.className).toContain('overview__quality--poor');
    expect(within(grade as HTMLElement).getByText('Poor')).toBeVisible();
    expect(grade?.querySelector('.tone-cue svg')?.getAttribute('aria-hidden')).toBe('true');

    const types = within(overview).getByRole('list', { name: 'Column types' });
    expect(
      within(types)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2Numeric', '1Categorical', '1Boolean', '0Datetime']);
    expect(within(overview).getByText('0.9% of all cells are missing.')).toBeVisible();
    expect(within(overview).getByText('Constant columns: flag, version, source and 1 more')).toBeVisible();
    expect(within(overview).getByText('High-cardinality categorical columns: city')).toBeVisible();

    const skewRows = screen.getAllByRole('row').filter((row) => row.closest('.skew-table'));
    expect(skewRows.slice(1).map((row) => row.textContent)).toEqual([
      'age-1.50Consider square/yeo-johnson',
      'income0.70Looks OK',
      'tenure——',
    ]);
    expect(screen.getByRole('img', { name: 'Highly skewed' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Moderately skewed' })).toBeVisible();

    const vif = screen.getByRole('img', { name: 'Variance inflation factor by column' });
    expect(await within(vif).findByText('∞', {}, { timeout: 10_000 })).toBeVisible();
    expect(within(vif).getByText('12.50')).toBeVisible();
    expect(screen.getByText('VIF > 10 means high multicollinearity; 5–10 needs attention.')).toBeVisible();

    const quality = screen.getByRole('button', { name: 'Data Quality & Associations' });
    expect(quality.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(quality);
    expect(quality.getAttribute('aria-expanded')).toBe('true');
    for (const name of [
      'Missing values by column',
      'Rows by number of missing fields',
      'Columns missing together',
      "Categorical associations (Cramér's V)",
    ]) {
      expect(screen.getByRole('img', { name })).toBeVisible();
    }
    expect(within(screen.getByRole('img', { name: 'Columns missing together' })).getByText('age × city')).toBeVisible();
    expect(screen.getByText('Left out (more than 50 levels): customer_reference_code')).toBeVisible();

    expect(screen.getByText('Choose a target column to see how strongly each feature relates to it.')).toBeVisible();
    expect(screen.getByText(/^For exploration only/)).toBeVisible();
  });

  it('saves the analysis in the session without its rows', async () => {
    stubApi({ 'GET /api/analyze/': () => json(richAnalysis) });
    const onSession = vi.fn();
    renderStep(startSession(), { onSession });
    await waitFor(() => expect(onSession).toHaveBeenCalled());
    const saved = (onSession.mock.lastCall?.[0] as Session).analysisResults;
    expect(saved).toEqual(toStoredAnalysis(richAnalysis));
  });

  it('runs again when the target changes and shows the feature–target chart', async () => {
    const withTarget = (target: string): Analysis => ({
      ...analysisFixture(),
      target,
      feature_target_assoc: {
        age: { score: 0.41, test: 'pearson', p_value: 0.003 },
        city: { score: 0.12, test: 'anova', p_value: 0.4 },
      },
    });
    const api = stubApi({ 'GET /api/analyze/': () => json(analysisFixture()) });
    renderStep();
    await screen.findByRole('heading', { name: 'Dataset Overview' });
    expect(targetRequests(api.calls)).toEqual([null]);

    const next = stubApi({
      'GET /api/analyze/': () => json(withTarget('income')),
      'PUT /api/session-target/': (body) => json(body),
    });
    const select = screen.getByRole('combobox', { name: 'Target column' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', ...COLUMNS]);
    fireEvent.change(select, { target: { value: 'income' } });

    const chart = await screen.findByRole('img', { name: 'Association of each feature with income' });
    expect(within(chart).getByText('0.41 · Pearson |r|')).toBeVisible();
    expect(within(chart).getByText('0.12 · ANOVA η')).toBeVisible();
    expect(targetRequests(next.calls)).toEqual(['income']);
  });

  it('uses the saved analysis while the columns and target are unchanged', () => {
    const api = stubApi({ 'GET /api/analyze/': () => json(analysisFixture()) });
    renderStep(startSession(toStoredAnalysis(analysisFixture({ columns: COLUMNS }))));
    expect(screen.getByRole('heading', { name: 'Dataset Overview' })).toBeVisible();
    expect(screen.queryByText('Analyzing Dataset')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('runs again when the saved analysis is of another column list', async () => {
    const api = stubApi({ 'GET /api/analyze/': () => json(analysisFixture()) });
    renderStep(startSession(toStoredAnalysis(analysisFixture({ columns: ['age', 'income', 'city', 'member', 'gone'] }))));
    expect(screen.getByText('Analyzing Dataset')).toBeVisible();
    await screen.findByRole('heading', { name: 'Dataset Overview' });
    expect(api.routes()).toEqual(['GET /api/analyze/']);
  });

  it('runs again after a column drop in the table', async () => {
    const remaining = ['age', 'income', 'city'];
    const frame = { columns: remaining, data: [[31, 52000.5, 'Oslo']], shape: [1, 3], dtypes: {}, missing_values: {} };
    const api = stubApi({
      'GET /api/analyze/': () => json(analysisFixture()),
      'POST /api/snapshot-step/': () => json({ message: 'ok', step_id: 2 }),
      'POST /api/drop-columns/': () => json({ ...frame, dropped_columns: ['member'], message: 'dropped' }),
      'GET /api/get-session-data/': () => json(frame),
    });
    renderStep(startSession(toStoredAnalysis(analysisFixture({ columns: COLUMNS }))));
    expect(api.calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Drop column member' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Drop column?' })).getByRole('button', { name: 'Drop column' }));
    await screen.findByText('Column "member" dropped.');
    await waitFor(() => {
      const routes = api.routes();
      expect(routes.lastIndexOf('GET /api/analyze/')).toBeGreaterThan(routes.indexOf('GET /api/get-session-data/'));
    });
    await screen.findByRole('heading', { name: 'Dataset Overview' });
  });

  it('only logs a failed analysis: no toast, no panels', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ 'GET /api/analyze/': () => json({ error: 'Boom', code: 'boom' }, 500) });
    renderStep();
    // the query client retries once before it gives up
    await waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 4000 });
    expect(logged.mock.calls[0]?.[0]).toBe('Analysis failed:');
    expect(screen.queryByText('Boom')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Dataset Overview' })).toBeNull();
    expect(screen.queryByText('Analyzing Dataset')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue to Missing Values' })).toBeVisible();
  });

  it('continues to Missing Values with the analysis', async () => {
    stubApi({ 'GET /api/analyze/': () => json(analysisFixture()) });
    const onContinue = vi.fn();
    renderStep(startSession(), { onContinue });
    await screen.findByRole('heading', { name: 'Dataset Overview' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Missing Values' }));
    expect(onContinue).toHaveBeenCalledWith(toStoredAnalysis(analysisFixture()));
  });

  it('makes the picked target the session target, and clears it with None', async () => {
    const api = stubApi({
      'GET /api/analyze/': (_, request) => json({ ...analysisFixture(), target: new URL(request.url).searchParams.get('target') }),
      'PUT /api/session-target/': (body) => json(body),
    });
    renderStep();
    await screen.findByRole('heading', { name: 'Dataset Overview' });
    expect(api.routes()).not.toContain('PUT /api/session-target/');

    const select = screen.getByRole('combobox', { name: 'Target column' });
    fireEvent.change(select, { target: { value: 'income' } });
    await waitFor(() =>
      expect(api.calls.filter((call) => call.route === 'PUT /api/session-target/').map((call) => call.body)).toEqual([
        { target_column: 'income' },
      ]),
    );
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() =>
      expect(api.calls.filter((call) => call.route === 'PUT /api/session-target/').map((call) => call.body)).toEqual([
        { target_column: 'income' },
        { target_column: null },
      ]),
    );
    // the analysis runs again as before, for the target and then without one
    await waitFor(() => expect(targetRequests(api.calls)).toEqual([null, 'income', null]));
  });

  it('reports a target the server refuses', async () => {
    stubApi({
      'GET /api/analyze/': () => json(analysisFixture()),
      'PUT /api/session-target/': () =>
        json({ error: 'Unknown target column: income', code: 'unknown_target', params: { column: 'income' } }, 400),
    });
    renderStep();
    await screen.findByRole('heading', { name: 'Dataset Overview' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Target column' }), { target: { value: 'income' } });
    expect(await screen.findByText('Could not save the target column.')).toBeVisible();
    expect(screen.getByText('Unknown target column: income')).toBeVisible();
  });

  it('suggests dropping the id-like and constant columns but the target, and drops them the way the table does', async () => {
    const quality = { ...analysisFixture().quality, idLikeCols: ['member', 'income'], constantCols: ['city', 'gone'] };
    const remaining = ['age', 'income'];
    const frame = { columns: remaining, data: [[31, 52000.5]], shape: [1, 2], dtypes: {}, missing_values: {} };
    const api = stubApi({
      'GET /api/analyze/': () => json({ ...analysisFixture({ columns: remaining, data: frame.data }), target: 'income' }),
      'POST /api/snapshot-step/': () => json({ message: 'ok', step_id: 2 }),
      'POST /api/drop-columns/': () => json({ ...frame, dropped_columns: ['member', 'city'], message: 'dropped' }),
      'GET /api/get-session-data/': () => json(frame),
    });
    renderStep(startSession(toStoredAnalysis(analysisFixture({ columns: COLUMNS, target: 'income', quality }))));

    const overview = screen.getByRole('heading', { name: 'Dataset Overview' }).closest('section') as HTMLElement;
    const suggestion = within(overview)
      .getByText('Suggested: drop id-like and constant columns')
      .closest('.overview__suggestion') as HTMLElement;
    // the target (income) and a name that is no longer a column (gone) are left out
    expect([...suggestion.querySelectorAll('.column-chips__chip')].map((chip) => chip.textContent)).toEqual(['member', 'city']);
    expect(api.calls).toHaveLength(0);

    fireEvent.click(within(suggestion).getByRole('button', { name: 'Drop these columns' }));
    expect(await screen.findByText('Columns dropped: member, city.')).toBeVisible();
    expect(api.calls.find((call) => call.route === 'POST /api/drop-columns/')?.body).toEqual({ columns: ['member', 'city'], step_id: 2 });
    await waitFor(() => {
      const routes = api.routes();
      expect(routes.slice(0, 3)).toEqual(['POST /api/snapshot-step/', 'POST /api/drop-columns/', 'GET /api/get-session-data/']);
      expect(routes.lastIndexOf('GET /api/analyze/')).toBeGreaterThan(routes.indexOf('GET /api/get-session-data/'));
    });
    expect(await screen.findByRole('heading', { name: 'Dataset Overview' })).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Suggested: drop id-like and constant columns')).toBeNull());
    expect(screen.queryByRole('columnheader', { name: /member/ })).toBeNull();
  });

  it('suggests nothing when no column is id-like or constant', async () => {
    stubApi({ 'GET /api/analyze/': () => json(analysisFixture()) });
    renderStep();
    await screen.findByRole('heading', { name: 'Dataset Overview' });
    expect(screen.queryByRole('button', { name: 'Drop these columns' })).toBeNull();
  });

  describe('Prepare automatically', () => {
    const prepared: PreparedResult = {
      columns: ['age', 'income', 'income_missing'],
      data: [[31, 52000.5, 0]],
      shape: [2, 3],
      dtypes: { age: 'float64', income: 'float64', income_missing: 'int64' },
      missing_values: { age: 0, income: 0, income_missing: 0 },
      column_kinds: { age: 'numeric', income: 'numeric', income_missing: 'numeric' },
      scaling_candidates: ['age', 'income'],
      message: 'Prepared steps 3–7.',
      screens: [{ step_id: 3, steps: [] }],
    };
    const prepareButton = () => screen.getByRole('button', { name: 'Prepare automatically' });

    it('is off until the session has a target', async () => {
      stubApi({ 'GET /api/analyze/': () => json(analysisFixture()) });
      renderStep();
      await screen.findByRole('heading', { name: 'Dataset Overview' });
      expect(prepareButton()).toBeDisabled();
      expect(screen.getByText('Choose a target to prepare steps 3–7 automatically.')).toBeVisible();
    });

    it('records steps 3–7 for the target, writes the new frame and hands the result on', async () => {
      const api = stubApi({
        'GET /api/analyze/': () => json({ ...analysisFixture(), target: 'income' }),
        'POST /api/prepare-automatically/': () => json(prepared),
      });
      const onPrepared = vi.fn();
      const { queryClient } = renderStep(startSession(), { onPrepared }, 'income');
      await screen.findByRole('heading', { name: 'Dataset Overview' });
      expect(screen.getByText(/Records steps 3–7 chosen from the data for income/)).toBeVisible();
      fireEvent.click(prepareButton());

      await waitFor(() => expect(onPrepared).toHaveBeenCalledTimes(1));
      expect(api.routes()).toContain('POST /api/prepare-automatically/');
      expect(onPrepared.mock.calls[0]?.[1]).toEqual(prepared);
      const frame = queryClient.getQueryData<SessionFrame>(queryKeys.sessionData);
      expect(frame?.columns).toEqual(prepared.columns);
      expect(frame?.target).toBe('income');
      // step 3's undo is offered at once
      expect(frame?.snapshotSteps).toEqual([3]);
      expect(await screen.findByText('Steps 3–7 prepared automatically.')).toBeVisible();
    });

    it('sends nothing when the person keeps the trained models', async () => {
      const api = stubApi({ 'GET /api/analyze/': () => json(analysisFixture()) });
      const onPrepared = vi.fn();
      const keepModels = vi.fn(() => Promise.resolve(false));
      renderWithProviders(
        <DataChangeGuard.Provider value={keepModels}>
          <Harness initial={startSession()} onPrepared={onPrepared} />
        </DataChangeGuard.Provider>,
        (queryClient) => {
          seedSessionData(queryClient, TABLE);
          void rememberSessionTarget(queryClient, 'income');
        },
      );
      await screen.findByRole('heading', { name: 'Dataset Overview' });
      fireEvent.click(prepareButton());
      await waitFor(() => expect(keepModels).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.routes()).not.toContain('POST /api/prepare-automatically/');
      expect(onPrepared).not.toHaveBeenCalled();
    });

    it('shows the server refusing and hands nothing on', async () => {
      stubApi({
        'GET /api/analyze/': () => json(analysisFixture()),
        'POST /api/prepare-automatically/': () =>
          json({ error: 'Choose a target column first.', code: 'target_required', params: {} }, 400),
      });
      const onPrepared = vi.fn();
      renderStep(startSession(), { onPrepared }, 'income');
      await screen.findByRole('heading', { name: 'Dataset Overview' });
      fireEvent.click(prepareButton());
      expect(await screen.findByText('Automatic preparation failed.')).toBeVisible();
      expect(onPrepared).not.toHaveBeenCalled();
    });
  });
});
