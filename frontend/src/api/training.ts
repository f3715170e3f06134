import { api, unwrap } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];

export type TrainRequest = Schemas['TrainModelsRequest'];
/** As the client answers it (its tuples read as arrays). */
export type TrainResult = Awaited<ReturnType<typeof trainModels>>;
export type ProblemType = Schemas['TrainModelsResponse']['problem_type'];
export type RequestedProblemType = TrainRequest['problem_type'];
export type ValidationMethod = TrainRequest['validation_method'];
export type Evaluation = Awaited<ReturnType<typeof evaluateModels>>;
export type ModelResult = Evaluation['results'][number];
export type ModelCharts = ModelResult['charts'];
export type Explanation = Schemas['Explanation'];
export type BeeswarmColumn = Schemas['BeeswarmColumn'];
export type ColumnContribution = Schemas['ColumnContribution'];
export type DetectedProblemType = Schemas['DetectedProblemType'];

/** Trains the chosen models with the session's recipe; progress meanwhile on `getProgress`. */
export function trainModels(body: TrainRequest) {
  return unwrap(api.POST('/api/train-models/', { body }));
}

/** The problem type auto-detect would choose for this target (classification or regression). */
export function detectProblemType(target: string, signal?: AbortSignal) {
  return unwrap(api.GET('/api/detect-problem-type/', { params: { query: { target_column: target } }, signal }));
}

export type Progress = Schemas['ProgressResponse'];

/** The session's running long task (`task` null when idle) and how its last job ended. */
export function getProgress() {
  return unwrap(api.GET('/api/progress/'));
}

export type Leaderboard = Schemas['Leaderboard'];
export type LeaderboardRow = Schemas['LeaderboardRow'];

/** Find the best model's leaderboard: the rows so far while it runs, then the one kept with the training; null before the first. */
export function getLeaderboard() {
  return unwrap(api.GET('/api/leaderboard/'));
}

/** Cancels the session's running long task; the request that started it answers `task_cancelled`. */
export function cancelTask() {
  return unwrap(api.POST('/api/cancel-task/'));
}

/** The stored training, as `trainModels` answered it (for a screen that lost that request). */
export function getTrainingResult() {
  return unwrap(api.GET('/api/training-result/'));
}

/** Metrics and chart data of every model trained in the session. */
export function evaluateModels() {
  return unwrap(api.POST('/api/evaluate-models/'));
}

export type ModelExplanation = Schemas['ExplanationResponse'];

/**
 * A trained supervised model's held-out explanation and importances: the kept ones at once,
 * else computed by a job (the `explanation` task on `GET /api/progress/`) and kept with the model.
 */
export function explainModel(model: string) {
  return unwrap(api.POST('/api/explanations/', { body: { model } }));
}

/** Ranks the trained models by another rankable metric without training again; answers the evaluation ranked anew. */
export function choosePrimaryMetric(metric: string) {
  return unwrap(api.PUT('/api/primary-metric/', { body: { metric } }));
}

/** As the client answers it (its tuples read as arrays). */
export type MetricCatalog = Awaited<ReturnType<typeof getMetricCatalog>>;

/** Every metric Lathe reports: which way is better, its colours, its order and each problem type's primary metric. */
export function getMetricCatalog() {
  return unwrap(api.GET('/api/metric-catalog/'));
}
