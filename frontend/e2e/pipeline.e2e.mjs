// Drives the built interface, served by the real backend, through the pipeline in headless
// Chromium: welcome, upload, the Analyze screen with every panel and a target, drop a column,
// undo, Turkish, reload; then missing values, the live outlier summary and removal, encoding,
// correlated pairs and a drop, an undo, scaling; then training two classifiers on the file's
// member column, and their evaluation with its summary, metrics and charts; then optimizing a
// model, exporting it as joblib and ONNX, its usage code, and predictions on a new file.
// Starts the backend itself unless LATHE_E2E_URL points at a running one.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

const ROWS = 120;

const PREDICT_ROWS = 15;

/**
 * A people table with gaps: age and income often go missing together, income is skewed with a
 * few extreme values, score tracks id, city and segment are categorical. Without `target`, the
 * member column is left out (new rows to predict).
 */
function writeCsv(name, rows, { target = true } = {}) {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const cities = ['Oslo', 'Lima', 'Pune', 'Kyiv', 'Nice'];
  const keep = (cells) => cells.filter((_, index) => target || index !== 7).join(',');
  const lines = [keep(['id', 'name', 'age', 'income', 'city', 'segment', 'score', 'member', 'joined'])];
  for (let i = 1; i <= rows; i += 1) {
    const ageMissing = i % 7 === 0;
    const age = ageMissing ? '' : String(20 + (i % 30));
    const extreme = i % 37 === 0 ? 40 : 1;
    const income = ageMissing || i % 11 === 0 ? '' : (extreme * 20000 * Math.exp(random() * random() * 3)).toFixed(2);
    const cityIndex = i % cities.length;
    const city = i % 9 === 0 ? '' : cities[cityIndex];
    const segment = random() < 0.8 ? (cityIndex < 2 ? 'north' : 'south') : 'other';
    const member = i % 3 === 0 ? 'true' : 'false';
    const joined = `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    lines.push(keep([i, `person ${i}`, age, income, city, segment, (i * 1.25).toFixed(2), member, joined]));
  }
  const path = join(work, name);
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
  const csv = writeCsv('people.csv', ROWS);
  const newRows = writeCsv('new_people.csv', PREDICT_ROWS, { target: false });
  backend = process.env.LATHE_E2E_URL ? { url: process.env.LATHE_E2E_URL.replace(/\/+$/, '') } : await startBackend();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: backend.url });
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
  const columns = ['id', 'name', 'age', 'income', 'city', 'segment', 'score', 'member', 'joined'];
  const analyzeRequests = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/analyze/') analyzeRequests.push(request.url());
  });

  /** A chart by its accessible name, once Plotly has drawn it. */
  const chart = async (name) => {
    const figure = page.getByRole('img', { name, exact: true });
    await figure.locator('.main-svg').first().waitFor({ state: 'visible' });
    await figure.scrollIntoViewIfNeeded();
    return figure;
  };
  /** The value shown on a Dataset Overview card. */
  const card = (label) =>
    page.locator('.stat-card').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd');
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
  const section = (title) =>
    page.locator('section.section-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  /** A finished download: its suggested name, and a file that is not empty. */
  const expectDownload = async (download, name) => {
    if (download.suggestedFilename() !== name) throw new Error(`downloaded "${download.suggestedFilename()}", not "${name}"`);
    const path = await download.path();
    if (statSync(path).size === 0) throw new Error(`${name} is empty`);
    return path;
  };
  const expectChartText = async (figure, text) => {
    if ((await figure.locator('text', { hasText: text }).count()) === 0) {
      throw new Error(`the chart does not show "${text}"`);
    }
  };

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
      'uploading a CSV with missing values moves to step 2: the preview, then Analyzing Dataset',
      async () => {
        // hold the first analysis back until the loading state has been seen
        let release;
        const held = new Promise((done) => {
          release = done;
        });
        await page.route(
          (url) => url.pathname === '/api/analyze/',
          async (route) => {
            await held;
            await route.continue();
          },
          { times: 1 },
        );
        await page.locator('input[type="file"]').setInputFiles(csv);
        await expectVisible(page.getByRole('heading', { name: 'Analyze', exact: true }));
        await expectVisible(page.getByRole('status').getByText('Analyzing Dataset'));
        await shot('03-analyzing');
        release();
        for (const name of columns) await expectVisible(header(name));
        await expectVisible(page.getByRole('cell', { name: 'person 1', exact: true }));
        await expectVisible(page.getByText(`Showing 10 of ${ROWS} rows`));
        if ((await page.getByRole('cell', { name: '—', exact: true }).count()) === 0) {
          throw new Error('no missing value is shown as a dash');
        }
        await expectVisible(page.getByRole('button', { name: 'Step 1: Upload (completed)' }));
      },
    ],
    [
      'the analysis shows the overview cards, column types and notes',
      async () => {
        await expectVisible(page.getByRole('heading', { name: 'Dataset Overview' }));
        await expectCard('Rows', String(ROWS));
        await expectCard('Columns', String(columns.length));
        const missing = Number((await card('Total missing values').textContent()).replace(/\D/g, ''));
        if (!(missing > 0)) throw new Error(`total missing values is ${missing}`);
        await expectVisible(card('Memory').getByText(/^\d+\.\d\d MB$/));
        const meter = page.getByRole('meter', { name: 'Quality score' });
        await expectVisible(meter);
        const score = Number(await meter.getAttribute('aria-valuenow'));
        if (!(score > 0 && score < 100)) throw new Error(`quality score ${score}`);
        await expectCard('Quality score', new RegExp(`^${score}`));
        const types = page.getByRole('list', { name: 'Column types' });
        for (const text of ['4Numeric', '3Categorical', '1Boolean', '1Datetime']) {
          await expectVisible(types.getByRole('listitem').filter({ hasText: text }));
        }
        const percent = ((missing / (ROWS * columns.length)) * 100).toFixed(1);
        await expectVisible(page.getByText(`${percent}% of all cells are missing.`));
        await expectVisible(page.getByText('No constant columns.'));
        await expectVisible(page.getByText('High-cardinality categorical columns: name'));
      },
    ],
    [
      'the skewness panel and the VIF chart show',
      async () => {
        const skew = page.locator('.skew-table');
        await expectVisible(skew.getByRole('row').filter({ hasText: 'income' }).getByText('Consider log/yeo-johnson'));
        await expectVisible(skew.getByRole('row').filter({ hasText: 'age' }).getByText('Looks OK'));
        await expectVisible(skew.getByRole('img', { name: 'Highly skewed' }));
        const vif = await chart('Variance inflation factor by column');
        await expectChartText(vif, '∞');
        await expectVisible(page.getByText('VIF > 10 means high multicollinearity; 5–10 needs attention.'));
        await shot('04-analysis');
      },
    ],
    [
      'Data Quality & Associations expands to its four charts',
      async () => {
        const toggle = page.getByRole('button', { name: 'Data Quality & Associations' });
        if ((await toggle.getAttribute('aria-expanded')) !== 'false') throw new Error('the section starts expanded');
        await toggle.click();
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') throw new Error('the section did not expand');
        const missing = await chart('Missing values by column');
        await expectChartText(missing, 'income');
        await chart('Rows by number of missing fields');
        const pairs = await chart('Columns missing together');
        await expectChartText(pairs, 'age × income');
        const cramers = await chart("Categorical associations (Cramér's V)");
        await expectChartText(cramers, 'city × segment');
        await expectVisible(page.getByText('Left out (more than 50 levels): name'));
        await page.waitForTimeout(400); // the 0.25 s expand animation
        await shot('05-quality-expanded');
      },
    ],
    [
      'choosing a target runs the analysis again and shows the feature–target chart',
      async () => {
        await expectVisible(page.getByText('Choose a target column to see how strongly each feature relates to it.'));
        const before = analyzeRequests.length;
        await page.getByRole('combobox', { name: 'Target column' }).selectOption('score');
        const figure = await chart('Association of each feature with score');
        await expectChartText(figure, 'Pearson |r|');
        await expectChartText(figure, 'ANOVA η');
        await expectVisible(page.getByText(/^For exploration only/));
        if (!analyzeRequests.slice(before).some((url) => new URL(url).searchParams.get('target') === 'score')) {
          throw new Error('no analysis request carried the target');
        }
        await figure.screenshot({ path: join(artifacts, '06-feature-target.png') });
        await shot('06-target');
      },
    ],
    [
      'dropping a column asks first, removes it and analyzes again',
      async () => {
        await page.evaluate(() => globalThis.scrollTo(0, 0));
        await header('city').hover();
        await page.getByRole('button', { name: 'Drop column city' }).click();
        const dialog = page.getByRole('dialog', { name: 'Drop column?' });
        await expectVisible(dialog);
        await shot('07-drop-dialog');
        await dialog.getByRole('button', { name: 'Drop column' }).click();
        await expectVisible(page.getByText('Column "city" dropped.'));
        await header('city').waitFor({ state: 'detached' });
        await expectVisible(header('score'));
        await expectCard('Columns', String(columns.length - 1));
        await shot('08-dropped');
      },
    ],
    [
      'Undo brings the column back and the analysis follows',
      async () => {
        await page.getByRole('button', { name: 'Undo', exact: true }).click();
        const toast = page.getByText('Undo completed — step restored.');
        await expectVisible(toast);
        await expectVisible(header('city'));
        await expectCard('Columns', String(columns.length));
        await chart('Association of each feature with score');
        await shot('09-undone');
        // success toasts close on their own (2 s, then the exit animation)
        await toast.waitFor({ state: 'detached', timeout: 8_000 });
      },
    ],
    [
      'switching to Turkish translates the interface',
      async () => {
        await page.getByRole('combobox', { name: 'Language' }).selectOption('tr');
        await expectVisible(page.getByRole('heading', { name: 'Analiz', exact: true }));
        await expectVisible(page.getByRole('heading', { name: 'Veri Kümesine Genel Bakış' }));
        await expectVisible(page.getByRole('button', { name: 'Geri Al', exact: true }));
        await expectVisible(page.getByRole('button', { name: 'Ana sayfaya dön' }));
        await shot('10-turkish');
      },
    ],
    [
      'a reload lands back in the pipeline with the data and the saved analysis, in Turkish',
      async () => {
        const before = analyzeRequests.length;
        await page.reload();
        await expectVisible(page.getByRole('heading', { name: 'Analiz', exact: true }));
        for (const name of columns) await expectVisible(header(name));
        await expectVisible(page.getByRole('cell', { name: 'person 1', exact: true }));
        await expectVisible(page.getByRole('button', { name: 'Adım 1: Yükleme (tamamlandı)' }));
        await expectVisible(page.getByRole('heading', { name: 'Veri Kümesine Genel Bakış' }));
        await chart('Her özelliğin score ile ilişkisi');
        if (analyzeRequests.length !== before) throw new Error('the saved analysis was computed again');
        await shot('11-reloaded');
      },
    ],
    [
      'Continue completes the analysis and opens Missing Values',
      async () => {
        await page.getByRole('button', { name: 'Eksik Değerlere Devam Et' }).click();
        await expectVisible(page.getByRole('button', { name: 'Adım 2: Analiz (tamamlandı)' }));
        await expectVisible(page.getByRole('button', { name: 'Adım 3: Eksik değerler (geçerli adım)' }));
        if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join('; ')}`);
        await shot('12-missing-values');
      },
    ],
    [
      'Missing Values shows its summary and chart, and offers only incomplete columns per column',
      async () => {
        await page.getByRole('combobox', { name: 'Dil' }).selectOption('en');
        await expectVisible(page.getByRole('heading', { name: 'Missing values', exact: true }));
        const missing = Number((await card('Total missing values').textContent()).replace(/\D/g, ''));
        if (!(missing > 0)) throw new Error(`total missing values is ${missing}`);
        const figure = await chart('Missing values by column');
        await expectChartText(figure, 'income');
        const columnsCard = section('Column-specific settings');
        await columnsCard.getByRole('button', { name: 'Add column' }).click();
        const choices = await columnsCard.getByRole('combobox', { name: 'Column' }).locator('option').allTextContents();
        if (choices.join() !== 'age,income,city') throw new Error(`column choices: ${choices.join()}`);
        await columnsCard.getByRole('combobox', { name: 'Column' }).selectOption('city');
        await columnsCard.getByRole('combobox', { name: 'Strategy' }).selectOption({ label: 'Constant value' });
        await expectVisible(columnsCard.getByRole('textbox', { name: 'Fill value' }));
        await shot('13-missing-values');
        await columnsCard.getByRole('button', { name: 'Remove the setting for city' }).click();
      },
    ],
    [
      'the date column is dropped, then applying the global settings fills every missing value',
      async () => {
        // the constant fill below would turn the join dates into text, which ONNX cannot hold
        await header('joined').hover();
        await page.getByRole('button', { name: 'Drop column joined' }).click();
        await page.getByRole('dialog', { name: 'Drop column?' }).getByRole('button', { name: 'Drop column' }).click();
        await expectVisible(page.getByText('Column "joined" dropped.'));
        await header('joined').waitFor({ state: 'detached' });
        const global = section('Global settings');
        await global.getByRole('combobox', { name: 'Numeric columns' }).selectOption({ label: 'Median' });
        await global.getByRole('combobox', { name: 'Other columns' }).selectOption({ label: 'Constant value' });
        await expectVisible(global.getByRole('textbox', { name: 'Fill value' }));
        await global.getByRole('button', { name: 'Apply global settings' }).click();
        await expectVisible(page.getByText(`Missing values handled: ${ROWS} rows × ${columns.length - 1} columns.`));
        await expectCard('Total missing values', '0');
        await expectVisible(page.getByText('No missing values left — nothing to fill.'));
        await expectVisible(page.getByRole('cell', { name: 'unknown', exact: true }));
        if ((await page.getByRole('cell', { name: '—', exact: true }).count()) !== 0) {
          throw new Error('a missing value is still shown');
        }
        await shot('14-missing-applied');
      },
    ],
    [
      'Outliers shows a live summary that follows the settings',
      async () => {
        await page.getByRole('button', { name: 'Continue to Outliers' }).click();
        await expectVisible(page.getByRole('heading', { name: 'Outliers', exact: true }));
        const figure = await chart('Outliers by column');
        await expectChartText(figure, 'income');
        const before = Number((await card('Total outliers').textContent()).replace(/\D/g, ''));
        if (!(before > 0)) throw new Error(`total outliers is ${before}`);
        const requests = [];
        const listen = (request) => {
          if (new URL(request.url()).pathname === '/api/detect-outliers/') requests.push(request.postDataJSON());
        };
        page.on('request', listen);
        const factor = section('Detection').getByRole('spinbutton', { name: 'Factor' });
        await factor.fill('');
        await factor.pressSequentially('6');
        await page.waitForResponse((response) => new URL(response.url()).pathname === '/api/detect-outliers/');
        await page.waitForFunction(() => !globalThis.document.querySelector('.busy-note'));
        page.off('request', listen);
        // typed in one go, the settings are sent once, 350 ms after the last change
        if (requests.length !== 1 || requests[0].factor !== 6) {
          throw new Error(`detection requests after typing: ${JSON.stringify(requests)}`);
        }
        const after = Number((await card('Total outliers').textContent()).replace(/\D/g, ''));
        if (!(after > 0 && after < before)) throw new Error(`total outliers went from ${before} to ${after}`);
        await expectVisible(card('Affected columns').getByText(/^1/));
        await expectVisible(card('Outlier percentage').getByText(`${((after / ROWS) * 100).toFixed(1)}%`));
        await shot('15-outliers');
      },
    ],
    [
      'capping the outliers leaves none at the same settings',
      async () => {
        const removal = section('Removal');
        if ((await removal.getByRole('spinbutton', { name: 'Factor' }).inputValue()) !== '6') {
          throw new Error('the removal factor does not follow the detection factor');
        }
        await removal.getByRole('combobox', { name: 'Strategy' }).selectOption({ label: 'Cap at the bounds' });
        await removal.getByRole('button', { name: 'Handle outliers' }).click();
        await expectVisible(page.getByText(`Outliers handled: ${ROWS} rows remain.`));
        await expectVisible(card('Total outliers').getByText('0', { exact: true }));
        await expectVisible(page.getByText('No outliers with these settings.'));
        await shot('16-outliers-capped');
      },
    ],
    [
      'Encoding checks the target, then encodes the categorical columns',
      async () => {
        await page.getByRole('button', { name: 'Continue to Encoding' }).click();
        await expectVisible(page.getByRole('heading', { name: 'Encoding', exact: true }));
        const global = section('Global settings');
        await expectVisible(global.getByRole('spinbutton', { name: 'Max categories' }));
        // the target chosen in the analysis is the default
        if ((await global.getByRole('combobox', { name: 'Target column' }).inputValue()) !== 'score') {
          throw new Error('the analysis target is not the default target column');
        }
        await global.getByRole('combobox', { name: 'Target column' }).selectOption({ label: 'None' });
        await global.getByRole('combobox', { name: 'Default strategy' }).selectOption({ label: 'Target' });
        await global.getByRole('button', { name: 'Apply global settings' }).click();
        await expectVisible(page.getByText('Please select a target column for Target strategy.'));
        await global.getByRole('combobox', { name: 'Default strategy' }).selectOption({ label: 'Auto' });
        await global.getByRole('combobox', { name: 'Target column' }).selectOption('score');
        for (const name of ['name', 'city', 'segment']) await expectVisible(global.locator('.column-chips__chip', { hasText: name }));
        await shot('17-encoding');
        await global.getByRole('button', { name: 'Apply global settings' }).click();
        await expectVisible(page.getByText('Global encoding applied.'));
        await expectVisible(header('city_Lima'));
        await header('city').waitFor({ state: 'detached' });
        await expectVisible(page.getByText('No categorical columns left to encode.'));
        await shot('18-encoded');
      },
    ],
    [
      'Correlation lists the pairs, drops the chosen column and shows the target correlation',
      async () => {
        await page.getByRole('button', { name: 'Continue to Correlation' }).click();
        await expectVisible(page.getByRole('heading', { name: 'Correlation', exact: true }));
        const pairs = section('Highly correlated pairs');
        await pairs.getByRole('button', { name: 'Drop selected columns' }).click();
        await expectVisible(page.getByText('Please select at least one column to drop.'));
        const pair = pairs.getByRole('radiogroup', { name: 'Drop from this pair: id and score' });
        await expectVisible(pair);
        await pair.getByText('Drop id', { exact: true }).click();
        await expectVisible(pairs.getByText('To drop: id'));
        const figure = await chart('Correlation with score');
        await expectChartText(figure, 'age');
        await shot('19-correlation');
        await pairs.getByRole('button', { name: 'Drop selected columns' }).click();
        await expectVisible(page.getByText('1 columns dropped'));
        await header('id').waitFor({ state: 'detached' });
        await expectVisible(pairs.getByText('No pair of columns reaches |r| ≥ 0.95.'));
        await shot('20-correlation-dropped');
      },
    ],
    [
      'Undo on the correlation step brings the dropped column back',
      async () => {
        await page.getByRole('button', { name: 'Undo', exact: true }).click();
        await expectVisible(page.getByText('Undo completed — step restored.'));
        await expectVisible(header('id'));
        await expectVisible(section('Highly correlated pairs').getByRole('radiogroup', { name: 'Drop from this pair: id and score' }));
        await shot('21-correlation-undone');
      },
    ],
    [
      'Scaling scales every numeric column but the target, then Training opens',
      async () => {
        await page.getByRole('button', { name: 'Continue to Scaling' }).click();
        await expectVisible(page.getByRole('heading', { name: 'Scaling', exact: true }));
        const global = section('Global settings');
        if ((await global.getByRole('combobox', { name: 'Target column' }).inputValue()) !== 'score') {
          throw new Error('the target chosen for encoding is not the default');
        }
        await expectVisible(global.locator('.column-chips__chip', { hasText: 'income' }));
        if ((await global.locator('.column-chips__chip', { hasText: /^score$/ }).count()) !== 0) {
          throw new Error('the target is offered for scaling');
        }
        await shot('22-scaling');
        await global.getByRole('button', { name: 'Apply global settings' }).click();
        await expectVisible(page.getByText(/^Scaling applied \(columns: \d+\)\.$/));
        // score (the target) keeps its values; id is scaled
        await page.waitForFunction(() => globalThis.document.querySelector('tbody td')?.textContent !== '1');
        if ((await firstRow()).score !== '1.25') throw new Error('the target was scaled');
        await page.getByRole('button', { name: 'Continue to Training' }).click();
        await expectVisible(page.getByRole('button', { name: 'Step 7: Scaling (completed)' }));
        await expectVisible(page.getByRole('button', { name: 'Step 8: Training (current step)' }));
        if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join('; ')}`);
        await shot('23-training');
      },
    ],
    [
      'Training follows the problem type, then trains two classifiers with a progress bar',
      async () => {
        await expectVisible(page.getByRole('heading', { name: 'Training', exact: true }));
        const models = page.getByRole('group', { name: 'Model selection' });
        const checkedModels = async () => {
          const names = [];
          for (const box of await models.getByRole('checkbox').all()) {
            if (await box.isChecked()) names.push(await box.evaluate((input) => input.labels[0].textContent));
          }
          return names.join();
        };
        if ((await checkedModels()) !== 'LogisticRegression,RandomForestClassifier') {
          throw new Error(`default models: ${await checkedModels()}`);
        }
        const problemType = page.getByRole('combobox', { name: 'Problem type' });
        await problemType.selectOption('clustering');
        await page.getByRole('combobox', { name: 'Target column' }).waitFor({ state: 'detached' });
        if ((await checkedModels()) !== 'KMeans,DBSCAN') throw new Error(`clustering models: ${await checkedModels()}`);
        await problemType.selectOption('classification');
        const target = page.getByRole('combobox', { name: 'Target column' });
        if ((await target.inputValue()) !== '') throw new Error('switching to clustering did not clear the target');
        await expectVisible(page.getByText('Please select a target column.'));
        const train = page.getByRole('button', { name: 'Train models' });
        if (!(await train.isDisabled())) throw new Error('Train is enabled without a target');
        await target.selectOption('member');
        await expectCard('Samples', String(ROWS));
        await expectCard('Models selected', '2');

        const progressCalls = [];
        const listen = (request) => {
          if (new URL(request.url()).pathname === '/api/progress/') progressCalls.push(request.url());
        };
        page.on('request', listen);
        let release;
        const held = new Promise((done) => {
          release = done;
        });
        await page.route(
          (url) => url.pathname === '/api/train-models/',
          async (route) => {
            await held;
            await route.continue();
          },
          { times: 1 },
        );
        await train.click();
        await expectVisible(page.getByRole('progressbar', { name: 'Training in progress' }));
        await page.waitForTimeout(900);
        await shot('24-training-progress');
        release();
        await expectVisible(page.getByText('Training completed successfully'));
        page.off('request', listen);
        if (progressCalls.length === 0) throw new Error('the progress was never read while training');
        await expectVisible(page.getByRole('button', { name: 'Step 8: Training (completed)' }));
        await expectVisible(page.getByRole('button', { name: 'Step 9: Evaluation (current step)' }));
      },
    ],
    [
      'Evaluation loads on its own: summary, metrics to 4 decimals, comparison, confusion matrix, ROC/PR and importance',
      async () => {
        await expectVisible(page.getByRole('heading', { name: 'Evaluation', exact: true }));
        await expectVisible(page.getByText('Model evaluation completed'));
        await expectCard('Models trained', '2');
        await expectCard('Problem type', 'Classification');
        await expectCard('Primary metric', 'Accuracy');
        const best = (await card('Best model').textContent()).trim();
        if (!['LogisticRegression', 'RandomForestClassifier'].includes(best)) throw new Error(`best model: ${best}`);
        const comparison = await chart('Accuracy by model');
        await expectChartText(comparison, 'LogisticRegr');
        for (const model of ['LogisticRegression', 'RandomForestClassifier']) {
          const metrics = page.getByRole('article', { name: model });
          const accuracy = metrics.locator('.model-metrics__item').filter({ has: page.locator('dt', { hasText: /^Accuracy$/ }) });
          const value = (await accuracy.locator('dd').textContent()).trim();
          if (!/^\d\.\d{4}$/.test(value)) throw new Error(`${model} accuracy shows "${value}"`);
          const tone = await accuracy.getAttribute('class');
          const expected = Number(value) >= 0.8 ? 'good' : Number(value) >= 0.6 ? 'fair' : 'poor';
          if (!tone.includes(`model-metrics__item--${expected}`)) throw new Error(`${model} accuracy ${value} is coloured ${tone}`);
        }
        const matrix = page.getByRole('table', { name: 'Confusion matrix' });
        await expectVisible(matrix);
        const total = (await matrix.locator('td').allTextContents()).reduce((sum, text) => sum + Number(text), 0);
        if (total !== ROWS * 0.2) throw new Error(`the confusion matrix counts ${total} test rows`);
        await chart(`ROC curve of ${best}`);
        await chart(`Precision–recall curve of ${best}`);
        const importance = await chart(`Feature importance of ${best}`);
        await expectChartText(importance, 'income');
        await shot('25-evaluation');
        const other = best === 'LogisticRegression' ? 'RandomForestClassifier' : 'LogisticRegression';
        await section('Model charts').getByRole('combobox', { name: 'Model', exact: true }).selectOption(other);
        await chart(`ROC curve of ${other}`);
        await page.getByRole('button', { name: 'Continue to Optimization' }).click();
        await expectVisible(page.getByRole('button', { name: 'Step 10: Optimization (current step)' }));
        if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join('; ')}`);
      },
    ],
    [
      'Optimization asks for a model, keeps folds at 2 or more, and shows what random search tries',
      async () => {
        await expectVisible(page.getByRole('heading', { name: 'Optimization', exact: true }));
        const settings = section('Optimization settings');
        await page.getByRole('button', { name: 'Optimize model' }).click();
        await expectVisible(page.getByText('Please select a model to optimize.'));
        await settings.getByRole('combobox', { name: 'Model', exact: true }).selectOption('LogisticRegression');
        await expectVisible(settings.locator('.search-space__param dt', { hasText: 'C' }));
        if ((await settings.getByRole('spinbutton', { name: 'Iterations' }).count()) !== 0) {
          throw new Error('grid search asks for iterations');
        }
        await settings.getByRole('combobox', { name: 'Method' }).selectOption('random_search');
        await settings.getByRole('spinbutton', { name: 'Iterations' }).fill('3');
        const folds = settings.getByRole('spinbutton', { name: 'CV folds' });
        await folds.fill('1');
        await folds.blur();
        if ((await folds.inputValue()) !== '2') throw new Error(`CV folds 1 became ${await folds.inputValue()}`);
        await expectVisible(settings.getByText(/^0\.001 to 1000 \(log scale\)$/));
      },
    ],
    [
      'optimizing shows a progress bar, then the best and baseline scores, the improvement and the best parameters',
      async () => {
        let release;
        const held = new Promise((done) => {
          release = done;
        });
        await page.route(
          (url) => url.pathname === '/api/optimize-model/',
          async (route) => {
            await held;
            await route.continue();
          },
          { times: 1 },
        );
        const requests = [];
        const listen = (request) => {
          if (new URL(request.url()).pathname === '/api/optimize-model/') requests.push(request.postDataJSON());
        };
        page.on('request', listen);
        await page.getByRole('button', { name: 'Optimize model' }).click();
        await expectVisible(page.getByRole('progressbar', { name: 'Optimization in progress' }));
        release();
        // the search keeps the model's own settings when no searched set scores above them
        await expectVisible(page.getByText(/^Optimization of LogisticRegression completed/).first());
        page.off('request', listen);
        const sent = JSON.stringify(requests[0]);
        if (sent !== JSON.stringify({ selected_model: 'LogisticRegression', optimization_method: 'random_search', cv_folds: 2, n_iterations: 3 })) {
          throw new Error(`optimization request: ${sent}`);
        }
        const result = section('Optimized LogisticRegression');
        await expectVisible(result);
        const value = async (label) =>
          (await result.locator('.stat-card').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd').textContent()).trim();
        for (const label of ['Best score', 'Baseline score']) {
          if (!/^\d{1,3}\.\d\d%$/.test(await value(label))) throw new Error(`${label} shows "${await value(label)}"`);
        }
        if (!/^([+-]\d+\.\d\d%|0\.00%)$/.test(await value('Improvement'))) throw new Error(`Improvement shows "${await value('Improvement')}"`);
        const searchedBest = result.getByLabel('Best parameters').locator('dt', { hasText: 'C' });
        const keptSettings = result.getByText("No searched setting scored above the model's own settings, so those are kept.");
        await expectVisible(searchedBest.or(keptSettings));
        await expectVisible(page.getByRole('button', { name: 'Step 9: Evaluation (completed)' }));
        await expectVisible(page.getByRole('button', { name: 'Step 10: Optimization (current step)' }));
        await shot('26-optimization');
      },
    ],
    [
      'the optimized model exports as joblib under its name, and the usage code loads that file',
      async () => {
        await page.getByRole('button', { name: 'Export model' }).click();
        const dialog = page.getByRole('dialog', { name: 'Export model' });
        await expectVisible(dialog);
        if ((await dialog.getByRole('combobox', { name: 'Model', exact: true }).inputValue()) !== 'LogisticRegression:optimized') {
          throw new Error('the export does not start at the optimized model');
        }
        if ((await dialog.getByRole('textbox', { name: 'Model name' }).inputValue()) !== 'LogisticRegression_optimized') {
          throw new Error('the model name is not the default');
        }
        await shot('27-export-dialog');
        const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export', exact: true }).click()]);
        await expectDownload(download, 'LogisticRegression_optimized.joblib');
        await expectVisible(page.getByText('Model downloaded.'));
        await dialog.waitFor({ state: 'detached' });

        await page.getByRole('button', { name: 'Usage code' }).click();
        const usage = page.getByRole('dialog', { name: 'Usage code' });
        await expectVisible(usage.getByText('joblib.load("LogisticRegression_optimized.joblib")', { exact: false }));
        await usage.getByRole('button', { name: 'Copy code' }).click();
        await expectVisible(page.getByText(/^(Code copied\.|Copying is not available here)/));
        await shot('28-usage-code');
        await page.keyboard.press('Escape');
        await usage.waitFor({ state: 'detached' });
      },
    ],
    [
      'predicting a new CSV downloads its rows with a prediction column',
      async () => {
        const predict = section('Predict on new data');
        if ((await predict.getByRole('combobox', { name: 'Model', exact: true }).inputValue()) !== 'LogisticRegression:optimized') {
          throw new Error('the prediction does not start at the optimized model');
        }
        await predict.locator('input[type="file"]').setInputFiles(newRows);
        const [download] = await Promise.all([page.waitForEvent('download'), predict.getByRole('button', { name: 'Predict and download' }).click()]);
        const path = await expectDownload(download, 'new_people_predictions.csv');
        const lines = readFileSync(path, 'utf8').trim().split(/\r?\n/);
        const header = lines[0].split(',');
        if (!header.includes('prediction')) throw new Error(`the predictions have no prediction column: ${lines[0]}`);
        if (lines.length - 1 !== PREDICT_ROWS) throw new Error(`${lines.length - 1} predicted rows for ${PREDICT_ROWS}`);
        await expectVisible(page.getByText('Predictions downloaded.'));
        await shot('29-predicted');
      },
    ],
    [
      'the optimized model exports as ONNX',
      async () => {
        // close the toasts still shown, so an error toast can only be this export's
        for (const close of await page.locator('.Toastify__close-button').all()) await close.click().catch(() => undefined);
        await page.locator('.Toastify__toast').first().waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Export model' }).click();
        const dialog = page.getByRole('dialog', { name: 'Export model' });
        await dialog.getByRole('combobox', { name: 'Format' }).selectOption('onnx');
        await expectVisible(dialog.getByText('ONNX export may fail for some models; joblib or pkl is suggested.'));
        // either the file arrives or an error toast says why not
        const failure = page.locator('.Toastify__toast--error').first();
        const downloaded = page.waitForEvent('download').then((download) => ({ download }), () => ({ error: 'no download' }));
        const refused = failure.waitFor({ state: 'visible' }).then(
          async () => ({ error: await failure.textContent() }),
          () => new Promise(() => undefined),
        );
        await dialog.getByRole('button', { name: 'Export', exact: true }).click();
        const outcome = await Promise.race([downloaded, refused]);
        if (outcome.error !== undefined) throw new Error(`ONNX export failed: ${outcome.error}`);
        await expectDownload(outcome.download, 'LogisticRegression_optimized.onnx');
        await expectVisible(page.getByText('Model downloaded.'));
        if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join('; ')}`);
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
