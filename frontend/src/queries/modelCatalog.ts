import { useQuery } from '@tanstack/react-query';
import { getModelCatalog } from '../api/models';
import { queryKeys } from './keys';

/** The server's model catalogue (SPEC §9), read once: the one list of models every screen offers. */
export function useModelCatalog() {
  return useQuery({ queryKey: queryKeys.modelCatalog, queryFn: getModelCatalog, staleTime: Number.POSITIVE_INFINITY });
}
