import { formatDecimal, formatPercent } from '../../i18n/format';

/** SPEC §9: the optimization screen shows these metrics as percentages. */
const PERCENT_METRICS = new Set(['accuracy', 'silhouette_score']);

/** A score as SPEC §9 shows it on the optimization screen: 0.9123 accuracy reads "91.23%", an r2 "0.9123". */
export function formatScore(metric: string, value: number | null | undefined, language?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return PERCENT_METRICS.has(metric) ? formatPercent(value * 100, 2, language) : formatDecimal(value, 4, language);
}

/**
 * The best score's change relative to the baseline, as a fraction: (best - baseline) / |baseline|.
 * Null without a baseline, or with a baseline of 0 (no relative change exists).
 */
export function relativeImprovement(best: number, baseline: number | null): number | null {
  if (baseline === null || baseline === 0 || !Number.isFinite(baseline) || !Number.isFinite(best)) return null;
  return (best - baseline) / Math.abs(baseline);
}

/** A relative change as a signed percentage: "+4.35%", "-2.10%", "0.00%"; a dash when there is none. */
export function formatImprovement(fraction: number | null, language?: string): string {
  if (fraction === null) return '—';
  const percent = Math.round(fraction * 10000) / 100;
  const text = formatPercent(Math.abs(percent), 2, language);
  if (percent === 0) return text;
  return percent > 0 ? `+${text}` : `-${text}`;
}

/** A parameter value as Python writes it: None, True and False; numbers to 4 significant digits. */
export function formatParamValue(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The best score minus the baseline, in the metric's units, signed: "+0.0213"; a dash without a baseline. */
export function formatDifference(best: number, baseline: number | null, language?: string): string {
  if (baseline === null || !Number.isFinite(baseline) || !Number.isFinite(best)) return '—';
  const difference = Math.round((best - baseline) * 10000) / 10000;
  const text = formatDecimal(Math.abs(difference), 4, language);
  if (difference === 0) return text;
  return difference > 0 ? `+${text}` : `-${text}`;
}
