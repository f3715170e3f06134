import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { detectProblemType, type DetectedProblemType } from '../api/training';
import { queryKeys } from './keys';

/**
 * The problem type the server's auto-detect finds for `target` (`GET /api/detect-problem-type/`),
 * asked while `asks`; undefined before its first answer, when it fails, or while not asked. While
 * a new target's answer is on its way the last answer stays: its `target_column` says whose it is.
 */
export function useDetectedProblemType(sessionId: string | null, target: string, asks: boolean): DetectedProblemType | undefined {
  const detection = useQuery({
    queryKey: queryKeys.detectProblemType(sessionId, target),
    queryFn: asks ? ({ signal }) => detectProblemType(target, signal) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return asks ? detection.data : undefined;
}
