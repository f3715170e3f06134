import { ApiError } from '../api/client';
import { explainModel, getProgress, type Evaluation, type ModelExplanation, type ModelResult } from '../api/training';

/** A supervised model whose explanation (and, without importances of its own, importances) is still to be computed. */
export function needsExplanation(evaluation: Evaluation, result: ModelResult): boolean {
  return evaluation.problem_type !== 'clustering' && result.error === null && result.explained === false;
}

/** The evaluation with the model's explanation and importances kept in its result, as the server now keeps them. */
export function withExplanation(evaluation: Evaluation, explained: ModelExplanation): Evaluation {
  return {
    ...evaluation,
    results: evaluation.results.map((result) =>
      result.model !== explained.model
        ? result
        : {
            ...result,
            explained: true,
            explanation: explained.explanation,
            charts: { ...result.charts, feature_importances: explained.feature_importances },
          },
    ),
  };
}

const WAIT_POLL_MS = 400;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The evaluation with `model` explained (the report shows its explanation): asked for when
 * it is still to be computed, after the session's running explanation of another model (the
 * one Evaluation shows) has ended.
 */
export async function explainedFor(evaluation: Evaluation, model: string | null): Promise<Evaluation> {
  const result = evaluation.results.find((item) => item.model === model);
  if (model === null || result === undefined || !needsExplanation(evaluation, result)) return evaluation;
  for (;;) {
    try {
      return withExplanation(evaluation, await explainModel(model));
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'task_running' && error.params.task === 'explanation')) throw error;
    }
    while ((await getProgress()).task === 'explanation') await pause(WAIT_POLL_MS);
  }
}
