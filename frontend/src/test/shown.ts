/**
 * Whether a person sees the element: it is on the page, and neither it nor an ancestor is
 * hidden (`hidden`, `aria-hidden`, `display: none`, `visibility: hidden`). A query that
 * finds an element only says it exists; this says it is shown.
 */
export function isShown(element: Element): boolean {
  if (!element.isConnected) return false;
  for (let node: Element | null = element; node !== null; node = node.parentElement) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return false;
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return true;
}
