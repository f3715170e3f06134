import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { snapshotStep } from '../../api/dataset';
import { rememberSnapshot, useSessionData } from '../../queries/sessionData';

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

export function useStepSnapshot(stepId: number | undefined): StepSnapshot {
  const taken = useRef(false);
  const queryClient = useQueryClient();
  // read from the cached session data (the screens load it), which lists the steps with a snapshot
  const { snapshotSteps } = useSessionData({ read: false });
  const exists = stepId !== undefined && snapshotSteps.includes(stepId);
  const actions = useMemo(
    () => ({
      take: async () => {
        if (stepId === undefined || stepId <= 0 || taken.current) return;
        await snapshotStep(stepId);
        taken.current = true;
        await rememberSnapshot(queryClient, stepId);
      },
      reset: () => {
        taken.current = false;
      },
    }),
    [stepId, queryClient],
  );
  return useMemo(() => ({ ...actions, exists }), [actions, exists]);
}
