import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api';
import { frame, renderStep, sessionAt } from '../../test/steps';
import { EncodingStep } from './EncodingStep';

vi.mock('../../components/charts/Plot', () => ({ default: () => null }));

const COLUMNS = ['city', 'segment', 'age', 'y'];
const DATA = [
  ['Oslo', 'a', 31, 1],
  ['Lima', 'b', 40, 0],
];
const DTYPES = { city: 'str', segment: 'category', age: 'int64', y: 'int64' };
const ENCODED = frame(
  ['city_Lima', 'city_Oslo', 'segment', 'age', 'y'],
  [
    [0, 1, 0, 31, 1],
    [1, 0, 1, 40, 0],
  ],
  {
    city_Lima: 'uint8',
    city_Oslo: 'uint8',
    segment: 'int64',
    age: 'int64',
    y: 'int64',
  },
);

function section(title: string): HTMLElement {
  const card = screen.getByRole('heading', { name: title }).closest('section');
  if (!card) throw new Error(`no section ${title}`);
  return card;
}

/** Renders the screen; the server's session data names `sessionTarget` as the session target. */
function start(
  routes: Parameters<typeof stubApi>[0] = {},
  sessionTarget: string | null = null,
  session = sessionAt(5, { columns: COLUMNS, data: DATA }),
) {
  const api = stubApi({
    'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, DATA, DTYPES), target_column: sessionTarget }),
    'POST /api/snapshot-step/': () => json({ step_id: 5, message: 'ok' }),
    'POST /api/encode-features/': () => json(ENCODED),
    'GET /api/recipe/': () => json({ steps: [] }),
    ...routes,
  });
  return { api, ...renderStep(EncodingStep, session) };
}

const targetSelect = () => within(section('Global settings')).getByRole('combobox', { name: 'Target column' });

const encodeBodies = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((call) => call.route === 'POST /api/encode-features/').map((call) => call.body);

describe('EncodingStep global settings', () => {
  it('shows max categories for auto only and lists the categorical columns but the target', async () => {
    start({}, 'y');
    const global = section('Global settings');
    const max = within(global).getByRole('spinbutton', { name: 'Max categories' });
    expect([max.getAttribute('min'), (max as HTMLInputElement).value]).toEqual(['2', '10']);
    await waitFor(() => expect(within(global).getByRole('combobox', { name: 'Target column' })).toHaveProperty('value', 'y'));
    await waitFor(() =>
      expect([...global.querySelectorAll('.column-chips__chip')].map((chip) => chip.textContent)).toEqual(['city', 'segment']),
    );
    fireEvent.change(within(global).getByRole('combobox', { name: 'Default strategy' }), { target: { value: 'onehot' } });
    expect(within(global).queryByRole('spinbutton', { name: 'Max categories' })).toBeNull();
  });

  it('needs a target column for the target strategy', async () => {
    const { api } = start();
    const global = section('Global settings');
    fireEvent.change(within(global).getByRole('combobox', { name: 'Default strategy' }), { target: { value: 'target' } });
    fireEvent.click(within(global).getByRole('button', { name: 'Apply global settings' }));
    expect(await screen.findByText('Please select a target column for Target strategy.')).toBeVisible();
    expect(encodeBodies(api)).toEqual([]);
  });

  it('applies the strategy with the target and shows the encoded data', async () => {
    const { api } = start();
    const global = section('Global settings');
    fireEvent.change(within(global).getByRole('combobox', { name: 'Target column' }), { target: { value: 'y' } });
    fireEvent.change(within(global).getByRole('spinbutton', { name: 'Max categories' }), { target: { value: '5' } });
    fireEvent.click(within(global).getByRole('button', { name: 'Apply global settings' }));
    expect(await screen.findByText('Global encoding applied.')).toBeVisible();
    expect(encodeBodies(api)).toEqual([{ default_strategy: 'auto', max_categories: 5, target_column: 'y' }]);
    expect(screen.getByRole('columnheader', { name: /city_Oslo/ })).toBeVisible();
  });

  it('reads a refusal as Global encoding failed. and no answer as An error occurred while applying.', async () => {
    let answer: 'refuse' | 'network' = 'refuse';
    start({
      'POST /api/encode-features/': () => {
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return json({ error: 'Column "city" has 900 categories', code: 'too_many_categories_for_onehot' }, 400);
      },
    });
    const apply = within(section('Global settings')).getByRole('button', { name: 'Apply global settings' });
    fireEvent.click(apply);
    expect(await screen.findByText('Global encoding failed.')).toBeVisible();
    await waitFor(() => expect(apply).toHaveProperty('disabled', false));
    answer = 'network';
    fireEvent.click(apply);
    expect(await screen.findByText('An error occurred while applying.')).toBeVisible();
  });
});

describe('EncodingStep column-specific settings', () => {
  it('asks for a column first, then for a target when a row uses the target strategy', async () => {
    const { api } = start();
    const columns = section('Column-specific settings');
    fireEvent.click(within(columns).getByRole('button', { name: 'Apply column settings' }));
    expect(await screen.findByText('Add a column first.')).toBeVisible();

    await waitFor(() => expect(section('Global settings').querySelectorAll('.column-chips__chip')).toHaveLength(2));
    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    fireEvent.change(within(columns).getByRole('combobox', { name: 'Strategy' }), { target: { value: 'target' } });
    fireEvent.click(within(columns).getByRole('button', { name: 'Apply column settings' }));
    expect(await screen.findByText('Target strategy selected for a column. Please set a Target Column above.')).toBeVisible();
    expect(encodeBodies(api)).toEqual([]);
  });

  it('sends each row with its ordinal flag, checked by default', async () => {
    const { api } = start({}, 'y');
    await waitFor(() => expect(section('Global settings').querySelectorAll('.column-chips__chip')).toHaveLength(2));
    const columns = section('Column-specific settings');
    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    const [first, second] = within(columns).getAllByRole('checkbox', { name: 'Unknown categories → -1' });
    expect([first, second].map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    if (!second) throw new Error('no second row');
    fireEvent.click(second);
    fireEvent.change(within(columns).getAllByRole('combobox', { name: 'Strategy' })[0] as HTMLElement, { target: { value: 'label' } });

    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    expect(await screen.findByText('No available column to add.')).toBeVisible();

    fireEvent.click(within(columns).getByRole('button', { name: 'Apply column settings' }));
    expect(await screen.findByText('Column-specific encoding applied.')).toBeVisible();
    expect(encodeBodies(api)).toEqual([
      {
        default_strategy: 'auto',
        max_categories: 10,
        target_column: 'y',
        column_specific_settings: [
          { column: 'city', strategy: 'label', ordinal: true },
          { column: 'segment', strategy: 'auto', ordinal: false },
        ],
      },
    ]);
  });

  it('reports a failed column encoding', async () => {
    start({ 'POST /api/encode-features/': () => json({ error: 'Column "age" is not categorical', code: 'x' }, 400) });
    await waitFor(() => expect(section('Global settings').querySelectorAll('.column-chips__chip')).toHaveLength(2));
    const columns = section('Column-specific settings');
    fireEvent.click(within(columns).getByRole('button', { name: 'Add column' }));
    fireEvent.click(within(columns).getByRole('button', { name: 'Apply column settings' }));
    expect(await screen.findByText('Column-specific encoding failed.')).toBeVisible();
    expect(screen.getByText('Column "age" is not categorical')).toBeVisible();
  });

  it('continues with its changes and the target column', async () => {
    const { onContinue } = start({}, 'y');
    await waitFor(() => expect(targetSelect()).toHaveProperty('value', 'y'));
    fireEvent.click(within(section('Global settings')).getByRole('button', { name: 'Apply global settings' }));
    await screen.findByText('Global encoding applied.');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Correlation' }));
    expect(onContinue).toHaveBeenCalledWith({
      changes: [{ action: 'global', message: 'Done.', shape: [2, 5] }],
      target_column: 'y',
    });
  });
});

describe('EncodingStep and the session target', () => {
  // a target named only in earlier step results or in the analysis
  const withEarlierTargets = {
    ...sessionAt(5, { columns: COLUMNS, data: DATA }, { 4: { target_column: 'age' } }),
    analysisResults: { target: 'age' },
  };

  it("defaults to the server's session target, until another is chosen", async () => {
    start({}, 'y', withEarlierTargets);
    // nothing stands in until the session data is read
    expect(targetSelect()).toHaveProperty('value', '');
    await waitFor(() => expect(targetSelect()).toHaveProperty('value', 'y'));
    fireEvent.change(targetSelect(), { target: { value: '' } });
    expect(targetSelect()).toHaveProperty('value', '');
  });

  it('takes no target from earlier step results or the analysis when the session has none', async () => {
    start({}, null, withEarlierTargets);
    await waitFor(() => expect(section('Global settings').querySelectorAll('.column-chips__chip')).toHaveLength(2));
    expect(targetSelect()).toHaveProperty('value', '');
  });
});

describe('EncodingStep dropped id-like columns', () => {
  it('says which id-like columns global auto encoding dropped, and that undo brings them back', async () => {
    const withoutId = frame(
      ['segment', 'age', 'y'],
      [
        [0, 31, 1],
        [1, 40, 0],
      ],
      { segment: 'int64', age: 'int64', y: 'int64' },
    );
    start({ 'POST /api/encode-features/': () => json({ ...withoutId, dropped_columns: ['city'] }) }, 'y');
    fireEvent.click(within(section('Global settings')).getByRole('button', { name: 'Apply global settings' }));
    expect(await screen.findByText('Global encoding applied.')).toBeVisible();
    expect(
      await screen.findByText(
        'ID-like columns (a distinct value in almost every row) were dropped instead of encoded: city. Undo brings them back.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('columnheader', { name: /city/ })).toBeNull();
  });

  it('keeps naming the columns a global one-hot left to the auto rule, after a reload too', async () => {
    const BY_AUTO =
      'The global strategy does not apply to these columns (too many categories); the auto rule encoded them instead: Aircraft Make Model (Target).';
    const byAuto = { 'Aircraft Make Model': 'target' };
    const encode = {
      step: 'encode',
      threshold: null,
      columns: [{ column: 'Aircraft Make Model', setting: 'target' }],
      encoded_by_auto: byAuto,
    };
    let recipe: unknown[] = [];
    const routes = {
      'POST /api/encode-features/': () => {
        recipe = [encode];
        return json({ ...ENCODED, dropped_columns: [], encoded_by_auto: byAuto });
      },
      'GET /api/recipe/': () => json({ steps: recipe }),
    };
    const { unmount } = start(routes, 'y');
    fireEvent.change(within(section('Global settings')).getByRole('combobox', { name: 'Default strategy' }), {
      target: { value: 'onehot' },
    });
    fireEvent.click(within(section('Global settings')).getByRole('button', { name: 'Apply global settings' }));
    expect(await screen.findByText(BY_AUTO)).toBeVisible();
    // a note, not a toast besides it: said once
    expect(screen.getAllByText(BY_AUTO)).toHaveLength(1);
    expect(screen.getByText(BY_AUTO).closest('[role="status"]')).not.toBeNull();

    unmount();
    start(routes, 'y');
    expect(await screen.findByText(BY_AUTO)).toBeVisible();
  });

  it('takes the note away when the step is undone', async () => {
    let recipe: unknown[] = [];
    start(
      {
        'POST /api/encode-features/': () => {
          recipe = [{ step: 'encode', threshold: null, columns: [], encoded_by_auto: { 'Aircraft Make Model': 'target' } }];
          return json({ ...ENCODED, dropped_columns: [], encoded_by_auto: { 'Aircraft Make Model': 'target' } });
        },
        'GET /api/recipe/': () => json({ steps: recipe }),
        'POST /api/undo-step/': () => {
          recipe = [];
          return json({ ...frame(COLUMNS, DATA, DTYPES), step_id: 5, message: 'ok' });
        },
      },
      'y',
    );
    fireEvent.change(within(section('Global settings')).getByRole('combobox', { name: 'Default strategy' }), {
      target: { value: 'onehot' },
    });
    fireEvent.click(within(section('Global settings')).getByRole('button', { name: 'Apply global settings' }));
    expect(await screen.findByText(/the auto rule encoded them instead/)).toBeVisible();
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undo completed — step restored.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/the auto rule encoded them instead/)).toBeNull());
  });

  it('says nothing more when no column was dropped', async () => {
    start({ 'POST /api/encode-features/': () => json({ ...ENCODED, dropped_columns: [] }) }, 'y');
    fireEvent.click(within(section('Global settings')).getByRole('button', { name: 'Apply global settings' }));
    expect(await screen.findByText('Global encoding applied.')).toBeVisible();
    expect(screen.queryByText(/were dropped instead of encoded/)).toBeNull();
  });
});
