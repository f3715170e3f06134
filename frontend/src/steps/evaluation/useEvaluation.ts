import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { evaluateModels } from '../../api/training';
import type { Session } from '../../app/session';
import { notify } from '../../components/notify';
import { errorMessage } from '../../i18n/errorMessage';

export const TRAINING_STEP = 8;

/** The training result step 8 stored, when it has one (SPEC §4: evaluation needs it). */
export function trainingResult(session: Session): Record<string, unknown> | null {
  const result = session.stepResults[TRAINING_STEP];
  if (typeof result !== 'object' || result === null) return null;
  const trained = (result as Record<string, unknown>).trained_models;
  return Array.isArray(trained) && trained.length > 0 ? (result as Record<string, unknown>) : null;
}

/**
 * Loads the evaluation once per training result (SPEC §4: automatically when step 8 has
 * results), with the toasts of SPEC §8.
 */
export function useEvaluation(session: Session) {
  const { t } = useTranslation();
  const trained = trainingResult(session);
  return useQuery({
    queryKey: ['evaluation', session.sessionId, JSON.stringify(trained)],
    enabled: trained !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => {
      try {
        const evaluation = await evaluateModels();
        notify.success(t('evaluation.completed'));
        return evaluation;
      } catch (error) {
        notify.error(t('evaluation.failed'), errorMessage(error, t));
        throw error;
      }
    },
  });
}
