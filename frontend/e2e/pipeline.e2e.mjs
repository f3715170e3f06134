// Drives the built interface, served by the real backend, through the first pipeline steps in
// headless Chromium: welcome, upload, preview, drop a column, undo, Turkish, reload.
// Starts the backend itself unless LATHE_E2E_URL points at a running one.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const artifacts = join(here, 'artifacts');
const backendDir = resolve(here, '..', '..', 'backend');
const TIMEOUT_MS = 15_000;

mkdirSync(artifacts, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'lathe-e2e-'));

function writeCsv() {
  const cities = ['Oslo', 'Lima', 'Pune', 'Kyiv', 'Nice'];
  const lines = ['id,name,age,city,score'];
  for (let i = 1; i <= 40; i += 1) {
    const age = i % 7 === 0 ? '' : String(20 + (i % 30));
    const city = i % 9 === 0 ? '' : cities[i % cities.length];
    lines.push(`${i},person ${i},${age},${city},${(i * 1.25).toFixed(2)}`);
  }
  const path = join(work, 'people.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function startBackend() {
  if (!existsSync(resolve(here, '..', 'dist', 'index.html'))) {
    throw new Error('frontend/dist is missing: run `npm run build` first (the backend serves it at /)');
  }
  const port = await freePort();
  const log = createWriteStream(join(artifacts, 'server.log'));
  const child = spawn(
    join(backendDir, '.venv', 'bin', 'python'),
    ['-m', 'uvicorn', 'lathe.main:create_app', '--factory', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: backendDir, env: { ...process.env, LATHE_DATA_DIR: join(work, 'data') }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the backend exited with ${child.exitCode}; see e2e/artifacts/server.log`);
    try {
      const response = await fetch(`${url}/health/`);
      if (response.ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the backend did not answer /health/ within 60 s');
}

async function stopBackend(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

const results = [];
let browser;
let backend;

async function run() {
  const csv = writeCsv();
  backend = process.env.LATHE_E2E_URL ? { url: process.env.LATHE_E2E_URL.replace(/\/+$/, '') } : await startBackend();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  page.setDefaultTimeout(TIMEOUT_MS);
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  const shot = (name) => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
  const expectVisible = (locator) => locator.first().waitFor({ state: 'visible' });
  const header = (name) => page.locator('th .data-table__column-name').getByText(name, { exact: true });

  const steps = [
    [
      'welcome view shows the title, the picker and three feature cards',
      async () => {
        await page.goto(backend.url);
        await expectVisible(page.getByRole('heading', { name: 'Turn raw tables into trained models' }));
        for (const title of ['No Code Required', 'Lightning Fast', 'Production Ready']) {
          await expectVisible(page.getByRole('heading', { name: title }));
        }
        await expectVisible(page.getByRole('combobox', { name: 'Language' }));
        await shot('01-welcome');
      },
    ],
    [
      'Get Started opens the upload step',
      async () => {
        await page.getByRole('button', { name: 'Get Started' }).click();
        await expectVisible(page.getByText('Upload your dataset'));
        await expectVisible(page.getByText('Supports CSV, XLSX files up to 100MB'));
        await shot('02-upload');
      },
    ],
    [
      'uploading a CSV moves to step 2 and shows the preview',
      async () => {
        await page.locator('input[type="file"]').setInputFiles(csv);
        await expectVisible(page.getByRole('heading', { name: 'Analyze' }));
        for (const name of ['id', 'name', 'age', 'city', 'score']) await expectVisible(header(name));
        await expectVisible(page.getByRole('cell', { name: 'person 1', exact: true }));
        await expectVisible(page.getByText('Showing 10 of 40 rows'));
        if ((await page.getByRole('cell', { name: '—', exact: true }).count()) === 0) {
          throw new Error('no missing value is shown as a dash');
        }
        await expectVisible(page.getByRole('button', { name: 'Step 1: Upload (completed)' }));
        await shot('03-preview');
      },
    ],
    [
      'dropping a column asks first, then removes it',
      async () => {
        await header('city').hover();
        await page.getByRole('button', { name: 'Drop column city' }).click();
        const dialog = page.getByRole('dialog', { name: 'Drop column?' });
        await expectVisible(dialog);
        await shot('04-drop-dialog');
        await dialog.getByRole('button', { name: 'Drop column' }).click();
        await expectVisible(page.getByText('Column "city" dropped.'));
        await header('city').waitFor({ state: 'detached' });
        await expectVisible(header('score'));
        await shot('05-dropped');
      },
    ],
    [
      'Undo brings the column back',
      async () => {
        await page.getByRole('button', { name: 'Undo', exact: true }).click();
        const toast = page.getByText('Undo completed — step restored.');
        await expectVisible(toast);
        await expectVisible(header('city'));
        await shot('06-undone');
        // success toasts close on their own (2 s, then the exit animation)
        await toast.waitFor({ state: 'detached', timeout: 8_000 });
      },
    ],
    [
      'switching to Turkish translates the interface',
      async () => {
        await page.getByRole('combobox', { name: 'Language' }).selectOption('tr');
        await expectVisible(page.getByRole('heading', { name: 'Analiz' }));
        await expectVisible(page.getByRole('button', { name: 'Geri Al', exact: true }));
        await expectVisible(page.getByRole('button', { name: 'Ana sayfaya dön' }));
        await shot('07-turkish');
      },
    ],
    [
      'a reload lands back in the pipeline with the data, in Turkish',
      async () => {
        await page.reload();
        await expectVisible(page.getByRole('heading', { name: 'Analiz' }));
        for (const name of ['id', 'name', 'age', 'city', 'score']) await expectVisible(header(name));
        await expectVisible(page.getByRole('cell', { name: 'person 1', exact: true }));
        await expectVisible(page.getByRole('button', { name: 'Adım 1: Yükleme (tamamlandı)' }));
        if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join('; ')}`);
        await shot('08-reloaded');
      },
    ],
  ];

  for (const [name, step] of steps) {
    if (results.some((result) => !result.ok)) {
      results.push({ name, ok: false, skipped: true });
      continue;
    }
    try {
      await step();
      results.push({ name, ok: true });
      console.log(`  ok    ${name}`);
    } catch (error) {
      results.push({ name, ok: false });
      console.log(`  FAIL  ${name}\n        ${String(error?.message ?? error).split('\n')[0]}`);
      await shot('failure').catch(() => undefined);
    }
  }
}

try {
  await run();
} catch (error) {
  results.push({ name: 'setup', ok: false });
  console.log(`  FAIL  setup\n        ${error?.message ?? error}`);
} finally {
  await browser?.close().catch(() => undefined);
  await stopBackend(backend?.child);
  rmSync(work, { recursive: true, force: true });
}

const passed = results.filter((result) => result.ok).length;
const skipped = results.filter((result) => result.skipped).length;
const failed = results.length - passed - skipped;
console.log(`e2e: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
