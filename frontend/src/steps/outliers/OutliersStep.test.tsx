import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { i18n } from '../../i18n/i18n';
import { json, stubApi } from '../../test/api';
import { cardValue, frame, renderStep, sessionAt } from '../../test/steps';
import { OutliersStep, removeFailedMessage } from './OutliersStep';
import { DETECTION_DEBOUNCE_MS, detectFailedMessage } from './useOutlierDetection';

vi.mock('../../components/charts/Plot', () => ({ default: () => null }));

const COLUMNS = ['income', 'age', 'city'];
const DATA = [
  [20000, 31, 'Oslo'],
  [21000, 40, 'Lima'],
  [900000, 35, 'Oslo'],
  [22000, 29, 'Pune'],
];
const DTYPES = { income: 'float64', age: 'int64', city: 'str' };
const session = () => sessionAt(4, { columns: COLUMNS, data: DATA });

function detection(factor: number) {
  const count = factor < 3 ? 2 : 1;
  return {
    outliers: {
      income: { count, lower: 10000, upper: 40000, method: 'iqr' },
      age: { count: 0, lower: 10, upper: 60, method: 'iqr' },
    },
    total: count,
    affected_columns: ['income'],
    percentage: (count / 4) * 100,
    most_flags: { column: 'income', count, top_value_share: 0.25, collapsed_iqr: false },
    target_effect: null,
  };
}

function section(title: string): HTMLElement {
  const card = screen.getByRole('heading', { name: title }).closest('section');
  if (!card) throw new Error(`no section ${title}`);
  return card;
}

const factorField = (title: string) => within(section(title)).getByRole('spinbutton', { name: 'Factor' });

describe('OutliersStep live summary', () => {
  it('shows total outliers, affected columns, outlier percentage and the chart', async () => {
    stubApi({
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
      'POST /api/detect-outliers/': (body) => json(detection((body as { factor: number }).factor)),
    });
    const { container } = renderStep(OutliersStep, session());
    await waitFor(() => expect(cardValue(container, 'Total outliers')).toBe('2'));
    expect(cardValue(container, 'Affected columns')).toBe('1of 2');
    expect(cardValue(container, 'Outlier percentage')).toBe('50.0%');
    expect(screen.getByRole('img', { name: 'Outliers by column' })).toBeVisible();
  });

  it('names the column that flags the most rows and why, and what removal does to the target', async () => {
    const collapsed = {
      ...detection(1.5),
      most_flags: { column: 'Running Time', count: 190, top_value_share: 0.62, collapsed_iqr: true },
      target_effect: {
        column: 'Total Cost',
        rows_before: 400,
        rows_after: 360,
        distinct_before: 41,
        distinct_after: 1,
        mean_before: 5120.5,
        mean_after: 0,
        one_value: true,
      },
    };
    stubApi({
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
      'POST /api/detect-outliers/': () => json(collapsed),
    });
    renderStep(OutliersStep, session());
    expect(
      await screen.findByText(
        '“Running Time” flags the most rows (190): 62% of its values are one value, so its IQR is 0 and every other value counts as an outlier. A fill with one value (such as the mean) does this; use z-score, a larger factor, or leave the column out.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Removing the flagged rows leaves the target “Total Cost” a single value: training would have nothing to learn. Cap these outliers instead, or remove them in fewer columns.',
      ),
    ).toBeVisible();
  });

  it("says how removal changes the target's values and mean when it keeps several", async () => {
    const effect = {
      column: 'price',
      rows_before: 400,
      rows_after: 380,
      distinct_before: 300,
      distinct_after: 290,
      mean_before: 12.5,
      mean_after: 11.25,
      one_value: false,
    };
    stubApi({
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
      'POST /api/detect-outliers/': () => json({ ...detection(1.5), target_effect: effect }),
    });
    renderStep(OutliersStep, session());
    expect(
      await screen.findByText(
        'Removing the flagged rows keeps 290 of the 300 distinct values of the target “price” (380 of 400 rows). Its mean goes from 12.5 to 11.25.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('“income” flags the most rows (2); 25% of its values are its most frequent one.')).toBeTruthy();
  });

  it('detects again 350 ms after the last settings change, once', async () => {
    vi.useFakeTimers();
    const api = stubApi({
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
      'POST /api/detect-outliers/': (body) => json(detection((body as { factor: number }).factor)),
    });
    const detections = () => api.calls.filter((call) => call.route === 'POST /api/detect-outliers/').map((call) => call.body);
    const { container } = renderStep(OutliersStep, session());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(detections()).toEqual([{ method: 'iqr', factor: 1.5 }]);

    fireEvent.change(factorField('Detection'), { target: { value: '2' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(factorField('Detection'), { target: { value: '3' } });
    fireEvent.change(within(section('Detection')).getByRole('combobox', { name: 'Method' }), { target: { value: 'zscore' } });
    await act(() => vi.advanceTimersByTimeAsync(DETECTION_DEBOUNCE_MS - 1));
    expect(detections()).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(detections()).toEqual([
      { method: 'iqr', factor: 1.5 },
      { method: 'zscore', factor: 3 },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(cardValue(container, 'Total outliers')).toBe('1');

    // a factor out of range is not sent
    fireEvent.change(factorField('Detection'), { target: { value: '11' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(detections()).toHaveLength(2);
    expect(within(section('Detection')).getByRole('alert').textContent).toBe('Enter a number from 0.1 to 10.');
  });

  it('cancels a detection still running when newer settings are sent, silently', async () => {
    vi.useFakeTimers();
    const requests: Request[] = [];
    stubApi({
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
      'POST /api/detect-outliers/': (body, request) => {
        requests.push(request);
        if (requests.length > 1) return json(detection((body as { factor: number }).factor));
        // the first detection hangs until it is aborted
        return new Promise((_, reject) => {
          request.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        });
      },
    });
    const { container } = renderStep(OutliersStep, session());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests).toHaveLength(1);

    fireEvent.change(factorField('Detection'), { target: { value: '4' } });
    await act(() => vi.advanceTimersByTimeAsync(DETECTION_DEBOUNCE_MS));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests).toHaveLength(2);
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(requests[1]?.signal.aborted).toBe(false);
    expect(cardValue(container, 'Total outliers')).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText(/Detect failed/)).toBeNull();
  });

  it('reports a failed detection with its reason', async () => {
    stubApi({
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
      'POST /api/detect-outliers/': () => json({ error: 'No dataset uploaded.', code: 'no_dataset' }, 400),
    });
    renderStep(OutliersStep, session());
    expect(await screen.findByText('Detect failed: No dataset uploaded.')).toBeVisible();
  });

  it("reads 'Detect failed' and 'Remove failed' without a reason", () => {
    expect(detectFailedMessage(new Error('boom'), i18n.t)).toBe('Detect failed');
    expect(detectFailedMessage(new ApiError('Network error'), i18n.t)).toBe('Detect failed: Network error');
    expect(removeFailedMessage('odd', i18n.t)).toBe('Remove failed');
    expect(removeFailedMessage(new ApiError('Nope', { status: 400 }), i18n.t)).toBe('Remove failed: Nope');
  });
});

describe('OutliersStep removal', () => {
  it('follows the detection method and factor until changed, and reports a failure', async () => {
    const api = stubApi({
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
      'POST /api/detect-outliers/': (body) => json(detection((body as { factor: number }).factor)),
      'POST /api/snapshot-step/': () => json({ step_id: 4, message: 'ok' }),
      'POST /api/remove-outliers/': () =>
        json({ error: 'The factor must be between 0.1 and 10.', code: 'factor_out_of_range', params: { min: 0.1, max: 10 } }, 400),
    });
    renderStep(OutliersStep, session());
    fireEvent.change(factorField('Detection'), { target: { value: '2.5' } });
    expect(factorField('Removal')).toHaveProperty('value', '2.5');
    fireEvent.change(within(section('Removal')).getByRole('combobox', { name: 'Strategy' }), { target: { value: 'cap' } });
    fireEvent.click(within(section('Removal')).getByRole('button', { name: 'Handle outliers' }));
    expect(await screen.findByText(/^Remove failed: /)).toBeVisible();
    expect(api.calls.find((call) => call.route === 'POST /api/remove-outliers/')?.body).toEqual({
      strategy: 'cap',
      method: 'iqr',
      factor: 2.5,
    });

    fireEvent.change(factorField('Removal'), { target: { value: '4' } });
    fireEvent.change(factorField('Detection'), { target: { value: '1.5' } });
    expect(factorField('Removal')).toHaveProperty('value', '4');
  });

  it('removes and shows the new data', async () => {
    stubApi({
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
      'POST /api/detect-outliers/': (body) => json(detection((body as { factor: number }).factor)),
      'POST /api/snapshot-step/': () => json({ step_id: 4, message: 'ok' }),
      'POST /api/remove-outliers/': () => json(frame(COLUMNS, [DATA[0], DATA[1], DATA[3]] as typeof DATA, DTYPES)),
    });
    renderStep(OutliersStep, session());
    fireEvent.click(within(section('Removal')).getByRole('button', { name: 'Handle outliers' }));
    expect(await screen.findByText('Outliers handled: 3 rows remain.')).toBeVisible();
    expect(screen.queryByRole('cell', { name: '900000' })).toBeNull();
  });
});

describe('OutliersStep removal guard', () => {
  function routes(removed: Array<(typeof DATA)[number]>) {
    return stubApi({
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
      'POST /api/detect-outliers/': (body) => json(detection((body as { factor: number }).factor)),
      'POST /api/snapshot-step/': () => json({ step_id: 4, message: 'ok' }),
      'POST /api/remove-outliers/': () => json(frame(COLUMNS, removed, DTYPES)),
    });
  }

  it('says before applying how many rows go, and asks first when that is over 10 %', async () => {
    const api = routes([DATA[0], DATA[1]] as typeof DATA);
    renderStep(OutliersStep, session());
    const removal = section('Removal');
    expect(await within(removal).findByText('Applying removes 2 rows (50.0% of the data).')).toBeVisible();

    fireEvent.click(within(removal).getByRole('button', { name: 'Handle outliers' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove 2 rows?' });
    expect(dialog.textContent).toContain('This removes 2 of 4 rows (50.0%)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.routes()).not.toContain('POST /api/remove-outliers/');

    fireEvent.click(within(removal).getByRole('button', { name: 'Handle outliers' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove rows' }));
    expect(await screen.findByText('Outliers handled: 2 rows remain.')).toBeVisible();
  });

  it('says nothing of rows for a strategy that keeps them', async () => {
    routes(DATA);
    renderStep(OutliersStep, session());
    await screen.findByText('Applying removes 2 rows (50.0% of the data).');
    fireEvent.change(within(section('Removal')).getByRole('combobox', { name: 'Strategy' }), { target: { value: 'cap' } });
    expect(screen.queryByText(/Applying removes/)).toBeNull();
    fireEvent.click(within(section('Removal')).getByRole('button', { name: 'Handle outliers' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('OutliersStep column configs', () => {
  it('offers numeric columns only, and says when none is left', async () => {
    stubApi({
      'GET /api/get-session-data/': () => json(frame(COLUMNS, DATA, DTYPES)),
      'POST /api/detect-outliers/': (body) => json(detection((body as { factor: number }).factor)),
    });
    const { container } = renderStep(OutliersStep, session());
    await waitFor(() => expect(cardValue(container, 'Total outliers')).toBe('2'));
    const columns = section('Column-specific settings');
    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    const choices = within(within(columns).getByRole('combobox', { name: 'Column' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(choices).toEqual(['income', 'age']);
    const factor = within(columns).getByRole('spinbutton', { name: 'Factor' });
    expect([factor.getAttribute('min'), factor.getAttribute('max'), factor.getAttribute('step')]).toEqual(['0.1', '10', '0.1']);

    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    expect(await screen.findByText('No available columns to add.')).toBeVisible();
  });
});
