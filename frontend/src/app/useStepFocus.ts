import { useEffect, useEffectEvent, type RefObject } from 'react';
import { clearLastError } from '../components/ErrorNote/lastError';
import { announce } from '../components/LiveRegion/announce';

/**
 * When a step opens (and when the pipeline first shows), focus moves to the step's heading
 * (tabindex -1) and the page scrolls to it, the live region says which step it is, and the last
 * error, which belonged to the step left, is cleared.
 */
export function useStepFocus(main: RefObject<HTMLElement | null>, stepId: number, message: string) {
  const onStepOpened = useEffectEvent(() => {
    clearLastError();
    const heading = main.current?.querySelector<HTMLElement>('h1');
    if (heading) {
      heading.focus({ preventScroll: true });
      heading.scrollIntoView({ block: 'start' });
    }
    announce(message);
  });
  useEffect(() => onStepOpened(), [stepId]);
}
