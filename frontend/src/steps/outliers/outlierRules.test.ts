import { describe, expect, it } from 'vitest';
import {
  columnRemovalRequest,
  DEFAULT_DETECTION,
  detectionRequest,
  FACTOR_FIELD,
  needsRemovalConfirmation,
  outlierBars,
  outlierCandidates,
  removalRequest,
  rowsToRemove,
} from './outlierRules';

describe('outlier rules', () => {
  it('uses IQR with factor 1.5 by default and takes factors from 0.1 to 10 in steps of 0.1', () => {
    expect(DEFAULT_DETECTION).toEqual({ method: 'iqr', factor: 1.5 });
    expect(FACTOR_FIELD).toEqual({ min: 0.1, max: 10, step: 0.1 });
  });

  it("offers column configs for the server's numeric columns, and for columns of a kind not known yet", () => {
    const kinds = { a: 'numeric', b: 'numeric', d: 'categorical', e: 'boolean', f: 'datetime' } as const;
    expect(outlierCandidates(['a', 'b', 'd', 'e', 'f', 'new'], kinds)).toEqual(['a', 'b', 'new']);
    expect(outlierCandidates(['x', 'y'], null)).toEqual(['x', 'y']);
  });

  it('detects with the global settings and each configured column its own', () => {
    expect(detectionRequest({ method: 'zscore', factor: 3 }, [])).toEqual({ method: 'zscore', factor: 3 });
    expect(detectionRequest({ method: 'iqr', factor: 1.5 }, [{ column: 'age', strategy: 'cap', method: 'auto', factor: 2 }])).toEqual({
      method: 'iqr',
      factor: 1.5,
      column_configs: { age: { method: 'auto', factor: 2 } },
    });
  });

  it('sends nothing while a factor is not valid', () => {
    expect(detectionRequest({ method: 'iqr', factor: null }, [])).toBeNull();
    expect(detectionRequest(DEFAULT_DETECTION, [{ column: 'a', strategy: 'cap', method: 'iqr', factor: null }])).toBeNull();
    expect(removalRequest({ strategy: 'remove', method: 'iqr', factor: null })).toBeNull();
    expect(
      columnRemovalRequest([{ column: 'a', strategy: 'cap', method: 'iqr', factor: null }], { strategy: 'remove', ...DEFAULT_DETECTION }),
    ).toBeNull();
  });

  it('removes with the strategy, method and factor, or per column', () => {
    expect(removalRequest({ strategy: 'cap', method: 'zscore', factor: 3 })).toEqual({ strategy: 'cap', method: 'zscore', factor: 3 });
    expect(
      columnRemovalRequest([{ column: 'a', strategy: 'nan', method: 'zscore', factor: 2.5 }], { strategy: 'remove', ...DEFAULT_DETECTION })
        ?.column_configs,
    ).toEqual({ a: { strategy: 'nan', method: 'zscore', factor: 2.5 } });
  });

  it('charts the columns with outliers, most first', () => {
    const bars = outlierBars({
      outliers: {
        a: { count: 2, lower: 0, upper: 1, method: 'iqr' },
        b: { count: 0, lower: 0, upper: 1, method: 'iqr' },
        c: { count: 5, lower: null, upper: null, method: 'zscore' },
      },
      total: 7,
      affected_columns: ['a', 'c'],
      percentage: 3,
      most_flags: null,
      target_effect: null,
    });
    expect(bars.map((bar) => [bar.column, bar.count])).toEqual([
      ['c', 5],
      ['a', 2],
    ]);
  });
});

describe('rows a removal removes', () => {
  const found = { outliers: {}, total: 40, affected_columns: ['a'], percentage: 12.5, most_flags: null, target_effect: null };
  const settings = { method: 'iqr', factor: 1.5 } as const;
  const removal = { ...settings, strategy: 'remove' } as const;

  it('reads the count from the live detection when the removal uses its settings', () => {
    expect(rowsToRemove(found, removal, settings, 0, 3200)).toBe(400);
  });

  it('is unknown for another strategy, other settings, own column settings or no detection yet', () => {
    expect(rowsToRemove(found, { ...removal, strategy: 'cap' }, settings, 0, 3200)).toBeNull();
    expect(rowsToRemove(found, { ...removal, factor: 3 }, settings, 0, 3200)).toBeNull();
    expect(rowsToRemove(found, removal, settings, 1, 3200)).toBeNull();
    expect(rowsToRemove(null, removal, settings, 0, 3200)).toBeNull();
  });

  it('asks for confirmation above 10 % of the rows only', () => {
    expect(needsRemovalConfirmation(321, 3200)).toBe(true);
    expect(needsRemovalConfirmation(320, 3200)).toBe(false);
    expect(needsRemovalConfirmation(null, 3200)).toBe(false);
  });
});
