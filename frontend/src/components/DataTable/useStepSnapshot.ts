import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { getSessionData, sessionDataQueryKey, snapshotStep, type SessionData } from '../../api/dataset';

/**
 * A step's snapshot, taken once per view before its first change (SPEC §4). A step screen
 * and its data table share one, so a drop after an applied change does not replace the
 * snapshot that undo goes back to.
 */
export interface StepSnapshot {
  /** Takes the snapshot unless one was taken in this view (or there is no step); throws when it fails. */
  take: () => Promise<void>;
  /** After an undo: the next change takes a new snapshot. */
  reset: () => void;
  /** The server keeps a snapshot of the step, so undo has something to go back to. */
  exists: boolean;
}

function withSnapshot(data: SessionData, stepId: number): SessionData {
  const steps = data.snapshot_steps ?? [];
  return steps.includes(stepId) ? data : { ...data, snapshot_steps: [...steps, stepId].sort((a, b) => a - b) };
}

export function useStepSnapshot(stepId: number | undefined): StepSnapshot {
  const taken = useRef(false);
  const queryClient = useQueryClient();
  // read from the cached session data (the screens load it), which lists the steps with a snapshot
  const sessionData = useQuery({ queryKey: sessionDataQueryKey, queryFn: getSessionData, enabled: false });
  const exists = stepId !== undefined && (sessionData.data?.snapshot_steps ?? []).includes(stepId);
  const actions = useMemo(
    () => ({
      take: async () => {
        if (stepId === undefined || stepId <= 0 || taken.current) return;
        await snapshotStep(stepId);
        taken.current = true;
        queryClient.setQueryData<SessionData>(sessionDataQueryKey, (cached) => cached && withSnapshot(cached, stepId));
      },
      reset: () => {
        taken.current = false;
      },
    }),
    [stepId, queryClient],
  );
  return useMemo(() => ({ ...actions, exists }), [actions, exists]);
}
