import type { Id } from 'react-toastify';

const GAP_PX = 8;

/**
 * Lifts the toasts above the focused control when a new one lands on it: a toast that closes by
 * itself must not hide where the person is (WCAG 2.4.11), and the page under it is left where it
 * is. At 320 px the toasts span the screen's width, so this is where they meet the action row.
 */
export function liftToastsClearOfFocus(toastId: Id): void {
  const container = document.getElementById(String(toastId))?.closest<HTMLElement>('.Toastify__toast-container');
  const focused = document.activeElement;
  if (!container || !(focused instanceof HTMLElement) || focused === document.body || container.contains(focused)) return;
  container.style.bottom = '';
  const control = focused.getBoundingClientRect();
  const toasts = container.getBoundingClientRect();
  const covers = control.bottom > toasts.top && control.top < toasts.bottom && control.right > toasts.left && control.left < toasts.right;
  if (covers) container.style.bottom = `${window.innerHeight - control.top + GAP_PX}px`;
}
