import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { choosePrimaryMetric } from '../api/training';
import { notify } from '../components/notify';
import { errorMessage } from '../i18n/errorMessage';
import { queryKeys } from './keys';

/**
 * Ranks the trained models by another metric on the server, which keeps the choice with the
 * results; the evaluation every screen reads becomes the server's answer.
 */
export function useChoosePrimaryMetric() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: choosePrimaryMetric,
    onSuccess: (evaluation) => queryClient.setQueryData(queryKeys.evaluation, evaluation),
    onError: (error) => notify.error(t('evaluation.rankBy.failed'), errorMessage(error, t)),
  });
}
