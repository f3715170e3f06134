import { useState } from 'react';
import { useSessionData } from '../../queries/sessionData';

/**
 * A step's target column: the person's own choice once they make one, until then the
 * session target; '' when none, or when the choice is no longer a column. Nothing but the
 * server's session target carries a target from one step to the next.
 */
export function useStepTarget(): [string, (target: string) => void] {
  const { columns, target: sessionTarget } = useSessionData();
  const [chosen, setChosen] = useState<string | null>(null);
  const target = chosen ?? sessionTarget ?? '';
  return [columns.includes(target) ? target : '', setChosen];
}
