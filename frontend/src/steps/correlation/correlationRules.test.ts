import { describe, expect, it } from 'vitest';
import { columnsToDrop, DEFAULT_THRESHOLD, pairKey, targetCandidates, THRESHOLD_FIELD } from './correlationRules';

describe('correlation rules', () => {
  it('takes thresholds from 0 to 1 in steps of 0.01, 0.95 by default', () => {
    expect(THRESHOLD_FIELD).toEqual({ min: 0, max: 1, step: 0.01 });
    expect(DEFAULT_THRESHOLD).toBe(0.95);
  });

  it('drops the chosen side of each listed pair, each column once', () => {
    const ab = { col1: 'a', col2: 'b', correlation: 0.99 };
    const ac = { col1: 'a', col2: 'c', correlation: -0.97 };
    const de = { col1: 'd', col2: 'e', correlation: 0.96 };
    const pairs = [ab, ac, de];
    const choices = {
      [pairKey(ab)]: 'col1' as const,
      [pairKey(ac)]: 'col1' as const,
      [pairKey(de)]: null,
      [pairKey({ col1: 'x', col2: 'y', correlation: 1 })]: 'col2' as const,
    };
    expect(columnsToDrop(pairs, choices)).toEqual(['a']);
    expect(columnsToDrop(pairs, { ...choices, [pairKey(de)]: 'col2' })).toEqual(['a', 'e']);
    expect(columnsToDrop(pairs, {})).toEqual([]);
  });

  it("offers numeric and boolean targets by the server's kinds, and every column before it answers", () => {
    const kinds = { a: 'numeric', b: 'categorical', c: 'boolean', d: 'numeric', e: 'datetime' } as const;
    expect(targetCandidates(['a', 'b', 'c', 'd', 'e', 'new'], kinds)).toEqual(['a', 'c', 'd', 'new']);
    expect(targetCandidates(['a', 'b'], null)).toEqual(['a', 'b']);
  });
});
