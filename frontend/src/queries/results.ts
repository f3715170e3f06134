import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluateModels, getTrainingResult } from '../api/training';
import { notify } from '../components/notify';
import { errorMessage } from '../i18n/errorMessage';
import { queryKeys } from './keys';

/** Pages restored with a training evaluated before they loaded: their first evaluation is no news. */
const evaluatedBeforeLoad = new WeakSet<QueryClient>();

/**
 * The page was restored from a saved session: the evaluation it reads first belongs to a
 * training that ended before, so it loads without "Model evaluation completed".
 */
export function restoredEvaluation(queryClient: QueryClient): void {
  evaluatedBeforeLoad.add(queryClient);
}

/** A training that just ended: the evaluation of the models it replaced is read again. */
export function evaluateAgain(queryClient: QueryClient): Promise<void> {
  evaluatedBeforeLoad.delete(queryClient);
  return queryClient.resetQueries({ queryKey: queryKeys.evaluation, exact: true });
}

/**
 * The stored result of the session's last training (`GET /api/training-result/`), as a
 * loader: a screen that follows a training this page did not start (it was reloaded) reads
 * the result through its query when the job has ended.
 */
export function useTrainingResult() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.query({ queryKey: queryKeys.trainingResult, queryFn: getTrainingResult, staleTime: 0 }),
    [queryClient],
  );
}

interface EvaluationToasts {
  /** Shown when the evaluation has loaded; none when not given. */
  completed?: string;
  failed: string;
}

/**
 * The evaluation of the trained models, loaded once per training (SPEC §4: automatically
 * when step 8 has results, `trained`), with the screen's toasts of SPEC §8. Screens share
 * what was loaded; a new training reads it again (`evaluateAgain`).
 */
export function useEvaluation(trained: boolean, toasts: EvaluationToasts) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // the toasts say which screen loaded the evaluation; they are not part of what identifies it
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return useQuery({
    queryKey: queryKeys.evaluation,
    enabled: trained,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => {
      try {
        const evaluation = await evaluateModels();
        if (toasts.completed !== undefined && !evaluatedBeforeLoad.has(queryClient)) notify.success(toasts.completed);
        evaluatedBeforeLoad.delete(queryClient);
        return evaluation;
      } catch (error) {
        notify.error(toasts.failed, errorMessage(error, t));
        throw error;
      }
    },
  });
}
