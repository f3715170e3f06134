import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluateModels, explainModel, type Evaluation } from '../../api/training';
import { cancelThenWrite } from '../../queries/cacheWrite';
import { needsExplanation, withExplanation } from '../../queries/explanation';
import { queryKeys } from '../../queries/keys';
import { useProgress } from '../../queries/progress';
import { useLongTask } from '../common/useLongTask';

/**
 * The explanation of the model Evaluation shows: asked for once when it is shown and still to
 * be computed (a job, `POST /api/explanations/`), its result written into the evaluation every
 * screen reads. A job that runs when the screen opens (the page was reloaded) is followed
 * instead, and the evaluation read again when it ends. After a cancel or a failure the model
 * is asked for again only by `explain`.
 */
export function useModelExplanation(evaluation: Evaluation, model: string | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // the progress read last may still show the job that just ended
  const idleAgain = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.progress }), [queryClient]);
  const load = useCallback(async () => {
    queryClient.setQueryData(queryKeys.evaluation, await evaluateModels());
    await idleAgain();
    return undefined;
  }, [queryClient, idleAgain]);
  const [running, setRunning] = useState<string | null>(null);
  const task = useLongTask<string, undefined>('explanation', {
    start: async (name) => {
      try {
        const explained = await explainModel(name);
        await cancelThenWrite<Evaluation>(queryClient, queryKeys.evaluation, (cached) => cached && withExplanation(cached, explained));
      } finally {
        await idleAgain();
      }
      return undefined;
    },
    load,
    onSuccess: () => undefined,
    failed: t('evaluation.explanations.failed'),
  });
  const result = evaluation.results.find((item) => item.model === model);
  const pending = result !== undefined && needsExplanation(evaluation, result);
  // a job this page did not start is followed by the long task; none is started beside it
  const progress = useProgress();
  const othersIdle = progress.isFetchedAfterMount && progress.data?.task !== 'explanation';
  const asked = useRef(new Set<string>());
  const { busy, start } = task;
  const explain = useCallback(
    (name: string) => {
      setRunning(name);
      start(name);
    },
    [start],
  );
  useEffect(() => {
    if (!pending || busy || !othersIdle || model === null || asked.current.has(model)) return;
    asked.current.add(model);
    explain(model);
  }, [pending, busy, othersIdle, model, explain]);

  return {
    /** The shown model's explanation is still to be computed. */
    pending,
    busy,
    /** The model the running job explains, when this page started it. */
    running: busy ? running : null,
    cancelling: task.cancelling,
    cancel: task.cancel,
    explain: () => model !== null && explain(model),
  };
}
