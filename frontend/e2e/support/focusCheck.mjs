// What a keyboard user must see where focus is: the focused control in view, not covered by the
// sticky header, a toast or the error note, and a ring of at least 3:1 against the page (WCAG
// 2.4.11, 1.4.11).

const MIN_CONTRAST = 3;

/** The channels of a computed colour, `rgb(r, g, b)` or `rgba(r, g, b, a)`. */
function channels(colour) {
  const match = /rgba?\(([^)]+)\)/.exec(colour);
  if (!match) throw new Error(`not a computed colour: ${colour}`);
  const [r, g, b, a = 1] = match[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return { r, g, b, a };
}

function luminance({ r, g, b }) {
  const linear = (value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio of two opaque computed colours. */
export function contrastRatio(first, second) {
  const [dark, light] = [luminance(channels(first)), luminance(channels(second))].sort((x, y) => x - y);
  return (light + 0.05) / (dark + 0.05);
}

/** Throws unless two computed colours reach 3:1; `what` names the pair in the error. */
export function expectContrast(first, second, what) {
  const ratio = contrastRatio(first, second);
  if (ratio < MIN_CONTRAST) throw new Error(`${what}: ${first} on ${second} is ${ratio.toFixed(2)}:1, below 3:1`);
}

/** Throws unless the focused element is in view, uncovered at its centre and ringed visibly. */
export async function expectFocusVisible(page) {
  const seen = await page.evaluate(() => {
    const document = globalThis.document;
    const element = document.activeElement;
    // Tab past the last control leaves the page for the browser's own controls, and the next Tab comes back
    if (!element || element === document.body) return {};
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 50)}"`;
    // a hidden radio or file input: the label around it wears the ring
    const own = element.getBoundingClientRect();
    const hidden = globalThis.getComputedStyle(element).opacity === '0' || own.width <= 1 || own.height <= 1;
    const ringed = hidden && element.closest('label') ? element.closest('label') : element;
    const box = ringed.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return { name, problem: 'it has no size' };
    const x = Math.min(Math.max(box.left + box.width / 2, 0), globalThis.innerWidth - 1);
    const y = box.top + box.height / 2;
    if (y < 0 || y >= globalThis.innerHeight) return { name, problem: `its centre is out of view (y ${Math.round(y)})` };
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(ringed === hit || ringed.contains(hit))) {
      return { name, problem: `it is covered by ${hit?.tagName.toLowerCase()}.${hit?.className}` };
    }
    // a step heading takes focus to be read, not operated: it has no ring by design
    if (element.matches('h1[tabindex="-1"]')) return { name };
    const style = globalThis.getComputedStyle(ringed);
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) return { name, problem: 'it has no 2 px ring' };
    return { name, ring: style.outlineColor, page: globalThis.getComputedStyle(document.documentElement).backgroundColor };
  });
  if (seen.problem) throw new Error(`focused ${seen.name ?? ''}: ${seen.problem}`);
  if (seen.ring) expectContrast(seen.ring, seen.page, `the focus ring of ${seen.name}`);
}
