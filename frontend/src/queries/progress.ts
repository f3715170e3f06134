import { useQuery } from '@tanstack/react-query';
import { getProgress } from '../api/training';
import { queryKeys } from './keys';

/**
 * The session's running long task and how its last job ended (`GET /api/progress/`), read
 * when a screen that shows it opens, then every `pollMs` when given; forgotten when no screen shows it.
 */
export function useProgress({ pollMs }: { pollMs?: number } = {}) {
  return useQuery({ queryKey: queryKeys.progress, queryFn: getProgress, gcTime: 0, refetchInterval: pollMs });
}
