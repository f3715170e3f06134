import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getSessionData, sessionDataQueryKey, type SessionData } from '../../api/dataset';
import type { Session } from '../../app/session';

/**
 * The server's session target (Analyze's choice, or the last target a step sent), read with
 * the session data; null when there is none or while it is unknown. `enabled` false reads
 * only what is cached.
 */
export function useSessionTarget(enabled = true): string | null {
  const query = useQuery({ queryKey: sessionDataQueryKey, queryFn: getSessionData, enabled });
  const target = query.data?.target_column;
  return typeof target === 'string' && target !== '' ? target : null;
}

/**
 * Records a new session target in the cached session data, so every screen and the header
 * follow it. A read on its way is cancelled first, as `storeFrame` does: its older answer
 * would bring the old target back; with nothing cached, the session data is read again.
 */
export async function rememberSessionTarget(queryClient: QueryClient, target: string | null): Promise<void> {
  await queryClient.cancelQueries({ queryKey: sessionDataQueryKey });
  const cached = queryClient.getQueryData<SessionData>(sessionDataQueryKey);
  if (cached === undefined) {
    await queryClient.invalidateQueries({ queryKey: sessionDataQueryKey });
    return;
  }
  if (cached.target_column === target) return;
  queryClient.setQueryData<SessionData>(sessionDataQueryKey, { ...cached, target_column: target });
}

/**
 * A step's target column: the person's own choice once they make one, until then the
 * session target; '' when none, or when the choice is no longer a column. Nothing but the
 * server's session target carries a target from one step to the next.
 */
export function useStepTarget(session: Session): [string, (target: string) => void] {
  const sessionTarget = useSessionTarget();
  const [chosen, setChosen] = useState<string | null>(null);
  const target = chosen ?? sessionTarget ?? '';
  return [session.columns.includes(target) ? target : '', setChosen];
}
