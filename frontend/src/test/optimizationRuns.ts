import type { ModelOptimizations, OptimizationHistory, OptimizationRun, OptimizeResult } from '../api/models';

/** A kept optimization run as the server answers it; `changes` override its fields. */
export function optimizationRun(changes: Partial<OptimizationRun> = {}): OptimizationRun {
  const run: Omit<OptimizationRun, 'ranked'> = {
    run_id: 1,
    finished_at: '2026-11-26T10:00:00+00:00',
    selected_model: 'LogisticRegression',
    optimization_method: 'random_search',
    n_iterations: 4,
    search_space: { grid: {}, distributions: { C: { distribution: 'loguniform', low: 0.001, high: 1000 } } },
    validation_method: 'train_test',
    primary_metric: 'accuracy',
    best_score: 0.9123,
    best_params: { C: 0.0123456 },
    kept_baseline: false,
    baseline_score: 0.8,
    improvement: 0.140375,
    search_score: 0.9,
    metrics: { accuracy: 0.9123, f1: 0.9 },
    cv_folds: 2,
    trials: [],
    sampling: [],
    note: null,
    ...changes,
  };
  // read in the metric it was searched by, unless `changes` say otherwise
  const { primary_metric: metric, best_score: score, baseline_score, improvement } = run;
  return { ranked: { metric, score, baseline_score, improvement }, ...run };
}

/** The answer of `POST /api/optimize-model/` for a run. */
export function optimizeAnswer(run: OptimizationRun, picked = true): OptimizeResult {
  return { ...run, message: `Optimization of ${run.selected_model} completed.`, picked };
}

/** The history of one model's runs, `picked` in use; `changes` override the model's fields. */
export function optimizationHistory(
  runs: OptimizationRun[],
  picked = runs[0]?.run_id ?? 1,
  changes: Partial<ModelOptimizations> = {},
): OptimizationHistory {
  const model = runs[0]?.selected_model ?? 'LogisticRegression';
  const kept: ModelOptimizations = {
    model,
    picked_run: picked,
    picked_by_person: false,
    primary_metric: runs[0]?.ranked.metric ?? 'accuracy',
    best_run: picked,
    runs,
    ...changes,
  };
  return { kept_runs: 10, models: runs.length === 0 ? [] : [kept] };
}
