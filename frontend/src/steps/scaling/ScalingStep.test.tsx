import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, json, stubApi } from '../../test/api';
import { frame, renderStep, sessionAt } from '../../test/steps';
import { ScalingStep } from './ScalingStep';

vi.mock('../../components/charts/Plot', () => ({ default: () => null }));

const COLUMNS = ['age', 'price_text', 'city', 'y'];
const DATA = [
  [30, '10.5', 'Oslo', 1],
  [41, '12', 'Lima', 0],
];
const DTYPES = { age: 'int64', price_text: 'str', city: 'str', y: 'int64' };
const SCALED = frame(
  COLUMNS,
  [
    [-1, -1, 'Oslo', 1],
    [1, 1, 'Lima', 0],
  ],
  { ...DTYPES, age: 'float64', price_text: 'float64' },
);

function section(title: string): HTMLElement {
  const card = screen.getByRole('heading', { name: title }).closest('section');
  if (!card) throw new Error(`no section ${title}`);
  return card;
}

/** Renders the screen; the server's session data names `y` as the session target. */
function start(routes: Parameters<typeof stubApi>[0] = {}, columns = COLUMNS, data = DATA, dtypes: Record<string, string> = DTYPES) {
  const api = stubApi({
    'GET /api/get-session-data/': () => json({ ...frame(columns, data, dtypes, {}, 'Done.', ['price_text']), target_column: 'y' }),
    'POST /api/snapshot-step/': () => json({ step_id: 7, message: 'ok' }),
    'POST /api/scale-features/': () => json(SCALED),
    ...routes,
  });
  return { api, ...renderStep(ScalingStep, sessionAt(7, { columns, data })) };
}

const targetSelect = () => within(section('Global settings')).getByRole('combobox', { name: 'Target column' });
const chips = () => [...section('Global settings').querySelectorAll('.column-chips__chip')].map((chip) => chip.textContent);

describe('ScalingStep', () => {
  it('scales numeric and mostly-numeric columns, never the session target', async () => {
    const answer = deferred<Response>();
    const { api } = start({ 'POST /api/scale-features/': () => answer.promise });
    const global = section('Global settings');
    await waitFor(() => expect(targetSelect()).toHaveProperty('value', 'y'));
    await waitFor(() => expect(chips()).toEqual(['age', 'price_text']));

    fireEvent.change(within(global).getByRole('combobox', { name: 'Method' }), { target: { value: 'robust' } });
    fireEvent.click(within(global).getByRole('button', { name: 'Apply global settings' }));
    expect((await within(global).findByRole('button', { name: 'Applying...' })).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Skip scaling' })).toHaveProperty('disabled', true);
    answer.resolve(json(SCALED));
    expect(await screen.findByText('Scaling applied (columns: 2).')).toBeVisible();
    expect(api.calls.find((call) => call.route === 'POST /api/scale-features/')?.body).toEqual({ method: 'robust', target_column: 'y' });
  });

  it("says 'Ölçeklenecek sayısal sütun bulunamadı.' when there is nothing to scale", async () => {
    start({}, ['city', 'y'], [['Oslo', 'a']], { city: 'str', y: 'str' });
    expect(await screen.findByText('Ölçeklenecek sayısal sütun bulunamadı.')).toBeVisible();
    expect(within(section('Global settings')).getByRole('button', { name: 'Apply global settings' })).toHaveProperty('disabled', true);
  });

  it("reports failures as 'Global scaling başarısız.' and 'Sütun bazlı scaling başarısız.'", async () => {
    start({ 'POST /api/scale-features/': () => json({ error: 'No numeric column to scale was found.', code: 'no_numeric_columns' }, 400) });
    await waitFor(() => expect(chips()).toEqual(['age', 'price_text']));
    fireEvent.click(within(section('Global settings')).getByRole('button', { name: 'Apply global settings' }));
    expect(await screen.findByText('Global scaling başarısız.')).toBeVisible();

    const columns = section('Column-specific settings');
    fireEvent.click(within(columns).getByRole('button', { name: 'Apply column settings' }));
    expect(await screen.findByText('Add a column first.')).toBeVisible();
    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    expect(
      within(within(columns).getByRole('combobox', { name: 'Column' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['age', 'price_text']);
    fireEvent.click(within(columns).getByRole('button', { name: 'Apply column settings' }));
    expect(await screen.findByText('Sütun bazlı scaling başarısız.')).toBeVisible();
  });

  it('completes with skipped true when skipped, and with its changes when continued', async () => {
    const { onContinue } = start();
    await waitFor(() => expect(targetSelect()).toHaveProperty('value', 'y'));
    fireEvent.click(screen.getByRole('button', { name: 'Skip scaling' }));
    expect(onContinue).toHaveBeenLastCalledWith({ skipped: true });

    fireEvent.click(screen.getByRole('button', { name: 'Continue to Training' }));
    expect(onContinue).toHaveBeenLastCalledWith({ skipped: false, changes: [], target_column: 'y' });
  });

  it("defaults to the server's session target, so the correlation step's own target does not carry over", async () => {
    stubApi({
      'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, DATA, DTYPES, {}, 'Done.', ['price_text']), target_column: 'age' }),
    });
    renderStep(ScalingStep, sessionAt(7, { columns: COLUMNS, data: DATA }, { 5: { target_column: 'age' }, 6: { target_column: 'y' } }));
    await waitFor(() => expect(targetSelect()).toHaveProperty('value', 'age'));
    await waitFor(() => expect(chips()).toEqual(['price_text', 'y']));
  });
});
