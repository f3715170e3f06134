import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OptimizationResult } from './OptimizationResult';
import { isShown } from '../../test/shown';

describe('OptimizationResult', () => {
  it('says the model keeps its own settings when no searched set beat them', () => {
    renderWithProviders(
      <OptimizationResult
        model="LogisticRegression"
        result={{ bestScore: 0.8, bestParams: {}, baselineScore: 0.8, primaryMetric: 'accuracy', method: 'grid_search' }}
      />,
    );
    expect(
      isShown(screen.getByText("No searched setting scored above the model's own settings, so those are kept.")),
    ).toBe(true);
    expect(isShown(screen.getByText('0.00%'))).toBe(true);
  });
});
