import { useIsMutating, useMutation, useMutationState } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { cancelTask, getProgress, type Progress } from '../../api/training';
import { announce } from '../../components/LiveRegion/announce';
import { notify } from '../../components/notify';
import { errorMessage } from '../../i18n/errorMessage';
import { useProgress } from '../../queries/progress';

/** The session's long tasks, as `GET /api/progress/` names them. */
export type LongTaskName = 'training' | 'optimization' | 'explanation';

/** How often a job this page did not start (it was reloaded meanwhile) is looked at. */
export const FOLLOW_POLL_MS = 400;

const CANCELLED = 'task_cancelled';

export function isCancelled(error: unknown): boolean {
  return error instanceof ApiError && error.code === CANCELLED;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for job `jobId` of `task` to end, then answers as its own request would have: the
 * stored result (`load`) when it completed, else its refusal (cancelled, data changed) as an ApiError.
 */
export async function followJob<Result>(task: LongTaskName, jobId: string, load: () => Promise<Result>): Promise<Result> {
  let progress: Progress;
  do {
    await pause(FOLLOW_POLL_MS);
    progress = await getProgress();
  } while (progress.task === task && progress.job_id === jobId);
  const finished = progress.finished;
  if (finished?.job_id !== jobId) throw new ApiError('The task ended without a result.', { code: 'task_ended' });
  if (finished.outcome === 'completed') return load();
  const code = finished.code ?? 'task_ended';
  throw new ApiError(code, { code, params: finished.params });
}

interface LongTaskOptions<Request, Result> {
  /** The request that starts the task and answers with its result. */
  start: (request: Request) => Promise<Result>;
  /** The stored result of the task, read once a job this page did not start has completed. */
  load: () => Promise<Result>;
  /** Keeps the result; also called when the screen was left meanwhile. */
  onSuccess: (result: Result) => void;
  /** The title of the error toast when the task fails. */
  failed: string;
}

/**
 * A long task (training, optimization) that outlives its screen: its run is a mutation, which
 * settles and keeps its result even when the screen was left meanwhile, and a screen that
 * mounts while the session's job runs (after a reload) follows that job to its end.
 * A cancelled run is no error: it leaves the previous results and `cancelled` is true until the
 * next run.
 */
export function useLongTask<Request, Result>(task: LongTaskName, options: LongTaskOptions<Request, Result>) {
  const { t } = useTranslation();
  const mutationKey = ['long-task', task];
  const run = useMutation({
    mutationKey,
    mutationFn: (job: () => Promise<Result>) => job(),
    onSuccess: options.onSuccess,
    onError: (error) => {
      if (isCancelled(error)) announce(t(`longTask.cancelled.${task}`));
      else notify.error(options.failed, errorMessage(error, t));
    },
  });
  const busy = useIsMutating({ mutationKey }) > 0;
  const outcomes = useMutationState({ filters: { mutationKey }, select: (mutation) => mutation.state.error });
  const cancelled = !busy && isCancelled(outcomes.at(-1));

  // on mount, a job of this task that no run of this page follows (the page was reloaded) is followed
  const progress = useProgress();
  const looked = useRef(false);
  const { mutate } = run;
  const { load } = options;
  useEffect(() => {
    if (looked.current || !progress.isFetchedAfterMount || progress.data === undefined) return;
    looked.current = true;
    const { task: running, job_id: jobId } = progress.data;
    if (busy || running !== task || !jobId) return;
    mutate(() => followJob(task, jobId, load));
  }, [progress.isFetchedAfterMount, progress.data, busy, task, mutate, load]);

  const cancel = useMutation({
    mutationFn: cancelTask,
    onError: (error) => notify.error(t('longTask.cancelFailed'), errorMessage(error, t)),
  });

  return {
    busy,
    cancelled,
    cancelling: busy && (cancel.isPending || cancel.isSuccess),
    start: (request: Request) => {
      cancel.reset();
      run.mutate(() => options.start(request));
    },
    cancel: () => cancel.mutate(),
  };
}
