import type { TFunction } from 'i18next';
import type { OptimizationRun } from '../../api/models';
import type { ModelResult } from '../../api/training';
import { readOptimizationRecord } from './optimizationRules';

/** A model result's charts when it has none. */
export const NO_CHARTS: ModelResult['charts'] = {
  confusion_matrix: null,
  roc_curves: [],
  pr_curves: [],
  prediction_sample: null,
  feature_importances: null,
  cluster_sizes: [],
};

/** The session has optimized a model (its saved record says so), so the server has runs to show. */
export function hasOptimizedModels(stepResult: unknown): boolean {
  return Object.keys(readOptimizationRecord(stepResult).models).length > 0;
}

/**
 * A model's optimized run as a row of Evaluation, beside its untuned self: its metrics are the
 * held-out ones the server scored it by (never the rows its parameters were chosen on), and it
 * has no charts of its own.
 */
export function optimizedRow(run: OptimizationRun, t: TFunction): ModelResult {
  return {
    model: t('export.optimizedModel', { model: run.selected_model }),
    metrics: run.metrics,
    error: null,
    train_seconds: 0,
    sampling: run.sampling,
    charts: NO_CHARTS,
  };
}
