import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../api/models';
import { catalogModel } from '../../test/catalog';
import { renderWithProviders } from '../../test/render';
import { SearchSpaceSummary } from './SearchSpaceSummary';

const SPACE = { grid: { C: [0.1, 1, 10] }, distributions: {} };
const CATALOG: CatalogModel[] = [
  { ...catalogModel('SVR', 'regression'), search_space: SPACE, scaled_target: true },
  { ...catalogModel('Ridge', 'regression'), search_space: { grid: { alpha: [0.1, 1] }, distributions: {} } },
];

function show(model: string) {
  renderWithProviders(
    <SearchSpaceSummary
      model={model}
      catalog={CATALOG}
      method="grid_search"
      methodLabel="Grid search"
      edits={{}}
      onEdit={() => undefined}
    />,
  );
}

describe('SearchSpaceSummary', () => {
  it('says that a model learning the target standardized has its settings in standard deviations', () => {
    show('SVR');
    expect(
      screen.getByText(
        'SVR learns the target standardized (less its mean, divided by its standard deviation), so these settings apply to the target in standard deviations, not in its own units.',
      ),
    ).toBeVisible();
  });

  it('says nothing of the kind for a model that learns the target as it is', () => {
    show('Ridge');
    expect(screen.getByText('Parameters searched')).toBeVisible();
    expect(screen.queryByText(/learns the target standardized/)).toBeNull();
  });
});
