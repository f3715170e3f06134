import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getSessionData, sessionDataQueryKey, type SessionData } from '../../api/dataset';
import type { FrameResult } from '../../api/transforms';

/** The current frame's dtypes, missing-value counts and full shape. */
export interface FrameInfo {
  dtypes: Record<string, string>;
  missingValues: Record<string, number>;
  /** The full frame's [rows, columns]. */
  shape: number[];
}

/**
 * What the session's preview rows do not carry: read from the server once per screen, then
 * kept current by every change (the table's drop and undo reload the same query; applied
 * steps write their answer into it). Null until known.
 */
export function useFrameInfo(): FrameInfo | null {
  const query = useQuery({ queryKey: sessionDataQueryKey, queryFn: getSessionData });
  if (query.data === undefined) return null;
  return { dtypes: query.data.dtypes, missingValues: query.data.missing_values, shape: query.data.shape };
}

/**
 * Records a step's answer as the session's current data. A read of the session data still
 * on its way (a screen opening reads it again) is cancelled first: it would answer the
 * frame before the change and replace this one.
 */
export async function storeFrame(queryClient: QueryClient, result: FrameResult): Promise<void> {
  await queryClient.cancelQueries({ queryKey: sessionDataQueryKey });
  const cached = queryClient.getQueryData<SessionData>(sessionDataQueryKey);
  if (cached === undefined) {
    void queryClient.invalidateQueries({ queryKey: sessionDataQueryKey });
    return;
  }
  queryClient.setQueryData<SessionData>(sessionDataQueryKey, {
    ...cached,
    columns: result.columns,
    data: result.data,
    shape: result.shape,
    dtypes: result.dtypes,
    missing_values: result.missing_values,
  });
}
