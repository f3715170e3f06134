import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { evaluateModels } from '../api/training';
import { notify } from '../components/notify';
import { errorMessage } from '../i18n/errorMessage';
import { queryKeys } from './keys';

/** A training that just ended: the evaluation of the models it replaced is read again. */
export function evaluateAgain(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ queryKey: queryKeys.evaluation, exact: true });
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
        if (toasts.completed !== undefined) notify.success(toasts.completed);
        return evaluation;
      } catch (error) {
        notify.error(toasts.failed, errorMessage(error, t));
        throw error;
      }
    },
  });
}
