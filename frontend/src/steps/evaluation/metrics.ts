import type { ProblemType } from '../../api/training';
import { formatDecimal, formatInteger } from '../../i18n/format';

export type MetricTone = 'good' | 'fair' | 'poor' | 'neutral';

/** SPEC §9: the metric each problem type ranks its models by. */
export const PRIMARY_METRIC: Record<ProblemType, string> = {
  classification: 'accuracy',
  regression: 'r2',
  clustering: 'silhouette_score',
};

/** Higher is better, on a 0–1 scale: green from 0.8, yellow from 0.6. */
const HIGH_IS_GOOD = new Set([
  'accuracy',
  'balanced_accuracy',
  'precision',
  'recall',
  'f1',
  'roc_auc',
  'pr_auc',
  'mcc',
  'r2',
  'explained_variance',
  'silhouette_score',
]);

/** Errors (lower is better): green below 0.1, yellow below 0.3. */
const LOW_IS_GOOD = new Set(['log_loss', 'rmse', 'mae', 'mse', 'mape', 'inertia']);

/** Lower is better, on their own scales: [green below, yellow below]. */
const OWN_BOUNDS: Record<string, [number, number]> = {
  davies_bouldin: [0.8, 1.5],
  noise_ratio: [0.05, 0.15],
};

function below(value: number, [good, fair]: [number, number]): MetricTone {
  if (value < good) return 'good';
  return value < fair ? 'fair' : 'poor';
}

/**
 * SPEC §9's colour of a metric value. Cluster counts and sizes, Calinski–Harabasz (unbounded)
 * and any value that is not a number are neutral.
 */
export function metricTone(metric: string, value: number | null | undefined): MetricTone {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'neutral';
  if (HIGH_IS_GOOD.has(metric)) {
    if (value >= 0.8) return 'good';
    return value >= 0.6 ? 'fair' : 'poor';
  }
  if (LOW_IS_GOOD.has(metric)) return below(value, [0.1, 0.3]);
  const bounds = OWN_BOUNDS[metric];
  return bounds ? below(value, bounds) : 'neutral';
}

/** SPEC §9: metrics are shown to 4 decimals; counts as whole numbers; a dash when missing. */
export function formatMetric(metric: string, value: number | null | undefined, language?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const count = (metric === 'n_clusters' || metric.endsWith('_cluster_size')) && Number.isInteger(value);
  return count ? formatInteger(value, language) : formatDecimal(value, 4, language);
}

/** The order metrics are listed in (SPEC §3); any other metric the server sends follows. */
export const METRIC_ORDER = [
  'accuracy',
  'balanced_accuracy',
  'precision',
  'recall',
  'f1',
  'roc_auc',
  'pr_auc',
  'log_loss',
  'mcc',
  'r2',
  'rmse',
  'mae',
  'mse',
  'mape',
  'explained_variance',
  'silhouette_score',
  'calinski_harabasz',
  'davies_bouldin',
  'inertia',
  'n_clusters',
  'min_cluster_size',
  'max_cluster_size',
  'avg_cluster_size',
  'noise_ratio',
];

export function orderedMetrics(metrics: Record<string, number | null>): [string, number | null][] {
  const rank = (name: string) => {
    const index = METRIC_ORDER.indexOf(name);
    return index < 0 ? METRIC_ORDER.length : index;
  };
  return Object.entries(metrics).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The translation key of a metric's name: `balanced_accuracy` reads `evaluation.metricNames.balancedAccuracy`. */
export function metricNameKey(metric: string): string {
  return `evaluation.metricNames.${metric.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}`;
}
