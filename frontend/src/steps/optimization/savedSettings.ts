import { CV_FOLDS, DEFAULT_SETTINGS, ITERATIONS, OPTIMIZATION_METHODS, type OptimizationSettings } from './optimizationRules';

function whole(value: unknown, bounds: { min: number; max: number }): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= bounds.min && value <= bounds.max ? value : null;
}

/**
 * The settings kept from the last visit (`Session.optimizationSettings`), checked field by
 * field: what does not fit any more takes its default, and a model that did not train
 * gives way to the model optimized last (`lastModel`), or none.
 */
export function restoredOptimizationSettings(
  saved: Record<string, unknown> | null,
  models: readonly string[],
  lastModel: string | null,
): OptimizationSettings {
  const trained = (model: unknown): model is string => typeof model === 'string' && models.includes(model);
  let model = '';
  if (trained(saved?.model)) model = saved.model;
  else if (trained(lastModel)) model = lastModel;
  return {
    model,
    method: OPTIMIZATION_METHODS.find((method) => method === saved?.method) ?? DEFAULT_SETTINGS.method,
    cvFolds: whole(saved?.cvFolds, CV_FOLDS) ?? DEFAULT_SETTINGS.cvFolds,
    nIterations: whole(saved?.nIterations, ITERATIONS) ?? DEFAULT_SETTINGS.nIterations,
  };
}
