import type { Evaluation, MetricCatalog } from '../../api/training';
import { formatDecimal, formatInteger } from '../../i18n/format';

export type MetricTone = 'good' | 'fair' | 'poor' | 'neutral';

type MetricDescription = MetricCatalog['metrics'][number];

function described(catalog: MetricCatalog, metric: string): MetricDescription | undefined {
  return catalog.metrics.find((entry) => entry.name === metric);
}

/** The metric the models are ranked by: the one the evaluation names, else its problem type's in the catalogue. */
export function primaryMetric(catalog: MetricCatalog, evaluation: Pick<Evaluation, 'primary_metric' | 'problem_type'>): string {
  return evaluation.primary_metric || (catalog.primary[evaluation.problem_type] ?? '');
}

/**
 * SPEC §9's colour of a metric value, by the catalogue's bounds: green from / yellow from for a
 * higher-is-better metric, green below / yellow below for the others. A metric without bounds
 * (counts, Calinski–Harabasz) and any value that is not a number are neutral.
 */
export function metricTone(catalog: MetricCatalog, metric: string, value: number | null | undefined): MetricTone {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'neutral';
  const description = described(catalog, metric);
  if (!description?.tone_bounds) return 'neutral';
  // the schema's pair, which the client reads as an array
  const [good, fair] = description.tone_bounds as [number, number];
  if (description.direction === 'higher') {
    if (value >= good) return 'good';
    return value >= fair ? 'fair' : 'poor';
  }
  if (value < good) return 'good';
  return value < fair ? 'fair' : 'poor';
}

/** SPEC §9: metrics are shown to 4 decimals; whole counts as whole numbers; a dash when missing. */
export function formatMetric(catalog: MetricCatalog, metric: string, value: number | null | undefined, language?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const count = described(catalog, metric)?.whole_number === true && Number.isInteger(value);
  return count ? formatInteger(value, language) : formatDecimal(value, 4, language);
}

/** The metrics in the catalogue's order (SPEC §3); any other metric the server sends follows, by name. */
export function orderedMetrics(catalog: MetricCatalog, metrics: Record<string, number | null>): [string, number | null][] {
  const names = catalog.metrics.map((entry) => entry.name);
  const rank = (name: string) => {
    const index = names.indexOf(name);
    return index < 0 ? names.length : index;
  };
  return Object.entries(metrics).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The translation key of a metric's name: `balanced_accuracy` reads `evaluation.metricNames.balancedAccuracy`. */
export function metricNameKey(metric: string): string {
  return `evaluation.metricNames.${metric.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}`;
}
