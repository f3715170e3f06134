import type { MetricCatalog } from '../api/training';

type MetricDescription = MetricCatalog['metrics'][number];

interface Marks {
  whole?: boolean;
  rankable?: boolean;
  relative?: boolean;
}

function metric(
  name: string,
  problem_type: MetricDescription['problem_type'],
  direction: MetricDescription['direction'],
  tone_bounds: [number, number] | null,
  { whole = false, rankable = false, relative = false }: Marks = {},
): MetricDescription {
  return { name, problem_type, direction, tone_bounds, whole_number: whole, rankable, baseline_relative: relative };
}

/** The metric catalogue as `GET /api/metric-catalog/` answers it. */
export const TEST_METRIC_CATALOG: MetricCatalog = {
  metrics: [
    metric('accuracy', 'classification', 'higher', [0.8, 0.6], { rankable: true }),
    metric('balanced_accuracy', 'classification', 'higher', [0.8, 0.6], { rankable: true }),
    metric('precision', 'classification', 'higher', [0.8, 0.6]),
    metric('recall', 'classification', 'higher', [0.8, 0.6]),
    metric('f1', 'classification', 'higher', [0.8, 0.6]),
    metric('f1_macro', 'classification', 'higher', [0.8, 0.6], { rankable: true }),
    metric('roc_auc', 'classification', 'higher', [0.8, 0.6], { rankable: true }),
    metric('pr_auc', 'classification', 'higher', [0.8, 0.6]),
    metric('log_loss', 'classification', 'lower', [0.1, 0.3], { rankable: true }),
    metric('mcc', 'classification', 'higher', [0.8, 0.6], { rankable: true }),
    metric('r2', 'regression', 'higher', [0.8, 0.6], { rankable: true }),
    metric('rmse', 'regression', 'lower', [0.1, 0.3], { rankable: true, relative: true }),
    metric('mae', 'regression', 'lower', [0.1, 0.3], { rankable: true, relative: true }),
    metric('mse', 'regression', 'lower', [0.1, 0.3], { relative: true }),
    metric('mape', 'regression', 'lower', [0.1, 0.3], { rankable: true }),
    metric('explained_variance', 'regression', 'higher', [0.8, 0.6]),
    metric('silhouette_score', 'clustering', 'higher', [0.8, 0.6], { rankable: true }),
    metric('calinski_harabasz', 'clustering', 'higher', null, { rankable: true }),
    metric('davies_bouldin', 'clustering', 'lower', [0.8, 1.5], { rankable: true }),
    metric('inertia', 'clustering', 'lower', [0.1, 0.3], { relative: true }),
    metric('n_clusters', 'clustering', 'none', null, { whole: true }),
    metric('min_cluster_size', 'clustering', 'none', null, { whole: true }),
    metric('max_cluster_size', 'clustering', 'none', null, { whole: true }),
    metric('avg_cluster_size', 'clustering', 'none', null, { whole: true }),
    metric('noise_ratio', 'clustering', 'lower', [0.05, 0.15]),
  ],
  primary: { classification: 'accuracy', regression: 'r2', clustering: 'silhouette_score' },
};
