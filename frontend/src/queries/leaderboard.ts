import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getLeaderboard, type Leaderboard } from '../api/training';
import { cancelThenWrite } from './cacheWrite';
import { queryKeys } from './keys';

/** How often the board is read while a training runs. */
const LEADERBOARD_POLL_MS = 1000;

/**
 * Find the best model's leaderboard (`GET /api/leaderboard/`): read when the screen opens
 * (a search may run after a reload or a return to the screen), then every second while
 * `training` is true. Null before the first search and after a training of chosen models.
 */
export function useLeaderboard(training: boolean) {
  return useQuery({
    queryKey: queryKeys.leaderboard,
    queryFn: async () => (await getLeaderboard()).leaderboard,
    refetchInterval: training ? LEADERBOARD_POLL_MS : false,
  });
}

/** A training ended: its answer's board (none for chosen models) is the one kept. */
export function keepLeaderboard(queryClient: QueryClient, board: Leaderboard | null): Promise<void> {
  return cancelThenWrite<Leaderboard | null>(queryClient, queryKeys.leaderboard, () => board);
}
