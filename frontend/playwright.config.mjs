// The browser scenarios on Playwright's runner: each of e2e/scenarios/, listed in order by
// e2e/pipeline.spec.mjs, is a serial block of tests (support/scenario.mjs), run by one worker
// against one backend started for the whole run (support/global-setup.mjs) in Debian's Chromium.
import { defineConfig } from '@playwright/test';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: 'pipeline.spec.mjs',
  outputDir: 'e2e/artifacts/results',
  globalSetup: './e2e/support/global-setup.mjs',
  // two cores: the backend's jobs need the other one
  workers: 1,
  // a block with a failed check runs once more from its start; one that fails twice fails the run
  retries: 1,
  // a check may wait minutes on a training or a search (report, longtasks)
  timeout: 300_000,
  reporter: 'list',
  use: {
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS },
    screenshot: 'only-on-failure',
    // no trace: tracing doubled the time of every check here, and a retried block must not
    // run slower than its first run; `--trace on` records one when it is wanted
  },
});
