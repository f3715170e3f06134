import { describe, expect, it } from 'vitest';
import { completeStep, emptySession, withAnalysis, withTableData } from '../../app/session';
import { knownTarget } from './targetColumn';

describe('knownTarget', () => {
  const base = withTableData(emptySession(), { columns: ['a', 'y', 'z'], data: [] });

  it('takes the latest step result up to this step, then the analysis', () => {
    const analysed = withAnalysis(base, { target: 'y' });
    expect(knownTarget(analysed, 5)).toBe('y');
    const encoded = completeStep(analysed, 5, { target_column: 'z' });
    expect(knownTarget(encoded, 6)).toBe('z');
    expect(knownTarget(encoded, 4)).toBe('y');
  });

  it('forgets a target that is no longer a column, and gives none without one', () => {
    expect(knownTarget(withAnalysis(base, { target: 'gone' }), 5)).toBe('');
    expect(knownTarget(base, 7)).toBe('');
  });
});
