import type { StoredAnalysis } from './analysisRun';
import { formatDecimal } from '../../i18n/format';

/** SPEC §2: the skewness panel lists at most 12 columns. */
export const SKEW_COLUMN_LIMIT = 12;
/** SPEC §9: dots turn yellow at |skew| 0.5 and red at 1. */
export const SKEW_MODERATE = 0.5;
export const SKEW_HIGH = 1;

/** red, yellow, green, or none when the skew is not a number. */
export type SkewLevel = 'high' | 'moderate' | 'low' | 'unknown';
export type SkewAdvice = 'log' | 'square' | 'ok' | 'none';

export interface SkewRow {
  column: string;
  skew: number | null;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function skewLevel(skew: number | null | undefined): SkewLevel {
  if (!isNumber(skew)) return 'unknown';
  const size = Math.abs(skew);
  if (size >= SKEW_HIGH) return 'high';
  if (size >= SKEW_MODERATE) return 'moderate';
  return 'low';
}

/** log/yeo-johnson for skew ≥ 1, square/yeo-johnson for skew ≤ −1, otherwise it looks OK. */
export function skewAdvice(skew: number | null | undefined): SkewAdvice {
  if (!isNumber(skew)) return 'none';
  if (skew >= SKEW_HIGH) return 'log';
  if (skew <= -SKEW_HIGH) return 'square';
  return 'ok';
}

/** Two decimals, a dash when not a number; a value that rounds to zero shows no minus sign. */
export function formatSkew(skew: number | null | undefined): string {
  if (!isNumber(skew)) return '—';
  const text = formatDecimal(skew, 2);
  return Number(text) === 0 ? '0.00' : text;
}

/** The columns of the panel: largest |skew| first, then those without a number, at most 12. */
export function skewRows(stats: StoredAnalysis['distribution_stats'], limit: number = SKEW_COLUMN_LIMIT): SkewRow[] {
  return Object.entries(stats)
    .map(([column, { skew }]) => ({ column, skew: isNumber(skew) ? skew : null }))
    .sort((a, b) => (b.skew === null ? -1 : Math.abs(b.skew)) - (a.skew === null ? -1 : Math.abs(a.skew)))
    .slice(0, limit);
}
