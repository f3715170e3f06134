// The report to hand on, in German: downloaded from Evaluation after training two models and
// from Optimization after one optimization, each opened from the saved file with the browser
// offline, in the interface's language and with the numbers the screens show.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chooseLanguage, openTraining } from '../support/flows.mjs';
import { artifacts } from '../support/server.mjs';

/** Training or a search on a machine shared with other work. */
const SLOW_MS = 180_000;

const de = JSON.parse(readFileSync(new URL('../../src/i18n/locales/de.json', import.meta.url), 'utf8'));

/** Clicks the report button, saves the download and opens it offline in a context of its own. */
async function openReport(ui, name) {
  const { page, expectDownload } = ui;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: de.report.download }).click()]);
  await expectDownload(download, 'people_report.html');
  const saved = join(artifacts, name);
  await download.saveAs(saved);
  const context = await page.context().browser().newContext();
  await context.setOffline(true);
  const requests = [];
  context.on('request', (request) => {
    if (!request.url().startsWith('file:')) requests.push(request.url());
  });
  const report = await context.newPage();
  const errors = [];
  report.on('pageerror', (error) => errors.push(error.message));
  report.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await report.goto(pathToFileURL(saved).href);
  await report.locator('figure svg').first().waitFor({ state: 'visible' });
  return {
    report,
    close: () => context.close(),
    expectSelfContained: async () => {
      if (requests.length > 0) throw new Error(`the report asked for ${requests.join(', ')}`);
      if (errors.length > 0) throw new Error(`the report logged errors: ${errors.join('; ')}`);
      if ((await report.locator('script').count()) !== 0) throw new Error('the report has a script');
    },
  };
}

const scenario = {
  name: 'Report',
  setup: async (ui) => {
    const { page, expectVisible } = ui;
    await openTraining(ui);
    await chooseLanguage(ui, 'de');
    // the two default classifiers on member, named as the German screen names its controls
    await page.getByRole('combobox', { name: de.common.targetColumn }).selectOption('member');
    await page.getByRole('button', { name: de.training.train }).click();
    // training, evaluation and explanations on a busy machine take longer than a click
    const trained = page.getByRole('article', { name: 'RandomForestClassifier' }).locator('.model-metrics__item').first();
    await trained.waitFor({ state: 'visible', timeout: SLOW_MS });
    await expectVisible(page.getByRole('heading', { name: de.evaluation.title, exact: true }));
  },
  checks: (ui) => {
    const { page, shot, expectVisible, section, expectNoPageErrors } = ui;
    return [
      [
        'The report from Evaluation opens offline, in German, with every metric the screen shows',
        async () => {
          await expectVisible(page.getByRole('heading', { name: de.evaluation.title, exact: true }));
          const shown = (await page.locator('.model-metrics__value').allTextContents()).map((text) => text.trim());
          if (shown.length < 4) throw new Error(`the screen shows ${shown.length} metric values`);
          const { report, close, expectSelfContained } = await openReport(ui, 'report-evaluation.html');
          try {
            if ((await report.locator('html').getAttribute('lang')) !== 'de') throw new Error('the report is not marked German');
            await expectVisible(report.getByRole('heading', { level: 1, name: de.report.title }));
            // the file's story: the upload as it was, what the recipe made of it, then the models
            const sections = await report.getByRole('heading', { level: 2 }).allTextContents();
            if (sections[0] !== de.report.sections.dataset || sections[1] !== de.report.sections.recipe) {
              throw new Error(`the report opens with ${sections.slice(0, 2).join(', ')}`);
            }
            const uploaded = await report.locator('section').first().locator('tbody th').allTextContents();
            if (!uploaded.includes('member')) throw new Error(`the uploaded columns are ${uploaded.join(', ')}`);
            const header = await report
              .locator('thead th')
              .first()
              .evaluate((cell) => cell.ownerDocument.defaultView.getComputedStyle(cell).overflowWrap);
            if (header !== 'normal') throw new Error(`a table header may break inside a word (overflow-wrap: ${header})`);
            const comparison = report.locator('figure svg[role="img"]');
            if ((await comparison.locator('desc').textContent())?.includes('RandomForestClassifier') !== true) {
              throw new Error('the comparison chart does not say its scores');
            }
            await expectVisible(report.getByRole('heading', { level: 2, name: de.report.sections.metrics }));
            const metrics =
              (await report.locator('section', { has: report.getByRole('heading', { name: de.report.sections.metrics }) }).textContent()) ??
              '';
            const missing = shown.filter((value) => !metrics.includes(value));
            if (missing.length > 0) throw new Error(`the report lacks the metric values ${missing.join(', ')}`);
            if (!/\d,\d{4}/.test(metrics)) throw new Error('the report writes no metric with a decimal comma');
            const text = (await report.locator('body').textContent()) ?? '';
            for (const expected of [de.report.recipe.steps.impute_missing, de.report.recipe.steps.scale, 'joblib.load(']) {
              if (!text.includes(expected)) throw new Error(`the report lacks "${expected}"`);
            }
            await expectSelfContained();
            await report.screenshot({ path: join(artifacts, '70-report-offline.png'), fullPage: true });
          } finally {
            await close();
          }
          await shot('70-report-evaluation');
        },
      ],
      [
        'The report from Optimization after one optimization holds its result',
        async () => {
          await page.getByRole('button', { name: de.evaluation.continue }).click();
          await expectVisible(page.getByRole('heading', { name: de.optimization.title, exact: true }));
          const settings = section(de.optimization.settings.title);
          await settings.getByRole('combobox', { name: de.optimization.settings.model, exact: true }).selectOption('LogisticRegression');
          const folds = settings.getByRole('spinbutton', { name: de.optimization.settings.cvFolds });
          await folds.fill('2');
          await folds.blur();
          await page.getByRole('button', { name: de.optimization.run }).click();
          const title = de.optimization.result.title.replace('{{model}}', 'LogisticRegression');
          const result = section(title);
          await result.waitFor({ state: 'visible', timeout: SLOW_MS });
          const best = (
            await result
              .locator('.stat-card')
              .filter({ has: page.locator('dt', { hasText: de.optimization.result.bestScore }) })
              .locator('dd')
              .first()
              .textContent()
          ).trim();
          const { report, close, expectSelfContained } = await openReport(ui, 'report-optimization.html');
          try {
            const optimization = report.locator('section', {
              has: report.getByRole('heading', { level: 2, name: de.report.sections.optimization }),
            });
            await expectVisible(optimization.getByRole('heading', { name: title }));
            const text = (await optimization.textContent()) ?? '';
            if (!text.includes(best)) throw new Error(`the report's optimization lacks the best score ${best}: ${text}`);
            const usage = (await report.locator('pre code').textContent()) ?? '';
            if (!usage.includes('LogisticRegression_optimized.joblib')) throw new Error('the usage code does not load the optimized model');
            await expectSelfContained();
          } finally {
            await close();
          }
          await chooseLanguage(ui, 'en', de.app.language);
          expectNoPageErrors();
        },
      ],
    ];
  },
};

export default scenario;
