// A scenario as a serial block of tests: one page for the whole block, opened and set up in
// beforeAll, then a test per check in order. A failed check skips the rest of its block, and
// the config's `retries` runs the block once more from its start on a fresh page.
import { test } from '@playwright/test';
import { openPage } from './page.mjs';

/**
 * Stands in for the ui while the check names are read, before any page exists: checks(ui)
 * only builds closures over the ui (analyze also listens on the page), so a member that
 * answers every access and call with itself serves.
 */
const standIn = new Proxy(() => standIn, { get: () => standIn });

/** Declares the scenario's block; the URL and the files come from the global setup. */
export function describeScenario(scenario) {
  test.describe(scenario.name, () => {
    test.describe.configure({ mode: 'serial' });
    let ui;
    let checks;
    test.beforeAll(async ({ browser }) => {
      ui = { ...(await openPage(browser, process.env.LATHE_E2E_URL)), files: JSON.parse(process.env.LATHE_E2E_FILES) };
      if (scenario.setup) await scenario.setup(ui);
      checks = new Map(scenario.checks(ui));
    });
    test.afterAll(async () => {
      await ui?.close();
    });
    for (const [name] of scenario.checks(standIn)) test(name, () => checks.get(name)());
  });
}
