import { describe, expect, it } from 'vitest';
import { formatSkew, skewAdvice, skewLevel, skewRows } from './skew';

describe('skew dots', () => {
  it.each([
    [0, 'low'],
    [0.49, 'low'],
    [-0.49, 'low'],
    [0.5, 'moderate'],
    [-0.5, 'moderate'],
    [0.99, 'moderate'],
    [-0.99, 'moderate'],
    [1, 'high'],
    [-1, 'high'],
    [7.3, 'high'],
    [-7.3, 'high'],
    [null, 'unknown'],
    [undefined, 'unknown'],
    [Number.NaN, 'unknown'],
    [Number.POSITIVE_INFINITY, 'unknown'],
  ])('skew %s is %s', (skew, level) => {
    expect(skewLevel(skew)).toBe(level);
  });
});

describe('skew suggestions', () => {
  it.each([
    [1, 'log'],
    [2.5, 'log'],
    [0.99, 'ok'],
    [0.5, 'ok'],
    [0, 'ok'],
    [-0.5, 'ok'],
    [-0.99, 'ok'],
    [-1, 'square'],
    [-4, 'square'],
    [null, 'none'],
    [Number.NaN, 'none'],
  ])('skew %s suggests %s', (skew, advice) => {
    expect(skewAdvice(skew)).toBe(advice);
  });
});

describe('skew values', () => {
  it('shows two decimals, or a dash when not a number', () => {
    expect(formatSkew(1.23456)).toBe('1.23');
    expect(formatSkew(-0.5)).toBe('-0.50');
    expect(formatSkew(-0.001)).toBe('0.00');
    expect(formatSkew(null)).toBe('—');
    expect(formatSkew(Number.NaN)).toBe('—');
  });

  it('lists at most 12 columns, largest absolute skew first, non-numbers last', () => {
    const stats: Record<string, { skew: number | null }> = Object.fromEntries(
      Array.from({ length: 14 }, (_, i) => [`c${i}`, { skew: i % 2 === 0 ? i / 10 : -i / 10 }]),
    );
    stats.flat = { skew: null };
    const rows = skewRows(stats);
    expect(rows).toHaveLength(12);
    expect(rows.map((row) => row.column)).toEqual(['c13', 'c12', 'c11', 'c10', 'c9', 'c8', 'c7', 'c6', 'c5', 'c4', 'c3', 'c2']);
    expect(skewRows({ a: { skew: null }, b: { skew: -0.2 } })).toEqual([
      { column: 'b', skew: -0.2 },
      { column: 'a', skew: null },
    ]);
  });
});
