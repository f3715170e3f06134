import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Cell, TableData } from '../../api/dataset';
import { queryKeys } from '../../queries/keys';
import { useFrameChanges, useSessionData, type SessionFrame } from '../../queries/sessionData';
import { deferred, json, stubApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './DataTable';

const COLUMNS = ['a', 'b', 'c'];
const DATA: Cell[][] = [
  [1, 'x', true],
  [2, 'y', false],
];

function frame(columns: string[], data: Cell[][]) {
  return { columns, data, shape: [data.length, columns.length], dtypes: {}, missing_values: {} };
}

/** Puts a frame in the cache as the screens' read would. */
function cacheTable(queryClient: QueryClient, table: TableData) {
  const cached: SessionFrame = { columns: table.columns, preview: table.data, info: null, target: null, snapshotSteps: [] };
  queryClient.setQueryData(queryKeys.sessionData, cached);
}

/** The table with `onChange` told the frame after every change made on the page. */
function Harness({ stepId, onChange }: { stepId?: number; onChange?: (t: TableData) => void }) {
  const queryClient = useQueryClient();
  useFrameChanges(() => {
    const cached = queryClient.getQueryData<SessionFrame>(queryKeys.sessionData);
    onChange?.({ columns: cached?.columns ?? [], data: cached?.preview ?? [] });
  });
  return <DataTable stepId={stepId} title="Preview" />;
}

function renderTable(options: { columns?: string[]; data?: Cell[][]; stepId?: number; onChange?: (t: TableData) => void } = {}) {
  const initial = { columns: options.columns ?? COLUMNS, data: options.data ?? DATA };
  return renderWithProviders(<Harness stepId={options.stepId} onChange={options.onChange} />, (queryClient) =>
    cacheTable(queryClient, initial),
  );
}

function headers(): string[] {
  return screen.getAllByRole('columnheader').map((th) => th.textContent);
}

function bodyRowCount(): number {
  return screen.getAllByRole('row').length - 1;
}

function openDropDialog(column: string) {
  fireEvent.click(screen.getByRole('button', { name: `Drop column ${column}` }));
  return screen.getByRole('dialog', { name: 'Drop column?' });
}

function scrollToBottom(region: HTMLElement) {
  Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(region, 'clientHeight', { configurable: true, value: 480 });
  Object.defineProperty(region, 'scrollTop', { configurable: true, value: 520 });
  fireEvent.scroll(region);
}

describe('DataTable rows', () => {
  const rows = (count: number, tag = 'r'): Cell[][] => Array.from({ length: count }, (_, i) => [`${tag}${i}`]);

  it('shows 10 rows first, 50 more near the bottom, and at most 500', () => {
    renderTable({ columns: ['id'], data: rows(800) });
    expect(bodyRowCount()).toBe(10);
    const region = screen.getByRole('region', { name: 'Preview' });

    scrollToBottom(region);
    expect(bodyRowCount()).toBe(60);

    for (let i = 0; i < 20; i += 1) scrollToBottom(region);
    expect(bodyRowCount()).toBe(500);
  });

  it('does not grow while the scroll is far from the bottom', () => {
    renderTable({ columns: ['id'], data: rows(100) });
    const region = screen.getByRole('region', { name: 'Preview' });
    Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(region, 'clientHeight', { configurable: true, value: 480 });
    Object.defineProperty(region, 'scrollTop', { configurable: true, value: 100 });
    fireEvent.scroll(region);
    expect(bodyRowCount()).toBe(10);
  });

  it('grows on a downward wheel when the table is too short to scroll', () => {
    renderTable({ columns: ['id'], data: rows(100) });
    const region = screen.getByRole('region', { name: 'Preview' });
    fireEvent.wheel(region, { deltaY: 40 });
    expect(bodyRowCount()).toBe(60);
  });

  it('resets to 10 rows when the data changes', async () => {
    const { queryClient } = renderWithProviders(<DataTable />, (client) => cacheTable(client, { columns: ['id'], data: rows(200) }));
    scrollToBottom(screen.getByRole('region', { name: 'Data table' }));
    expect(bodyRowCount()).toBe(60);
    act(() => cacheTable(queryClient, { columns: ['id'], data: rows(200, 's') }));
    await waitFor(() => expect(bodyRowCount()).toBe(10));
  });

  it('says how many preview rows it shows and how many rows the dataset has', async () => {
    stubApi({ 'GET /api/get-session-data/': () => json({ ...frame(['id'], rows(500)), shape: [3201, 1] }) });
    function LoadsSessionData() {
      useSessionData();
      return null;
    }
    renderWithProviders(
      <>
        <LoadsSessionData />
        <DataTable />
      </>,
      (client) => cacheTable(client, { columns: ['id'], data: rows(500) }),
    );
    expect(await screen.findByText('Showing 10 of 500 preview rows (3,201 in the dataset)')).toBeVisible();
  });

  it('uses the singular for a single row', () => {
    renderTable({ columns: ['id'], data: rows(1) });
    expect(screen.getByText('Showing 1 of 1 row')).toBeVisible();
  });

  it('offers a button that shows more rows', () => {
    renderTable({ columns: ['id'], data: rows(30) });
    expect(screen.getByText('Showing 10 of 30 rows')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Show more rows' }));
    expect(bodyRowCount()).toBe(30);
    expect(screen.queryByRole('button', { name: 'Show more rows' })).toBeNull();
  });
});

describe('DataTable cells', () => {
  it('shows a dash for missing and non-finite values and True/False for booleans', () => {
    renderTable({ columns: ['n', 'm', 'inf', 'flag', 'no'], data: [[1.5, null, Number.POSITIVE_INFINITY, true, false]] });
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['1.5', '—', '—', 'True', 'False']);
  });

  it('truncates values over 40 characters and expands or collapses them on click', () => {
    const long = 'x'.repeat(41) + 'END';
    renderTable({ columns: ['text'], data: [[long], ['y'.repeat(40)]] });
    const toggle = screen.getByRole('button', { name: `${'x'.repeat(40)}…` });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('y'.repeat(40)).tagName).toBe('TD');

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe(long);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe(`${'x'.repeat(40)}…`);
  });

  it('shows empty states', () => {
    const { unmount } = renderTable({ columns: [], data: [] });
    expect(screen.getByText('No columns to display.')).toBeVisible();
    unmount();
    renderTable({ columns: ['a'], data: [] });
    expect(screen.getByText('No rows to display.')).toBeVisible();
  });
});

describe('DataTable drop dialog', () => {
  it('cancels with Escape, Cancel and a backdrop click, and returns focus', () => {
    const api = stubApi({});
    const onChange = vi.fn();
    renderTable({ stepId: 2, onChange });
    const dropB = screen.getByRole('button', { name: 'Drop column b' });

    dropB.focus();
    let dialog = openDropDialog('b');
    expect(within(dialog).getByText(/Column “b” will be removed/)).toBeVisible();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(dropB);

    dialog = openDropDialog('b');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    openDropDialog('b');
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(api.calls).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
    expect(headers()).toEqual(COLUMNS);
  });

  it('keeps focus inside the dialog', () => {
    stubApi({});
    renderTable();
    const dialog = openDropDialog('a');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Drop column' });
    expect(document.activeElement).toBe(confirm);
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('confirms with Enter', async () => {
    const api = stubApi({
      'POST /api/drop-columns/': () =>
        json({
          ...frame(
            ['a', 'c'],
            [
              [1, true],
              [2, false],
            ],
          ),
          dropped_columns: ['b'],
          message: 'ok',
        }),
      'GET /api/get-session-data/': () =>
        json(
          frame(
            ['a', 'c'],
            [
              [1, true],
              [2, false],
            ],
          ),
        ),
    });
    renderTable();
    fireEvent.keyDown(openDropDialog('b'), { key: 'Enter' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Column "b" dropped.')).toBeVisible();
    expect(api.routes()).toEqual(['POST /api/drop-columns/', 'GET /api/get-session-data/']);
  });

  it('refuses to drop the last column', async () => {
    const api = stubApi({});
    renderTable({ columns: ['only'], data: [[1]] });
    fireEvent.click(screen.getByRole('button', { name: 'Drop column only' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('You cannot drop the last column.')).toBeVisible();
    expect(api.calls).toEqual([]);
  });
});

describe('DataTable column drop', () => {
  it('snapshots first, removes the column at once, then shows the reloaded session data', async () => {
    const drop = deferred<Response>();
    const api = stubApi({
      'POST /api/snapshot-step/': () => json({ step_id: 2, message: 'ok' }),
      'POST /api/drop-columns/': () => drop.promise,
      'GET /api/get-session-data/': () =>
        json(
          frame(
            ['a', 'c'],
            [
              [10, true],
              [20, false],
              [30, true],
            ],
          ),
        ),
    });
    renderTable({ stepId: 2 });
    fireEvent.click(within(openDropDialog('b')).getByRole('button', { name: 'Drop column' }));

    await waitFor(() => expect(headers()).toEqual(['a', 'c']));
    expect(screen.getByRole('button', { name: 'Drop column a' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveProperty('disabled', true);

    await act(async () => {
      drop.resolve(json({ ...frame(['a', 'c'], [[1, true]]), dropped_columns: ['b'], message: 'ok' }));
      await drop.promise;
    });
    expect(await screen.findByText('Column "b" dropped.')).toBeVisible();
    expect(bodyRowCount()).toBe(3);
    expect(screen.getByRole('button', { name: 'Drop column a' })).toHaveProperty('disabled', false);
    expect(api.calls.map(({ route, body }) => [route, body])).toEqual([
      ['POST /api/snapshot-step/', { step_id: 2 }],
      ['POST /api/drop-columns/', { columns: ['b'], step_id: 2 }],
      ['GET /api/get-session-data/', undefined],
    ]);
  });

  it('takes the snapshot only once in a view', async () => {
    const api = stubApi({
      'POST /api/snapshot-step/': () => json({ step_id: 1, message: 'ok' }),
      'POST /api/drop-columns/': (body) => {
        const dropped = (body as { columns: string[] }).columns;
        const left = COLUMNS.filter((c) => !dropped.includes(c) && c !== 'b');
        return json({ ...frame(left, []), dropped_columns: dropped, message: 'ok' });
      },
      'GET /api/get-session-data/': () => json(frame(['a', 'c'], [])),
    });
    renderTable({ stepId: 1 });
    fireEvent.click(within(openDropDialog('b')).getByRole('button', { name: 'Drop column' }));
    await screen.findByText('Column "b" dropped.');
    fireEvent.click(within(openDropDialog('c')).getByRole('button', { name: 'Drop column' }));
    await screen.findByText('Column "c" dropped.');
    expect(api.routes().filter((route) => route === 'POST /api/snapshot-step/')).toHaveLength(1);
  });

  it('restores the original columns and data when the drop fails', async () => {
    const onChange = vi.fn<(table: TableData) => void>();
    stubApi({
      'POST /api/drop-columns/': () => json({ error: 'Unknown columns: b', code: 'unknown_columns', params: { columns: ['b'] } }, 400),
    });
    renderTable({ onChange });
    fireEvent.click(within(openDropDialog('b')).getByRole('button', { name: 'Drop column' }));
    expect(await screen.findByText('Unknown columns: b')).toBeVisible();
    expect(headers()).toEqual(COLUMNS);
    expect(onChange.mock.calls.map(([table]) => table.columns)).toEqual([['a', 'c'], COLUMNS]);
    expect(onChange.mock.lastCall?.[0]).toEqual({ columns: COLUMNS, data: DATA });
  });

  it('uses the data the drop returned when the reload fails', async () => {
    stubApi({
      'POST /api/drop-columns/': () => json({ ...frame(['a', 'c'], [[7, true]]), dropped_columns: ['b'], message: 'ok' }),
      'GET /api/get-session-data/': () => new Response('', { status: 500 }),
    });
    renderTable();
    fireEvent.click(within(openDropDialog('b')).getByRole('button', { name: 'Drop column' }));
    expect(await screen.findByText('Failed to refresh data after drop (used fallback).')).toBeVisible();
    expect(await screen.findByText('Column "b" dropped.')).toBeVisible();
    expect(headers()).toEqual(['a', 'c']);
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['7', 'True']);
  });

  it('does not drop when the snapshot fails', async () => {
    const api = stubApi({
      'POST /api/snapshot-step/': () => json({ error: 'No dataset uploaded.', code: 'no_dataset' }, 400),
    });
    renderTable({ stepId: 2 });
    fireEvent.click(within(openDropDialog('b')).getByRole('button', { name: 'Drop column' }));
    expect(await screen.findByText('Snapshot failed: No dataset uploaded.')).toBeVisible();
    expect(api.routes()).toEqual(['POST /api/snapshot-step/']);
    expect(headers()).toEqual(COLUMNS);
  });
});

describe('DataTable undo', () => {
  /** The session data as the server answers it once the step has its snapshot. */
  const snapshotted = (columns: string[], data: Cell[][]) => ({ ...frame(columns, data), snapshot_steps: [2] });

  async function dropB() {
    fireEvent.click(within(openDropDialog('b')).getByRole('button', { name: 'Drop column' }));
    await screen.findByText('Column "b" dropped.');
  }

  it('is disabled while the step has no snapshot', () => {
    const api = stubApi({});
    renderTable({ stepId: 2 });
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveProperty('disabled', true);
    expect(undo.getAttribute('title')).toBe('Nothing to undo in this step yet.');
    fireEvent.click(undo);
    expect(api.calls).toEqual([]);
  });

  it('reverts the step, reloads the session data and allows a new snapshot', async () => {
    const api = stubApi({
      'POST /api/snapshot-step/': () => json({ step_id: 2, message: 'ok' }),
      'POST /api/drop-columns/': () => json({ ...frame(['a', 'c'], []), dropped_columns: ['b'], message: 'ok' }),
      'POST /api/undo-step/': () => json({ ...frame(COLUMNS, []), step_id: 2, message: 'ok' }),
      'GET /api/get-session-data/': () =>
        json(api.routes().includes('POST /api/undo-step/') ? snapshotted(COLUMNS, DATA) : snapshotted(['a', 'c'], [])),
    });
    renderTable({ stepId: 2 });
    await dropB();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undo completed — step restored.')).toBeVisible();
    expect(headers()).toEqual(COLUMNS);
    expect(bodyRowCount()).toBe(2);

    fireEvent.click(within(openDropDialog('b')).getByRole('button', { name: 'Drop column' }));
    await waitFor(() => expect(api.routes().filter((r) => r === 'POST /api/snapshot-step/')).toHaveLength(2));
    expect(api.calls.find((call) => call.route === 'POST /api/undo-step/')?.body).toEqual({ step_id: 2 });
  });

  it('shows the server error when undo fails', async () => {
    stubApi({
      'POST /api/snapshot-step/': () => json({ step_id: 2, message: 'ok' }),
      'POST /api/drop-columns/': () => json({ ...frame(['a', 'c'], []), dropped_columns: ['b'], message: 'ok' }),
      'GET /api/get-session-data/': () => json(snapshotted(['a', 'c'], [])),
      'POST /api/undo-step/': () => json({ error: 'The step could not be restored.', code: 'restore_failed' }, 409),
    });
    renderTable({ stepId: 2 });
    await dropB();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('The step could not be restored.')).toBeVisible();
  });

  it('uses the data undo returned when the reload fails', async () => {
    const api = stubApi({
      'POST /api/snapshot-step/': () => json({ step_id: 2, message: 'ok' }),
      'POST /api/drop-columns/': () => json({ ...frame(['a', 'c'], []), dropped_columns: ['b'], message: 'ok' }),
      'POST /api/undo-step/': () => json({ ...frame(['z'], [['restored']]), step_id: 2, message: 'ok' }),
      'GET /api/get-session-data/': () =>
        api.routes().includes('POST /api/undo-step/') ? json({ error: 'boom' }, 500) : json(snapshotted(['a', 'c'], [])),
    });
    renderTable({ stepId: 2 });
    await dropB();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Failed to refresh after undo (used fallback).')).toBeVisible();
    expect(headers()).toEqual(['z']);
    expect(screen.getByText('restored')).toBeVisible();
  });
});
