import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRecipe, type RecipeStepSettings } from '../api/recipe';
import { prepareAutomatically, type PreparedResult } from '../api/transforms';
import { queryKeys } from './keys';
import { rememberSnapshot, storeFrame, useFrameChanges } from './sessionData';

/**
 * The session's recipe as the server keeps it, read when a screen opens and again after each
 * change of the frame made on this page (an apply, an undo), so what it lists follows the data.
 */
export function useRecipe(): RecipeStepSettings[] {
  const queryClient = useQueryClient();
  const recipe = useQuery({ queryKey: queryKeys.recipe, queryFn: getRecipe });
  useFrameChanges(() => void queryClient.invalidateQueries({ queryKey: queryKeys.recipe, exact: true }));
  return recipe.data ?? [];
}

interface PrepareHandlers {
  /** After the new frame, the snapshots and the recipe are recorded. */
  onPrepared: (result: PreparedResult) => void;
  onFailed: (error: unknown) => void;
}

/**
 * "Prepare automatically": records steps 3–7 for the session target on the server, then the
 * new frame as the current one, each screen's snapshot (its undo is offered at once) and the
 * recipe read again.
 */
export function usePrepareAutomatically({ onPrepared, onFailed }: PrepareHandlers) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<PreparedResult> => prepareAutomatically(),
    onSuccess: async (result: PreparedResult) => {
      await storeFrame(queryClient, result);
      for (const screen of result.screens) await rememberSnapshot(queryClient, screen.step_id);
      await queryClient.invalidateQueries({ queryKey: queryKeys.recipe, exact: true });
      onPrepared(result);
    },
    onError: onFailed,
  });
}
