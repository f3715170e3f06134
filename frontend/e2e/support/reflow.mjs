// What the 320 px checks read in the page: labels cut by the screen's edge or their own box
// (WCAG 1.4.10), and what still moves when the person asks for less motion (WCAG 2.3.3).

/**
 * Buttons, links, headings, labels and the session target's badge that stick out of the screen
 * or are cut inside their own box. What lies in something that scrolls sideways (a table, a
 * chart, the usage code) is reached by scrolling that; hidden text, a collapsed card, toasts
 * and the skip link are left out.
 */
export function cutLabels(page) {
  return page.evaluate(() => {
    const document = globalThis.document;
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (/auto|scroll/.test(globalThis.getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const cut = [];
    const labels = document.querySelectorAll('button, a, h1, h2, h3, label, .section-card__title, .pipeline__target');
    for (const element of labels) {
      if (element.closest('.visually-hidden, [inert], .Toastify, .skip-link, .js-plotly-plot')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || scrollsSideways(element)) continue;
      const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
      if (box.left < -0.5 || box.right > width + 0.5) {
        cut.push(`${name} lies at ${Math.round(box.left)}–${Math.round(box.right)} px of ${width}`);
      } else if (globalThis.getComputedStyle(element).overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1) {
        cut.push(`${name} is cut to ${element.clientWidth} of its ${element.scrollWidth} px`);
      }
    }
    return cut;
  });
}

/** Elements (and their ::before and ::after) whose animation or transition still takes time; a toast's progress bar is its close timer. */
export function stillMoving(page) {
  return page.evaluate(() => {
    const seconds = (list) =>
      Math.max(...list.split(',').map((time) => (time.trim().endsWith('ms') ? parseFloat(time) / 1000 : parseFloat(time))));
    const moving = [];
    for (const element of globalThis.document.querySelectorAll('*')) {
      if (element.classList.contains('Toastify__progress-bar')) continue;
      for (const pseudo of [null, '::before', '::after']) {
        const style = globalThis.getComputedStyle(element, pseudo);
        const animated = style.animationName !== 'none' && seconds(style.animationDuration) > 0.001;
        const transitioned = seconds(style.transitionDuration) > 0.001;
        if (animated || transitioned) {
          moving.push(
            `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 40)}${pseudo ?? ''} (${style.animationName} ${style.animationDuration}, ${style.transitionDuration})`,
          );
        }
      }
    }
    return moving.slice(0, 8);
  });
}
