import { describe, expect, it } from 'vitest';
import {
  columnValues,
  isCategoricalDtype,
  isNumericDtype,
  mayHaveOutliers,
  numericShare,
  takesNumericImputation,
} from './columnKinds';

describe('column kinds by dtype', () => {
  it('takes the numeric missing-value strategies when the dtype contains int or float', () => {
    for (const dtype of ['int64', 'Int32', 'float64', 'Float32', 'uint8', 'int64[pyarrow]']) {
      expect([dtype, takesNumericImputation(dtype)]).toEqual([dtype, true]);
    }
    for (const dtype of ['str', 'object', 'category', 'bool', 'boolean', 'datetime64[ns]', 'double[pyarrow]', undefined]) {
      expect([dtype, takesNumericImputation(dtype)]).toEqual([dtype, false]);
    }
  });

  it('counts int, float, double, number and decimal as numeric', () => {
    for (const dtype of ['int64', 'float32', 'double[pyarrow]', 'number', 'decimal128(10, 2)[pyarrow]']) {
      expect([dtype, isNumericDtype(dtype)]).toEqual([dtype, true]);
    }
    for (const dtype of ['str', 'bool', 'category', 'datetime64[ns]', undefined]) {
      expect([dtype, isNumericDtype(dtype)]).toEqual([dtype, false]);
    }
  });

  it('offers outlier settings for numeric columns and for columns of unknown type only', () => {
    expect(['int64', 'double', 'number', 'decimal', 'unknown', '', undefined].map(mayHaveOutliers)).toEqual(
      Array(7).fill(true),
    );
    expect(['str', 'object', 'bool', 'datetime64[ns]', 'category'].map(mayHaveOutliers)).toEqual(Array(5).fill(false));
  });

  it('treats text, category and object columns as categorical; not numbers, booleans or datetimes', () => {
    expect(['str', 'string', 'object', 'category', undefined].map(isCategoricalDtype)).toEqual(Array(5).fill(true));
    expect(['int64', 'float64', 'bool', 'boolean', 'datetime64[ns, UTC]'].map(isCategoricalDtype)).toEqual(
      Array(5).fill(false),
    );
  });
});

describe('numeric share of preview values', () => {
  it('counts numbers and number-like text among the non-empty values', () => {
    expect(numericShare([1, 2.5, '3', ' 4 ', 'x'])).toBeCloseTo(0.8);
    expect(numericShare(['1', null, '', '  ', 'a'])).toBe(0.5);
    expect(numericShare([true, false, 1])).toBeCloseTo(1 / 3);
    expect(numericShare([null, ''])).toBe(0);
    expect(numericShare([Number.NaN, 1])).toBe(0.5);
  });

  it('reads one column of the preview rows', () => {
    expect(columnValues(['a', 'b'], [[1, 'x'], [2, null]], 'b')).toEqual(['x', null]);
    expect(columnValues(['a'], [[1]], 'missing')).toEqual([]);
  });
});
