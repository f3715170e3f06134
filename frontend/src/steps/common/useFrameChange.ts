import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FrameResult } from '../../api/transforms';
import type { StepSnapshot } from '../../components/DataTable/useStepSnapshot';
import { storeFrame } from '../../queries/sessionData';

/**
 * Runs a transforming call the way every step screen does (SPEC §4): the step's snapshot
 * first, once per view (a snapshot failure is ignored), then the call, then its frame
 * becomes the session's data unless the server says nothing changed.
 */
export function useFrameChange(snapshot: StepSnapshot) {
  const queryClient = useQueryClient();
  return useCallback(
    async <Result extends FrameResult>(send: () => Promise<Result>): Promise<Result> => {
      try {
        await snapshot.take();
      } catch {
        // SPEC §4: the change goes ahead without a snapshot
      }
      const result = await send();
      // settings that left the data as it was change nothing here either (no later step goes stale)
      if (result.changed === false) return result;
      await storeFrame(queryClient, result);
      return result;
    },
    [snapshot, queryClient],
  );
}
