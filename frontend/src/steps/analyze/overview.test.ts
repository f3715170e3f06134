import { describe, expect, it } from 'vitest';
import { analysisFixture } from '../../test/analysis';
import { toStoredAnalysis } from './analysisRun';
import { dropSuggestion, firstNames, missingPercent, overviewCards, qualityLevel, qualityScore } from './overview';

describe('Dataset Overview cards', () => {
  it('shows rows, columns, total missing, memory in MB and the quality score', () => {
    const analysis = toStoredAnalysis(
      analysisFixture({
        shape: [1200, 4],
        missing_values: { age: 30, income: 0, city: 12, member: 0 },
        memory: 5_505_024,
      }),
    );
    expect(overviewCards({ ...analysis, quality: { ...analysis.quality, score: 83 } })).toEqual({
      rows: 1200,
      columns: 4,
      totalMissing: 42,
      memoryMb: '5.25',
      qualityScore: 83,
    });
  });

  it('rounds memory to two decimals', () => {
    const analysis = toStoredAnalysis(analysisFixture({ memory: 1000 }));
    expect(overviewCards(analysis).memoryMb).toBe('0.00');
    expect(overviewCards({ ...analysis, memory: 1_572_864 }).memoryMb).toBe('1.50');
  });

  it('defaults the quality score to 100 and keeps it within 0–100', () => {
    expect(qualityScore(undefined)).toBe(100);
    expect(qualityScore(null)).toBe(100);
    expect(qualityScore({})).toBe(100);
    expect(qualityScore({ score: Number.NaN })).toBe(100);
    expect(qualityScore({ score: 0 })).toBe(0);
    expect(qualityScore({ score: 74 })).toBe(74);
    expect(qualityScore({ score: 140 })).toBe(100);
    expect(qualityScore({ score: -3 })).toBe(0);
    const analysis = toStoredAnalysis(analysisFixture());
    expect(overviewCards({ ...analysis, quality: undefined as never }).qualityScore).toBe(100);
  });

  it('colours the score bar green from 80, yellow from 60, red below', () => {
    expect([100, 80, 79, 60, 59, 0].map(qualityLevel)).toEqual(['good', 'good', 'fair', 'fair', 'poor', 'poor']);
  });
});

describe('quality notes', () => {
  it('shows the missing fraction as a percentage to one decimal', () => {
    expect(missingPercent(0.00875)).toBe('0.9');
    expect(missingPercent(0.08888888888888889)).toBe('8.9');
    expect(missingPercent(0)).toBe('0.0');
    expect(missingPercent(1)).toBe('100.0');
    expect(missingPercent(undefined)).toBe('0.0');
  });

  it('names the first three columns and counts the rest', () => {
    expect(firstNames([])).toEqual({ shown: [], more: 0 });
    expect(firstNames(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(firstNames(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('the drop suggestion', () => {
  it('lists the id-like then the constant columns once, only those still in the data, never a target', () => {
    const quality = { idLikeCols: ['id', 'code', 'y'], constantCols: ['flag', 'code', 'gone', 'z'] };
    const columns = ['id', 'code', 'flag', 'y', 'z', 'x'];
    expect(dropSuggestion(quality, columns, [null, null])).toEqual(['id', 'code', 'y', 'flag', 'z']);
    expect(dropSuggestion(quality, columns, ['y', 'z'])).toEqual(['id', 'code', 'flag']);
    expect(dropSuggestion({ idLikeCols: [], constantCols: [] }, columns, [null])).toEqual([]);
  });
});
