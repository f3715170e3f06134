// One browser page per scenario, with the helpers every scenario reads the screen through.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts } from './server.mjs';

const TIMEOUT_MS = 15_000;

/** A fresh page (its own cookies, so its own session) on the app, and the helpers that read it. */
export async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  const shot = async (name) => {
    // from the top, so the sticky header sits where a person sees it
    await page.evaluate(() => globalThis.scrollTo(0, 0));
    await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
  };
  const expectVisible = (locator) => locator.first().waitFor({ state: 'visible' });
  const header = (name) => page.locator('th .data-table__column-name').getByText(name, { exact: true });
  /** A chart by its accessible name, once Plotly has drawn it. */
  const chart = async (name) => {
    const figure = page.getByRole('img', { name, exact: true });
    await figure.locator('.main-svg').first().waitFor({ state: 'visible' });
    await figure.scrollIntoViewIfNeeded();
    return figure;
  };
  /** The value shown on a summary card. */
  const card = (label) =>
    page
      .locator('.stat-card')
      .filter({ has: page.locator('dt', { hasText: label }) })
      .locator('dd')
      .first();
  const expectCard = async (label, value) => {
    await expectVisible(card(label).getByText(value, { exact: true }));
  };
  /** The first preview row, column name to cell text. */
  const firstRow = () =>
    page.evaluate(() => {
      const names = [...globalThis.document.querySelectorAll('thead .data-table__column-name')].map((th) => th.textContent);
      const cells = [...globalThis.document.querySelectorAll('tbody tr:first-child td')].map((td) => td.textContent);
      return Object.fromEntries(names.map((name, i) => [name, cells[i]]));
    });
  /** A section card by its title. */
  const section = (title) => page.locator('section.section-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  /** A finished download: its suggested name, and a file that is not empty. */
  const expectDownload = async (download, name) => {
    if (download.suggestedFilename() !== name) throw new Error(`downloaded "${download.suggestedFilename()}", not "${name}"`);
    const path = await download.path();
    if (statSync(path).size === 0) throw new Error(`${name} is empty`);
    return path;
  };
  const expectChartText = async (figure, text) => {
    if ((await figure.locator('text', { hasText: text }).count()) === 0) throw new Error(`the chart does not show "${text}"`);
  };
  const expectNoPageErrors = () => {
    if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join('; ')}`);
  };
  /** Holds the next call to `pathname` back until the returned function is called. */
  const holdNext = async (pathname) => {
    let release;
    const held = new Promise((done) => {
      release = done;
    });
    await page.route(
      (target) => target.pathname === pathname,
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    return release;
  };

  return {
    url,
    page,
    close: () => context.close(),
    shot,
    expectVisible,
    header,
    chart,
    card,
    expectCard,
    firstRow,
    section,
    expectDownload,
    expectChartText,
    expectNoPageErrors,
    holdNext,
  };
}
