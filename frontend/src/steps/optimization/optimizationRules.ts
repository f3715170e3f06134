import type { CatalogModel, OptimizationMethod, OptimizationRun, OptimizeRequest, OptimizeResult } from '../../api/models';

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

export function optimizeRequest(settings: OptimizationSettings, edits: SpaceEdits = {}): OptimizeRequest {
  const request: OptimizeRequest = {
    selected_model: settings.model,
    optimization_method: settings.method,
    cv_folds: settings.cvFolds ?? CV_FOLDS.default,
    n_iterations: settings.nIterations ?? ITERATIONS.default,
  };
  return Object.keys(edits).length === 0 ? request : { ...request, search_space: edits };
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

/**
 * The scores and parameters of a model's optimized run, as the report reads them. They come
 * from the server's history (`useOptimizationResult`); the saved session keeps none of them.
 */
export interface OptimizedModel {
  bestScore: number;
  bestParams: Record<string, unknown>;
  baselineScore: number | null;
  primaryMetric: string;
  method: OptimizationMethod;
}

export function optimizedModel(run: OptimizationRun): OptimizedModel {
  return {
    bestScore: run.ranked.score,
    bestParams: run.best_params,
    baselineScore: run.ranked.baseline_score,
    primaryMetric: run.ranked.metric,
    method: run.optimization_method,
  };
}

/** What step 10 keeps in the saved session: which models are optimized and the run each uses. */
export interface OptimizationRecord {
  /** Per model name, the kept run it exports and predicts with. */
  models: Record<string, { pickedRun: number }>;
  /** The model optimized last. */
  lastModel: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPick(value: unknown): value is { pickedRun: number } {
  return isRecord(value) && typeof value.pickedRun === 'number';
}

/**
 * The optimizations a saved session records, leaving out anything that does not read as one:
 * a session saved when the browser kept each model's scores reads as none optimized, as the
 * server reads its optimizations of then.
 */
export function readOptimizationRecord(saved: unknown): OptimizationRecord {
  if (!isRecord(saved)) return { models: {}, lastModel: null };
  const models = isRecord(saved.models)
    ? Object.fromEntries(Object.entries(saved.models).filter((entry): entry is [string, { pickedRun: number }] => isPick(entry[1])))
    : {};
  const lastModel = typeof saved.lastModel === 'string' && saved.lastModel in models ? saved.lastModel : null;
  return { models, lastModel };
}

/** The record once `model` uses run `runId` (a new run picked, or one the person picked). */
export function withPickedRun(record: OptimizationRecord, model: string, runId: number): OptimizationRecord {
  return { models: { ...record.models, [model]: { pickedRun: runId } }, lastModel: model };
}

/** The record after an optimization: its run is used only when the server picked it. */
export function withOptimizedModel(record: OptimizationRecord, result: OptimizeResult): OptimizationRecord {
  const model = result.selected_model;
  const kept = record.models[model];
  if (result.picked || kept === undefined) return withPickedRun(record, model, result.run_id);
  return { ...record, lastModel: model };
}

/** A search-space edit as the request sends it: each parameter's chosen values or narrowed range. */
export type SpaceEdits = Record<string, { choices: unknown[] } | { low: number; high: number }>;

/** The edits that still apply to what `params` searches (a model or method change drops the others). */
export function applicableEdits(edits: SpaceEdits, params: readonly SearchParam[]): SpaceEdits {
  const names = new Set(params.map((param) => param.name));
  return Object.fromEntries(Object.entries(edits).filter(([name]) => names.has(name)));
}
