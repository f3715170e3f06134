import { useMemo, useRef } from 'react';
import { snapshotStep } from '../../api/dataset';

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
}

export function useStepSnapshot(stepId: number | undefined): StepSnapshot {
  const taken = useRef(false);
  return useMemo(
    () => ({
      take: async () => {
        if (stepId === undefined || stepId <= 0 || taken.current) return;
        await snapshotStep(stepId);
        taken.current = true;
      },
      reset: () => {
        taken.current = false;
      },
    }),
    [stepId],
  );
}
