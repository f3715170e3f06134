import { useQuery } from '@tanstack/react-query';
import { getMetricCatalog } from '../api/training';
import { queryKeys } from './keys';

/**
 * The server's metric catalogue (SPEC §9), read once: how every screen orders, colours and
 * formats metrics. `enabled` false waits (a screen with nothing to show yet calls nothing).
 */
export function useMetricCatalog(enabled = true) {
  return useQuery({ queryKey: queryKeys.metricCatalog, queryFn: getMetricCatalog, enabled, staleTime: Number.POSITIVE_INFINITY });
}
