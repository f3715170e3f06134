import type { Cell } from '../../api/dataset';

/** SPEC §5: a column is numeric for missing-value strategies when its dtype contains int or float. */
const MISSING_NUMERIC_WORDS = ['int', 'float'];

/** SPEC §5: numeric for outliers and scaling: int, float, double, number or decimal. */
const NUMERIC_WORDS = ['int', 'float', 'double', 'number', 'decimal'];

/** SPEC §5: scaling takes a column when at least 80 % of its non-empty values are numbers. */
export const NUMERIC_VALUE_SHARE = 0.8;

function dtypeHas(dtype: string, words: readonly string[]): boolean {
  const lower = dtype.toLowerCase();
  return words.some((word) => lower.includes(word));
}

/** Whether missing values of a column take the numeric strategies (mean, median, zero, ffill, bfill). */
export function takesNumericImputation(dtype: string | undefined): boolean {
  return dtype !== undefined && dtypeHas(dtype, MISSING_NUMERIC_WORDS);
}

export function isNumericDtype(dtype: string | undefined): boolean {
  return dtype !== undefined && dtypeHas(dtype, NUMERIC_WORDS);
}

/** Outlier column configs: numeric by dtype, or a dtype that is not known. */
export function mayHaveOutliers(dtype: string | undefined): boolean {
  return dtype === undefined || dtype.trim() === '' || dtype.toLowerCase() === 'unknown' || isNumericDtype(dtype);
}

/**
 * Text, category or object columns: what encoding turns into numbers. Booleans, datetimes
 * and numbers are not; a column whose dtype is not known is offered (the server decides).
 */
export function isCategoricalDtype(dtype: string | undefined): boolean {
  if (dtype === undefined) return true;
  const lower = dtype.toLowerCase();
  return !isNumericDtype(lower) && !lower.includes('bool') && !lower.includes('date') && !lower.includes('time');
}

function isEmpty(value: Cell): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

function readsAsNumber(value: Cell): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return Number.isFinite(Number(value.trim()));
  return false;
}

/** The share of a column's non-empty preview values that are numbers (0 when it has none). */
export function numericShare(values: readonly Cell[]): number {
  const present = values.filter((value) => !isEmpty(value));
  if (present.length === 0) return 0;
  return present.filter(readsAsNumber).length / present.length;
}

/** The values of one column of the preview rows. */
export function columnValues(columns: readonly string[], rows: readonly Cell[][], column: string): Cell[] {
  const index = columns.indexOf(column);
  return index < 0 ? [] : rows.map((row) => row[index] ?? null);
}
