// axe-core, injected into the page, over what the page shows now: serious and critical
// violations of WCAG 2.0 A/AA, 2.1 AA and 2.2 AA fail the check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = ['serious', 'critical'];

/** Runs axe on the page and throws, naming the rules and a few nodes, on any serious or critical violation. */
export async function expectAccessible(page, where) {
  // colours are measured when entrance animations (a dialog rising in) have ended; endless ones (spinners) are left
  await page.waitForFunction(() =>
    globalThis.document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // evaluated rather than added as a script tag, which the app's Content-Security-Policy refuses
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async (tags) => (await globalThis.axe.run(globalThis.document, { runOnly: { type: 'tag', values: tags } })).violations,
    TAGS,
  );
  const failing = violations.filter((violation) => FAILING_IMPACTS.includes(violation.impact));
  if (failing.length === 0) return;
  const listed = failing.map(
    (violation) =>
      `${violation.id} (${violation.nodes.length}: ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')})`,
  );
  throw new Error(`${where}: ${listed.join('; ')}`);
}

/** The language picker's select: it keeps its place and class whatever the language. */
export async function chooseLanguage(page, code) {
  await page.locator('.language-picker__select').selectOption(code, { force: true });
  await page.waitForFunction((lang) => globalThis.document.documentElement.lang === lang, code);
  await page.locator('.language-picker__select:not([disabled])').waitFor();
}

/** axe in English, then in German, then back to English. */
export async function expectAccessibleInEnAndDe(page, where) {
  await expectAccessible(page, `${where} (en)`);
  await chooseLanguage(page, 'de');
  try {
    await expectAccessible(page, `${where} (de)`);
  } finally {
    await chooseLanguage(page, 'en');
  }
}

/** The element that has focus, described as role, name and tag, for focus assertions. */
export function focused(page) {
  return page.evaluate(() => {
    const element = globalThis.document.activeElement;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
    };
  });
}
