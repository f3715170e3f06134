import type { Evaluation, MetricCatalog } from '../../api/training';
import { formatDecimal, formatInteger } from '../../i18n/format';
import type { QualityTone } from '../../components/ToneCue/ToneCue';

export type MetricTone = QualityTone | 'neutral';

type MetricDescription = MetricCatalog['metrics'][number];

function described(catalog: MetricCatalog, metric: string): MetricDescription | undefined {
  return catalog.metrics.find((entry) => entry.name === metric);
}

export type MetricDirection = MetricDescription['direction'];

/** Whether a metric is better higher or lower (or neither); undefined for one the catalogue lacks. */
export function metricDirection(catalog: MetricCatalog, metric: string): MetricDirection | undefined {
  return described(catalog, metric)?.direction;
}

/** The metric the models are ranked by: the one the evaluation names, else its problem type's in the catalogue. */
export function primaryMetric(catalog: MetricCatalog, evaluation: Pick<Evaluation, 'primary_metric' | 'problem_type'>): string {
  return evaluation.primary_metric || (catalog.primary[evaluation.problem_type] ?? '');
}

/** The metrics a person may rank `problemType`'s models by, in the catalogue's order. */
export function rankableMetrics(catalog: MetricCatalog, problemType: string): string[] {
  return catalog.metrics.filter((entry) => entry.rankable && entry.problem_type === problemType).map((entry) => entry.name);
}

/** The metric a training ranks by: the chosen one when `problemType` may rank by it, else the catalogue's default. */
export function chosenPrimaryMetric(catalog: MetricCatalog, problemType: string, chosen: string | null): string {
  if (chosen !== null && rankableMetrics(catalog, problemType).includes(chosen)) return chosen;
  return catalog.primary[problemType as keyof MetricCatalog['primary']] ?? '';
}

/**
 * SPEC §9's colour of a metric value, by the catalogue's bounds: green from / yellow from for a
 * higher-is-better metric, green below / yellow below for the others. A metric in the data's
 * units (`baseline_relative`: RMSE, MAE, MSE, inertia) is coloured by its value over the
 * baseline's, and stays neutral without a positive baseline value. A metric without bounds
 * (counts, Calinski–Harabasz) and any value that is not a number are neutral.
 */
export function metricTone(catalog: MetricCatalog, metric: string, value: number | null | undefined, baseline?: number | null): MetricTone {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'neutral';
  const description = described(catalog, metric);
  if (!description?.tone_bounds) return 'neutral';
  let scored = value;
  if (description.baseline_relative) {
    if (baseline === null || baseline === undefined || !(baseline > 0)) return 'neutral';
    scored = value / baseline;
  }
  // the schema's pair, which the client reads as an array
  const [good, fair] = description.tone_bounds as [number, number];
  if (description.direction === 'higher') {
    if (scored >= good) return 'good';
    return scored >= fair ? 'fair' : 'poor';
  }
  if (scored < good) return 'good';
  return scored < fair ? 'fair' : 'poor';
}

/** SPEC §9: metrics are shown to 4 decimals; whole counts as whole numbers; a dash when missing. */
export function formatMetric(catalog: MetricCatalog, metric: string, value: number | null | undefined, language?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const count = described(catalog, metric)?.whole_number === true && Number.isInteger(value);
  return count ? formatInteger(value, language) : formatDecimal(value, 4, language);
}

/** A cross-validated metric as mean ± standard deviation over the folds; one value alone when there is no spread. */
export function formatSpread(
  catalog: MetricCatalog,
  metric: string,
  value: number | null | undefined,
  spread: number | null | undefined,
  language?: string,
): string {
  const shown = formatMetric(catalog, metric, value, language);
  if (spread === null || spread === undefined || !Number.isFinite(spread) || shown === '—') return shown;
  return `${shown} ± ${formatMetric(catalog, metric, spread, language)}`;
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
