import { useEffect, useEffectEvent, type RefObject } from 'react';
import { clearLastError } from '../components/ErrorNote/lastError';
import { announce } from '../components/LiveRegion/announce';

/**
 * When a step opens (and when the pipeline first shows), focus moves to the step's heading
 * (tabindex -1) and the page scrolls to it, the live region says which step it is, and the last
 * error, which belonged to the step left, is cleared. A screen that swaps its loading view for
 * its form renders a new heading: until focus or a click moves elsewhere, the new heading takes it again.
 */
export function useStepFocus(main: RefObject<HTMLElement | null>, stepId: number, message: string) {
  const onStepOpened = useEffectEvent(() => {
    clearLastError();
    announce(message);
    const container = main.current;
    const heading = () => container?.querySelector<HTMLElement>('h1') ?? null;
    const first = heading();
    if (!container || !first) return undefined;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'start' });
    const refocus = new MutationObserver(() => {
      const active = document.activeElement;
      if (active !== null && active !== document.body) return;
      heading()?.focus({ preventScroll: true });
    });
    const release = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.tagName !== 'H1') refocus.disconnect();
    };
    const stop = () => refocus.disconnect();
    refocus.observe(container, { childList: true, subtree: true });
    document.addEventListener('focusin', release);
    // a click elsewhere is the person's own move, even on something that takes no focus
    document.addEventListener('pointerdown', stop);
    return () => {
      stop();
      document.removeEventListener('focusin', release);
      document.removeEventListener('pointerdown', stop);
    };
  });
  useEffect(() => onStepOpened(), [stepId]);
}
