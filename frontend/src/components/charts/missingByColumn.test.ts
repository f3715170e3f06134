import { describe, expect, it } from 'vitest';
import { missingByColumn } from './missingByColumn';

describe('missingByColumn', () => {
  it('lists columns with missing values, most first', () => {
    expect(missingByColumn({ a: 0, b: 5, c: 9, d: 1 })).toEqual([
      { column: 'c', count: 9 },
      { column: 'b', count: 5 },
      { column: 'd', count: 1 },
    ]);
  });

  it('keeps at most the limit', () => {
    const missing = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`c${i}`, i + 1]));
    expect(missingByColumn(missing)).toHaveLength(30);
    expect(missingByColumn(missing, 3).map((item) => item.column)).toEqual(['c39', 'c38', 'c37']);
  });
});
