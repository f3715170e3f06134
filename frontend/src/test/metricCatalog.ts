import type { MetricCatalog } from '../api/training';

type MetricDescription = MetricCatalog['metrics'][number];

function metric(
  name: string,
  problem_type: MetricDescription['problem_type'],
  direction: MetricDescription['direction'],
  tone_bounds: [number, number] | null,
  whole_number = false,
): MetricDescription {
  return { name, problem_type, direction, tone_bounds, whole_number };
}

/** The metric catalogue as `GET /api/metric-catalog/` answers it. */
export const TEST_METRIC_CATALOG: MetricCatalog = {
  metrics: [
    metric('accuracy', 'classification', 'higher', [0.8, 0.6]),
    metric('balanced_accuracy', 'classification', 'higher', [0.8, 0.6]),
    metric('precision', 'classification', 'higher', [0.8, 0.6]),
    metric('recall', 'classification', 'higher', [0.8, 0.6]),
    metric('f1', 'classification', 'higher', [0.8, 0.6]),
    metric('roc_auc', 'classification', 'higher', [0.8, 0.6]),
    metric('pr_auc', 'classification', 'higher', [0.8, 0.6]),
    metric('log_loss', 'classification', 'lower', [0.1, 0.3]),
    metric('mcc', 'classification', 'higher', [0.8, 0.6]),
    metric('r2', 'regression', 'higher', [0.8, 0.6]),
    metric('rmse', 'regression', 'lower', [0.1, 0.3]),
    metric('mae', 'regression', 'lower', [0.1, 0.3]),
    metric('mse', 'regression', 'lower', [0.1, 0.3]),
    metric('mape', 'regression', 'lower', [0.1, 0.3]),
    metric('explained_variance', 'regression', 'higher', [0.8, 0.6]),
    metric('silhouette_score', 'clustering', 'higher', [0.8, 0.6]),
    metric('calinski_harabasz', 'clustering', 'higher', null),
    metric('davies_bouldin', 'clustering', 'lower', [0.8, 1.5]),
    metric('inertia', 'clustering', 'lower', [0.1, 0.3]),
    metric('n_clusters', 'clustering', 'none', null, true),
    metric('min_cluster_size', 'clustering', 'none', null, true),
    metric('max_cluster_size', 'clustering', 'none', null, true),
    metric('avg_cluster_size', 'clustering', 'none', null, true),
    metric('noise_ratio', 'clustering', 'lower', [0.05, 0.15]),
  ],
  primary: { classification: 'accuracy', regression: 'r2', clustering: 'silhouette_score' },
};
