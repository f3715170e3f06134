import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, json, stubApi } from '../../test/api';
import { cardValue, frame, renderStep, sessionAt } from '../../test/steps';
import { MissingStep } from './MissingStep';

vi.mock('../../components/charts/Plot', () => ({ default: () => null }));

const COLUMNS = ['age', 'city', 'id'];
const DATA = [
  [31, 'Oslo', 1],
  [null, null, 2],
  [40, 'Lima', 3],
  [null, 'Oslo', 4],
];
const DTYPES = { age: 'float64', city: 'str', id: 'int64' };
const before = frame(COLUMNS, DATA, DTYPES, { age: 2, city: 1 });
const FILLED = [
  [31, 'Oslo', 1],
  [35.5, 'unknown', 2],
  [40, 'Lima', 3],
  [35.5, 'Oslo', 4],
];
const after = frame(COLUMNS, FILLED, DTYPES, {}, 'Missing values handled: 3 filled or removed.');

function start() {
  return renderStep(MissingStep, sessionAt(3, { columns: COLUMNS, data: DATA }));
}

function section(title: string): HTMLElement {
  const heading = screen.getByRole('heading', { name: title });
  const card = heading.closest('section');
  if (!card) throw new Error(`no section ${title}`);
  return card;
}

describe('MissingStep summary', () => {
  it('shows the cards and the missing-by-column chart', async () => {
    stubApi({ 'GET /api/get-session-data/': () => json(before) });
    const { container } = start();
    await waitFor(() => expect(cardValue(container, 'Total missing values')).toBe('3'));
    expect(cardValue(container, 'Columns with missing values')).toBe('2of 3');
    expect(cardValue(container, 'Missing cells')).toBe('25.0%');
    expect(cardValue(container, 'Rows')).toBe('4');
    expect(screen.getByRole('img', { name: 'Missing values by column' })).toBeVisible();
  });
});

describe('MissingStep global settings', () => {
  it('takes a snapshot, applies the settings, shows Applying... and then the new data', async () => {
    const answer = deferred<Response>();
    const api = stubApi({
      'GET /api/get-session-data/': () => json(before),
      'POST /api/snapshot-step/': () => json({ step_id: 3, message: 'ok' }),
      'POST /api/handle-missing/': () => answer.promise,
    });
    const { container } = start();
    await waitFor(() => expect(cardValue(container, 'Total missing values')).toBe('3'));
    const global = section('Global settings');
    fireEvent.change(within(global).getByRole('combobox', { name: 'Numeric columns' }), { target: { value: 'median' } });
    fireEvent.change(within(global).getByRole('combobox', { name: 'Other columns' }), { target: { value: 'constant' } });
    fireEvent.change(within(global).getByRole('textbox', { name: 'Fill value' }), { target: { value: 'none given' } });
    fireEvent.change(within(global).getByRole('combobox', { name: 'Drop before filling' }), { target: { value: 'rows' } });
    fireEvent.change(within(global).getByRole('spinbutton', { name: 'Drop when the missing share is above' }), {
      target: { value: '0.5' },
    });
    fireEvent.click(within(global).getByRole('button', { name: 'Apply global settings' }));

    const applying = await within(global).findByRole('button', { name: 'Applying...' });
    // it stays focusable while its own call runs, so keyboard focus is not lost
    expect(applying.getAttribute('aria-disabled')).toBe('true');
    expect(within(section('Column-specific settings')).getByRole('button', { name: 'Apply column settings' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(api.routes().filter((route) => route.startsWith('POST'))).toEqual(['POST /api/snapshot-step/', 'POST /api/handle-missing/']);
    expect(api.calls.find((call) => call.route === 'POST /api/snapshot-step/')?.body).toEqual({ step_id: 3 });
    expect(api.calls.find((call) => call.route === 'POST /api/handle-missing/')?.body).toEqual({
      strategy: 'median',
      cat_strategy: 'constant',
      fill_value: 'none given',
      drop_strategy: 'rows',
      drop_threshold: 0.5,
    });

    answer.resolve(json(after));
    expect(await screen.findByText('Missing values handled: 4 rows × 3 columns.')).toBeVisible();
    expect(screen.getByRole('cell', { name: 'unknown' })).toBeVisible();
    await waitFor(() => expect(cardValue(container, 'Total missing values')).toBe('0'));
    expect(within(global).getByRole('button', { name: 'Apply global settings' })).toHaveProperty('disabled', false);
  });

  it("writes the toast's row and column counts in the interface language's format", async () => {
    stubApi({
      'GET /api/get-session-data/': () => json(before),
      'POST /api/snapshot-step/': () => json({ step_id: 3, message: 'ok' }),
      'POST /api/handle-missing/': () => json({ ...after, shape: [12000, 3] }),
    });
    start();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply global settings' }));
    expect(await screen.findByText('Missing values handled: 12,000 rows × 3 columns.')).toBeVisible();
  });

  it('takes the snapshot once, ignores a failed one, and shares it with the table', async () => {
    let snapshots = 0;
    const api = stubApi({
      'GET /api/get-session-data/': () => json(before),
      'POST /api/snapshot-step/': () => {
        snapshots += 1;
        return snapshots === 1 ? json({ error: 'disk full', code: 'x' }, 500) : json({ step_id: 3, message: 'ok' });
      },
      'POST /api/handle-missing/': () => json(after),
      'POST /api/drop-columns/': () => json({ ...frame(['age', 'city'], [[31, 'Oslo']], DTYPES), dropped_columns: ['id'] }),
    });
    start();
    const apply = await screen.findByRole('button', { name: 'Apply global settings' });

    // a failed snapshot does not stop the change, and is not reported
    fireEvent.click(apply);
    await screen.findByText('Missing values handled: 4 rows × 3 columns.');
    expect(screen.queryByText(/Snapshot failed/)).toBeNull();

    fireEvent.click(apply);
    await waitFor(() => expect(api.routes().filter((route) => route === 'POST /api/handle-missing/')).toHaveLength(2));
    fireEvent.click(apply);
    await waitFor(() => expect(api.routes().filter((route) => route === 'POST /api/handle-missing/')).toHaveLength(3));

    // a drop in the preview after the changes keeps the snapshot taken before them
    fireEvent.click(screen.getByRole('button', { name: 'Drop column id' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Drop column' }));
    await screen.findByText('Column "id" dropped.');
    expect(api.routes().filter((route) => route === 'POST /api/snapshot-step/')).toHaveLength(2);
  });

  it('reports a failure with its reason', async () => {
    stubApi({
      'GET /api/get-session-data/': () => json(before),
      'POST /api/snapshot-step/': () => json({ step_id: 3, message: 'ok' }),
      'POST /api/handle-missing/': () => json({ error: 'The drop threshold must be between 0 and 1.', code: 'other' }, 400),
    });
    start();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply global settings' }));
    expect(await screen.findByText('Failed to handle global missing values')).toBeVisible();
    expect(screen.getByText('The drop threshold must be between 0 and 1.')).toBeVisible();
  });
});

describe('MissingStep column-specific settings', () => {
  it('offers incomplete columns only, the strategies of their type, and a fill value for constant', async () => {
    stubApi({ 'GET /api/get-session-data/': () => json(before) });
    const { container } = start();
    await waitFor(() => expect(cardValue(container, 'Total missing values')).toBe('3'));
    const columns = section('Column-specific settings');
    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));

    const column = within(columns).getByRole('combobox', { name: 'Column' });
    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options(column)).toEqual(['age', 'city']);
    expect(options(within(columns).getByRole('combobox', { name: 'Strategy' }))).toEqual([
      'Mean',
      'Median',
      'Zero',
      'Forward fill',
      'Backward fill',
    ]);

    fireEvent.change(column, { target: { value: 'city' } });
    const strategy = within(columns).getByRole('combobox', { name: 'Strategy' });
    expect(options(strategy)).toEqual(['Most frequent (mode)', 'Constant value', 'Forward fill', 'Backward fill']);
    expect(within(columns).queryByRole('textbox', { name: 'Fill value' })).toBeNull();
    fireEvent.change(strategy, { target: { value: 'constant' } });
    expect(within(columns).getByRole('textbox', { name: 'Fill value' })).toHaveProperty('value', 'unknown');

    // the second row may not take city again
    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    const second = within(columns).getAllByRole('combobox', { name: 'Column' })[1];
    if (!second) throw new Error('no second row');
    expect(options(second)).toEqual(['age']);

    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    expect(await screen.findByText('Every column with missing values already has a setting.')).toBeVisible();
  });

  it('asks for a column first, and reports a failure', async () => {
    const api = stubApi({
      'GET /api/get-session-data/': () => json(before),
      'POST /api/snapshot-step/': () => json({ step_id: 3, message: 'ok' }),
      'POST /api/handle-missing/': () =>
        json(
          {
            error: 'Strategy "mean" does not apply',
            code: 'strategy_not_for_column',
            params: { column: 'city', strategy: 'mean', choices: 'mode' },
          },
          400,
        ),
    });
    start();
    const columns = section('Column-specific settings');
    fireEvent.click(within(columns).getByRole('button', { name: 'Apply column settings' }));
    expect(await screen.findByText('Add a column first.')).toBeVisible();
    expect(api.routes()).not.toContain('POST /api/handle-missing/');

    await screen.findByText('4', { selector: 'dd' });
    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    fireEvent.click(within(columns).getByRole('button', { name: 'Apply column settings' }));
    expect(await screen.findByText('Failed to handle column-specific missing values')).toBeVisible();
    expect(api.calls.find((call) => call.route === 'POST /api/handle-missing/')?.body).toMatchObject({
      column_specific_settings: [{ column: 'age', strategy: 'mean' }],
    });
  });

  it('continues with the changes made', async () => {
    stubApi({
      'GET /api/get-session-data/': () => json(before),
      'POST /api/snapshot-step/': () => json({ step_id: 3, message: 'ok' }),
      'POST /api/handle-missing/': () => json(after),
    });
    const { onContinue } = start();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply global settings' }));
    await screen.findByText('Missing values handled: 4 rows × 3 columns.');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Outliers' }));
    expect(onContinue).toHaveBeenCalledWith({
      changes: [{ action: 'global', message: 'Missing values handled: 3 filled or removed.', shape: [4, 3] }],
    });
  });
});
