import { describe, expect, it } from 'vitest';
import { coMissingPairs, infiniteVifBar, rowsByMissingCount, topCramersPairs, topFeatureTarget, topVif, vifLevel } from './analysisCharts';

describe('VIF chart', () => {
  it('shows the top 20, infinite first, leaving out non-numbers', () => {
    const vif: Record<string, number | null> = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`c${i}`, i + 1]));
    vif.perfect = null;
    vif.unknown = null;
    const items = topVif({ vif, vif_infinite: ['perfect'] });
    expect(items).toHaveLength(20);
    expect(items[0]).toEqual({ column: 'perfect', vif: null });
    expect(items[1]).toEqual({ column: 'c23', vif: 24 });
    expect(items.some((item) => item.column === 'unknown')).toBe(false);
  });

  it('colours above 10 as high and 5–10 as needing attention', () => {
    expect([null, 10.01, 10, 5, 4.99, 1].map(vifLevel)).toEqual(['high', 'high', 'attention', 'attention', 'ok', 'ok']);
  });

  it('draws an infinite VIF longer than every finite one', () => {
    expect(
      infiniteVifBar([
        { column: 'a', vif: 40 },
        { column: 'b', vif: null },
      ]),
    ).toBeGreaterThan(40);
    expect(infiniteVifBar([{ column: 'b', vif: null }])).toBeGreaterThan(10);
  });
});

describe('missing-value charts', () => {
  it('orders rows by their number of missing fields', () => {
    expect(
      rowsByMissingCount([
        [2, 5],
        [0, 90],
        [1, 5],
      ]),
    ).toEqual([
      { missing: 0, rows: 90 },
      { missing: 1, rows: 5 },
      { missing: 2, rows: 5 },
    ]);
  });

  it('keeps the top 10 positive co-missing pairs, each once', () => {
    const names = Array.from({ length: 6 }, (_, i) => `m${i}`);
    const correlations: Record<string, Record<string, number | null>> = Object.fromEntries(
      names.map((a, i) => [a, Object.fromEntries(names.map((b, j) => [b, i === j ? 1 : (i + j) / 20 - 0.1]))]),
    );
    correlations.m0 = { ...correlations.m0, m5: null };
    const pairs = coMissingPairs(correlations);
    expect(pairs).toHaveLength(10);
    expect(pairs[0]).toEqual({ first: 'm4', second: 'm5', value: 0.35 });
    expect(pairs.every((pair) => pair.value > 0 && pair.first < pair.second)).toBe(true);
    expect(new Set(pairs.map((pair) => `${pair.first}-${pair.second}`)).size).toBe(10);
    expect(coMissingPairs({ a: { a: 1, b: -0.3 }, b: { a: -0.3, b: 1 } })).toEqual([]);
  });
});

describe('association charts', () => {
  it('keeps the top 12 Cramér’s V pairs', () => {
    const pairs = Array.from({ length: 15 }, (_, i) => ({ col1: `a${i}`, col2: `b${i}`, cramers_v: i / 15 }));
    const top = topCramersPairs(pairs);
    expect(top).toHaveLength(12);
    expect(top[0]).toEqual({ first: 'a14', second: 'b14', value: 14 / 15 });
  });

  it('keeps the top 20 feature–target scores with their tests', () => {
    const assoc = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [`f${i}`, { score: i / 25, test: 'pearson' as const, p_value: 0.01 }]),
    );
    const top = topFeatureTarget(assoc);
    expect(top).toHaveLength(20);
    expect(top[0]).toEqual({ column: 'f24', score: 24 / 25, test: 'pearson', pValue: 0.01 });
    expect(topFeatureTarget(null)).toEqual([]);
  });
});
