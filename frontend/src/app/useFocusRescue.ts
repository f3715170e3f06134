import { useEffect, type RefObject } from 'react';

/**
 * Focus never falls to `<body>`: when the control that has focus inside `root` becomes disabled
 * or is removed (Undo while it runs and after, a button that goes with a language change), focus
 * moves to the step heading (tabindex -1), where the person can go on from. A click in the page
 * that takes no focus is the person's own move and is left alone.
 */
export function useFocusRescue(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const container = root.current;
    if (!container) return undefined;
    // the last control focused in the page; focus in a dialog or a toast, which return it, leaves it be
    let focused: HTMLElement | null = null;
    const track = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && container.contains(event.target)) focused = event.target;
    };
    const forget = (event: PointerEvent) => {
      if (event.target instanceof Node && container.contains(event.target)) focused = null;
    };
    const rescue = () => {
      const lost = focused;
      if (lost === null || (lost.isConnected && !lost.matches(':disabled'))) return;
      const active = document.activeElement;
      if (active !== null && active !== document.body && active !== lost) return;
      focused = null;
      container.querySelector<HTMLElement>('main h1')?.focus();
    };
    const observer = new MutationObserver(rescue);
    observer.observe(container, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    document.addEventListener('focusin', track);
    document.addEventListener('pointerdown', forget);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', track);
      document.removeEventListener('pointerdown', forget);
    };
  }, [root]);
}
