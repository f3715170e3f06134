import { describe, expect, it } from 'vitest';
import {
  columnRequest,
  DEFAULT_GLOBAL_SETTINGS,
  globalRequest,
  missingCandidates,
  missingSummary,
  needsFillValue,
  newRow,
  strategiesFor,
  strategyForColumn,
} from './missingRules';

describe("missing-value strategies by the server's column kind", () => {
  it('offers mean, median, zero, ffill, bfill for numeric columns and mode, constant, ffill, bfill for the others', () => {
    expect(strategiesFor('numeric')).toEqual(['mean', 'median', 'zero', 'ffill', 'bfill']);
    for (const kind of ['categorical', 'boolean', 'datetime', undefined] as const) {
      expect([kind, strategiesFor(kind)]).toEqual([kind, ['mode', 'constant', 'ffill', 'bfill']]);
    }
  });

  it('keeps a strategy the new column offers and otherwise takes its first', () => {
    expect(strategyForColumn('ffill', 'categorical')).toBe('ffill');
    expect(strategyForColumn('median', 'categorical')).toBe('mode');
    expect(strategyForColumn('constant', 'numeric')).toBe('mean');
    expect(newRow('age', 'numeric')).toEqual({ column: 'age', strategy: 'mean', fillValue: 'unknown' });
    expect(newRow('city', 'categorical')).toEqual({ column: 'city', strategy: 'mode', fillValue: 'unknown' });
  });

  it('shows a fill value only for constant', () => {
    expect(needsFillValue('constant')).toBe(true);
    expect(needsFillValue('mode')).toBe(false);
  });
});

describe('missing-value column choices', () => {
  it('leave out columns without missing values once the counts are known', () => {
    expect(missingCandidates(['a', 'b', 'c', 'new'], { a: 3, b: 0, c: 1 })).toEqual(['a', 'c', 'new']);
  });

  it('offer every column while the counts are not known', () => {
    expect(missingCandidates(['a', 'b'], null)).toEqual(['a', 'b']);
  });
});

describe('missing-value requests', () => {
  it('sends the SPEC defaults globally: mean, mode, unknown, no drop', () => {
    expect(globalRequest(DEFAULT_GLOBAL_SETTINGS)).toEqual({
      strategy: 'mean',
      cat_strategy: 'mode',
      fill_value: 'unknown',
      drop_strategy: 'none',
      drop_threshold: 0,
    });
  });

  it('sends the drop threshold only with a drop strategy, and nothing while it is not valid', () => {
    const settings = { ...DEFAULT_GLOBAL_SETTINGS, dropStrategy: 'rows' as const, dropThreshold: 0.5 };
    expect(globalRequest(settings)).toMatchObject({ drop_strategy: 'rows', drop_threshold: 0.5 });
    expect(globalRequest({ ...settings, dropThreshold: null })).toBeNull();
    expect(globalRequest({ ...DEFAULT_GLOBAL_SETTINGS, dropThreshold: null })).toMatchObject({ drop_threshold: 0 });
  });

  it('sends each row, with its fill value for constant only', () => {
    const request = columnRequest([
      { column: 'age', strategy: 'median', fillValue: 'unknown' },
      { column: 'city', strategy: 'constant', fillValue: 'n/a' },
    ]);
    expect(request.column_specific_settings).toEqual([
      { column: 'age', strategy: 'median' },
      { column: 'city', strategy: 'constant', fillValue: 'n/a' },
    ]);
  });

  it('sums up the missing values for the cards', () => {
    expect(missingSummary({ missingValues: { a: 3, b: 0, c: 1 }, shape: [10, 4] })).toEqual({
      total: 4,
      columnsWithMissing: 2,
      columns: 4,
      rows: 10,
      percent: 10,
    });
  });
});
