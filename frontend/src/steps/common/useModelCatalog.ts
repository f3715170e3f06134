import { useQuery } from '@tanstack/react-query';
import { getModelCatalog, modelCatalogQueryKey } from '../../api/models';

/** The server's model catalogue (SPEC §9), read once: the one list of models every screen offers. */
export function useModelCatalog() {
  return useQuery({ queryKey: modelCatalogQueryKey, queryFn: getModelCatalog, staleTime: Number.POSITIVE_INFINITY });
}
