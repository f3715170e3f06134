import type { CatalogModel, OptimizationMethod, OptimizeRequest, OptimizeResult } from '../../api/models';

/** SPEC §9 grid_search and random_search, and Optuna's TPE search. */
export const OPTIMIZATION_METHODS: readonly OptimizationMethod[] = ['grid_search', 'random_search', 'bayesian'];

/** SPEC §5 and §9: CV folds 2 to 10 (out-of-range values are moved into it), default 5; iterations 1 to 200, default 20. */
export const CV_FOLDS = { min: 2, max: 10, step: 1, default: 5 } as const;
export const ITERATIONS = { min: 1, max: 200, step: 1, default: 20 } as const;

export interface OptimizationSettings {
  /** '' until a model is chosen. */
  model: string;
  method: OptimizationMethod;
  /** Null while the field holds no number. */
  cvFolds: number | null;
  nIterations: number | null;
}

export const DEFAULT_SETTINGS: OptimizationSettings = {
  model: '',
  method: 'grid_search',
  cvFolds: CV_FOLDS.default,
  nIterations: ITERATIONS.default,
};

/** SPEC §5: the number of iterations is asked for only by the searches that draw their candidates. */
export function usesIterations(method: OptimizationMethod): boolean {
  return method !== 'grid_search';
}

export type OptimizationProblem = 'noModel' | 'iterations';

/** What keeps the settings from being sent; the model is checked when Optimize is pressed. */
export function optimizationProblems(settings: OptimizationSettings): OptimizationProblem[] {
  const problems: OptimizationProblem[] = [];
  if (settings.model === '') problems.push('noModel');
  if (usesIterations(settings.method) && settings.nIterations === null) problems.push('iterations');
  return problems;
}

export function optimizeRequest(settings: OptimizationSettings): OptimizeRequest {
  return {
    selected_model: settings.model,
    optimization_method: settings.method,
    cv_folds: settings.cvFolds ?? CV_FOLDS.default,
    n_iterations: settings.nIterations ?? ITERATIONS.default,
  };
}

/** One parameter a search tries: a list of values, or a range a random or Optuna search draws from. */
export type SearchParam =
  | { name: string; kind: 'values'; values: unknown[] }
  | { name: string; kind: 'range'; low: number; high: number; scale: 'integer' | 'linear' | 'log' };

const LOG_DISTRIBUTIONS = new Set(['loguniform', 'reciprocal']);

function rangeScale(distribution: unknown): 'integer' | 'linear' | 'log' {
  if (distribution === 'randint') return 'integer';
  return typeof distribution === 'string' && LOG_DISTRIBUTIONS.has(distribution) ? 'log' : 'linear';
}

/** The parameters the chosen method searches for the model: the grid for grid search, else the distributions. */
export function searchParams(model: CatalogModel | undefined, method: OptimizationMethod): SearchParam[] {
  if (model === undefined) return [];
  const space = model.search_space;
  if (method === 'grid_search') {
    return Object.entries(space.grid).map(([name, values]) => ({ name, kind: 'values', values }));
  }
  return Object.entries(space.distributions).map(([name, description]): SearchParam => {
    const { choices, low, high, distribution } = description;
    if (Array.isArray(choices)) return { name, kind: 'values', values: choices };
    return { name, kind: 'range', low: Number(low), high: Number(high), scale: rangeScale(distribution) };
  });
}

/** What step 10 records for each model it optimized (SPEC §3: bestScore and bestParams). */
export interface OptimizedModel {
  bestScore: number;
  bestParams: Record<string, unknown>;
  baselineScore: number | null;
  primaryMetric: string;
  method: OptimizationMethod;
}

export interface OptimizationRecord {
  /** Per model name. */
  models: Record<string, OptimizedModel>;
  /** The model optimized last. */
  lastModel: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptimizedModel(value: unknown): value is OptimizedModel {
  return (
    isRecord(value) &&
    typeof value.bestScore === 'number' &&
    isRecord(value.bestParams) &&
    (value.baselineScore === null || typeof value.baselineScore === 'number') &&
    typeof value.primaryMetric === 'string' &&
    typeof value.method === 'string'
  );
}

/** The optimizations a saved session records, leaving out anything that does not read as one. */
export function readOptimizationRecord(saved: unknown): OptimizationRecord {
  if (!isRecord(saved)) return { models: {}, lastModel: null };
  const models = isRecord(saved.models)
    ? Object.fromEntries(Object.entries(saved.models).filter((entry): entry is [string, OptimizedModel] => isOptimizedModel(entry[1])))
    : {};
  const lastModel = typeof saved.lastModel === 'string' && saved.lastModel in models ? saved.lastModel : null;
  return { models, lastModel };
}

/** The record with this result added (replacing an earlier optimization of the same model). */
export function withOptimizedModel(record: OptimizationRecord, result: OptimizeResult): OptimizationRecord {
  return {
    models: {
      ...record.models,
      [result.selected_model]: {
        bestScore: result.best_score,
        bestParams: result.best_params,
        baselineScore: result.baseline_score,
        primaryMetric: result.primary_metric,
        method: result.optimization_method,
      },
    },
    lastModel: result.selected_model,
  };
}
