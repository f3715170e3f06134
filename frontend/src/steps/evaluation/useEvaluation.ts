import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { evaluateModels } from '../../api/training';
import type { Session } from '../../app/session';
import { notify } from '../../components/notify';
import { errorMessage } from '../../i18n/errorMessage';
import { stepId } from '../stepKeys';

/** The training result step 8 stored, when it has one (SPEC §4: evaluation needs it). */
export function trainingResult(session: Session): Record<string, unknown> | null {
  const result = session.stepResults[stepId('training')];
  if (typeof result !== 'object' || result === null) return null;
  const trained = (result as Record<string, unknown>).trained_models;
  return Array.isArray(trained) && trained.length > 0 ? (result as Record<string, unknown>) : null;
}

interface EvaluationToasts {
  /** Shown when the evaluation has loaded; none when not given. */
  completed?: string;
  failed: string;
}

/**
 * Loads the evaluation once per training result (SPEC §4: automatically when step 8 has
 * results), with the screen's toasts of SPEC §8. Screens share what was loaded.
 */
export function useEvaluation(session: Session, toasts: EvaluationToasts) {
  const { t } = useTranslation();
  const trained = trainingResult(session);
  // the toasts say which screen loaded the evaluation; they are not part of what identifies it
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return useQuery({
    queryKey: ['evaluation', session.sessionId, JSON.stringify(trained)],
    enabled: trained !== null,
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
