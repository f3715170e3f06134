import { describe, expect, it } from 'vitest';
import { analysisFixture } from '../../test/analysis';
import { needsAnalysis, readStoredAnalysis, toStoredAnalysis } from './analysisRun';

const stored = toStoredAnalysis(analysisFixture({ columns: ['a', 'b', 'c'], target: null }));

describe('the analysis re-run rule', () => {
  it('runs when no analysis exists', () => {
    expect(needsAnalysis(null, ['a', 'b', 'c'], null)).toBe(true);
  });

  it('does not run again for the same columns and target', () => {
    expect(needsAnalysis(stored, ['a', 'b', 'c'], null)).toBe(false);
    const withTarget = { ...stored, target: 'b' };
    expect(needsAnalysis(withTarget, ['a', 'b', 'c'], 'b')).toBe(false);
  });

  it('runs when the column list changes: a column gone, added, renamed or moved', () => {
    expect(needsAnalysis(stored, ['a', 'b'], null)).toBe(true);
    expect(needsAnalysis(stored, ['a', 'b', 'c', 'd'], null)).toBe(true);
    expect(needsAnalysis(stored, ['a', 'b', 'x'], null)).toBe(true);
    expect(needsAnalysis(stored, ['c', 'b', 'a'], null)).toBe(true);
  });

  it('runs when the target changes, is chosen or is cleared', () => {
    expect(needsAnalysis(stored, ['a', 'b', 'c'], 'a')).toBe(true);
    expect(needsAnalysis({ ...stored, target: 'a' }, ['a', 'b', 'c'], 'b')).toBe(true);
    expect(needsAnalysis({ ...stored, target: 'a' }, ['a', 'b', 'c'], null)).toBe(true);
  });
});

describe('the saved analysis', () => {
  it('is kept without its preview rows', () => {
    expect('data' in stored).toBe(false);
    expect(stored.columns).toEqual(['a', 'b', 'c']);
  });

  it('is read back when it has the expected shape, and ignored otherwise', () => {
    const saved = JSON.parse(JSON.stringify(stored)) as Record<string, unknown>;
    expect(readStoredAnalysis(saved)).toEqual(stored);
    expect(readStoredAnalysis(null)).toBeNull();
    expect(readStoredAnalysis({ ...saved, quality: undefined })).toBeNull();
    expect(readStoredAnalysis({ ...saved, columns: 'a,b,c' })).toBeNull();
    expect(readStoredAnalysis({ columns: ['a'] })).toBeNull();
  });
});
