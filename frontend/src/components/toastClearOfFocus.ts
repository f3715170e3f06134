const GAP_PX = 8;

/**
 * Lifts the toasts above the focused control when they would cover it: a toast must not hide
 * where the person is (WCAG 2.4.11), whether it lands on the focused control or focus moves under
 * it; the page under it is left where it is. At 320 px the toasts span the screen's width, so
 * this is where they meet the action row.
 */
export function liftToastsClearOfFocus(): void {
  const container = document.querySelector<HTMLElement>('.Toastify__toast-container');
  const focused = document.activeElement;
  if (!container || !(focused instanceof HTMLElement) || focused === document.body || container.contains(focused)) return;
  container.style.bottom = '';
  const control = focused.getBoundingClientRect();
  const toasts = container.getBoundingClientRect();
  const covers = control.bottom > toasts.top && control.top < toasts.bottom && control.right > toasts.left && control.left < toasts.right;
  if (covers) container.style.bottom = `${window.innerHeight - control.top + GAP_PX}px`;
}
