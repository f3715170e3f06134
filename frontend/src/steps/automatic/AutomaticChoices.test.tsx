import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RecipeStepSettings } from '../../api/recipe';
import { json, stubApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { AutomaticChoices } from './AutomaticChoices';
import type { ChoiceScreen } from './choiceLines';

/** The recipe "Prepare automatically" records for a file with an id, a constant, gaps, text and a target. */
const PREPARED: RecipeStepSettings[] = [
  {
    step: 'drop_columns',
    columns: [
      { column: 'customer_id', setting: null, reason: { code: 'id_like' } },
      { column: 'country', setting: null, reason: { code: 'constant' } },
    ],
  },
  {
    step: 'impute_missing',
    columns: [
      { column: 'income', setting: 'median', indicator: true, reason: { code: 'many_missing', missing_share: 0.2 } },
      { column: 'age', setting: 'median', indicator: null, reason: { code: 'few_missing', missing_share: 0.025 } },
      { column: 'plan', setting: 'mode', indicator: null, reason: { code: 'no_missing', missing_share: 0 } },
      {
        column: 'town',
        setting: 'constant',
        fill_value: 'missing',
        indicator: null,
        reason: { code: 'many_missing', missing_share: 0.125 },
      },
    ],
  },
  {
    step: 'encode',
    columns: [
      { column: 'member', setting: 'label', reason: { code: 'encoded_label', levels: 2 } },
      { column: 'plan', setting: 'onehot', reason: { code: 'encoded_onehot', levels: 4 } },
      { column: 'town', setting: 'target', reason: { code: 'encoded_target', levels: 30 } },
    ],
  },
];

/** A recipe made by hand: the same kinds of step, no reasons. */
const BY_HAND: RecipeStepSettings[] = [
  { step: 'impute_missing', columns: [{ column: 'income', setting: 'mean' }] },
  { step: 'encode', columns: [{ column: 'town', setting: 'onehot' }] },
];

function show(screenName: ChoiceScreen, recipe: RecipeStepSettings[]) {
  stubApi({ 'GET /api/recipe/': () => json({ steps: recipe }) });
  return renderWithProviders(<AutomaticChoices screen={screenName} />);
}

async function lines() {
  const section = (await screen.findByRole('heading', { name: 'Chosen automatically' })).closest('section');
  if (!section) throw new Error('no section');
  return within(section)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('AutomaticChoices', () => {
  it('lists each drop and fill of step 3 with its reason', async () => {
    show('missing', PREPARED);
    expect(await lines()).toEqual([
      'customer_id — dropped: a different value in almost every row',
      'country — dropped: the same value in every row',
      'income — median; 20.0% missing, so a 0/1 column marks the gaps',
      'age — median; 2.5% missing',
      'plan — most frequent value for gaps in later files; none missing here',
      'town — a level of its own, “missing”; 12.5% missing',
    ]);
    expect(screen.getByText('The settings below change these choices; Undo removes them.')).toBeVisible();
  });

  it('lists each encoding of step 5 with the levels it rests on', async () => {
    show('encoding', PREPARED);
    expect(await lines()).toEqual([
      'member — 0/1 encoding: 2 levels',
      'plan — one-hot encoding: 4 levels',
      'town — target encoding: 30 levels',
    ]);
  });

  it('says why nothing was done on the steps it leaves alone', async () => {
    show('scaling', PREPARED);
    expect(
      await screen.findByText(/Nothing was done here automatically: every model that needs scaled inputs standardizes them/),
    ).toBeVisible();
  });

  it('shows no list on a screen the prepared recipe has no step for any more (its undo)', async () => {
    const api = stubApi({ 'GET /api/recipe/': () => json({ steps: PREPARED.slice(0, 2) }) });
    renderWithProviders(<AutomaticChoices screen="encoding" />);
    await vi.waitFor(() => expect(api.routes()).toEqual(['GET /api/recipe/']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Chosen automatically' })).toBeNull();
  });

  it.each<ChoiceScreen>(['missing', 'outliers', 'encoding'])('shows nothing on %s for a recipe made by hand', async (name) => {
    const api = stubApi({ 'GET /api/recipe/': () => json({ steps: BY_HAND }) });
    renderWithProviders(<AutomaticChoices screen={name} />);
    await vi.waitFor(() => expect(api.routes()).toEqual(['GET /api/recipe/']));
    // the answer is in: still nothing
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Chosen automatically' })).toBeNull();
  });
});
