// Long tasks outlive their screen: an optimization big enough to take a while (a random
// forest's grid, 5 folds, on a larger file) keeps its progress bar when the person leaves its
// step and comes back, and after a reload, then shows its result; a cancelled run leaves a
// note and the earlier results.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCsv } from '../support/server.mjs';

/**
 * Rows of the larger file: a search of 12 forests × 5 folds on 2,000 rows takes about 15 s on
 * two idle workers; LATHE_E2E_SEARCH_ROWS sets fewer on a busy machine.
 */
const LARGE_ROWS = Number(process.env.LATHE_E2E_SEARCH_ROWS ?? 2000);
const RESULT_TIMEOUT_MS = 120_000;
const MODEL = 'RandomForestClassifier';

const scratch = mkdtempSync(join(tmpdir(), 'lathe-e2e-long-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

const scenario = {
  name: 'Long tasks: leave, reload and cancel',
  setup: async (ui) => {
    const { page, expectVisible } = ui;
    await page.goto(ui.url);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.locator('input[type="file"]').setInputFiles(writeCsv(scratch, 'many_people.csv', LARGE_ROWS));
    await expectVisible(page.getByRole('heading', { name: 'Dataset Overview' }));
    await page.getByRole('combobox', { name: 'Target column' }).selectOption('member');
    for (const next of ['Missing Values', 'Outliers', 'Encoding', 'Correlation', 'Scaling', 'Training']) {
      await page.getByRole('button', { name: `Continue to ${next}` }).click();
    }
    await expectVisible(page.getByRole('heading', { name: 'Training', exact: true }));
    await page.getByRole('button', { name: 'Train models' }).click();
    await page.getByRole('heading', { name: 'Evaluation', exact: true }).waitFor({ timeout: RESULT_TIMEOUT_MS });
    await expectVisible(page.getByRole('article', { name: 'LogisticRegression' }).locator('.model-metrics__item').first());
    await page.getByRole('button', { name: 'Continue to Optimization' }).click();
    const settings = ui.section('Optimization settings');
    await settings.getByRole('combobox', { name: 'Model', exact: true }).selectOption(MODEL);
    await settings.getByRole('spinbutton', { name: 'CV folds' }).fill('5');
  },
  checks: (ui) => {
    const { page, shot, expectVisible, section, expectNoPageErrors } = ui;
    const bar = () => page.getByRole('progressbar', { name: 'Optimization in progress' });
    const result = () => section(`Optimized ${MODEL}`);
    const bestScore = async () =>
      (
        await result()
          .locator('.stat-card')
          .filter({ has: page.locator('dt', { hasText: 'Best score' }) })
          .locator('dd')
          .first()
          .textContent()
      ).trim();
    const optimize = async () => {
      await page.getByRole('button', { name: 'Optimize model' }).click();
      await expectVisible(bar());
    };
    const waitForResult = async () => {
      await bar().waitFor({ state: 'detached', timeout: RESULT_TIMEOUT_MS });
      await expectVisible(result());
    };
    let started = 0;
    return [
      [
        'leaving a running optimization and coming back shows its bar, then its result',
        async () => {
          started = Date.now();
          await optimize();
          await page.getByRole('button', { name: /^9 Evaluation/ }).click();
          await expectVisible(page.getByRole('heading', { name: 'Evaluation', exact: true }));
          // step 10 has no result yet, so the way back is Evaluation's own button
          await page.getByRole('button', { name: 'Continue to Optimization' }).click();
          await expectVisible(bar());
          await shot('70-longtasks-back-to-running');
          await waitForResult();
          console.log(`        (the search took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
          await expectVisible(page.getByText(`Optimization of ${MODEL} completed.`).first());
        },
      ],
      [
        'a reload during a second run brings the bar back, then the stored result',
        async () => {
          await optimize();
          await page.reload();
          await expectVisible(page.getByRole('heading', { name: 'Optimization', exact: true }));
          await bar().waitFor({ state: 'visible' });
          await shot('71-longtasks-after-reload');
          await waitForResult();
          await expectVisible(page.getByText(`Optimization of ${MODEL} completed.`).first());
          const model = section('Optimization settings').getByRole('combobox', { name: 'Model', exact: true });
          if ((await model.inputValue()) !== MODEL) throw new Error(`after the reload the settings show ${await model.inputValue()}`);
        },
      ],
      [
        'cancelling a third run says so and keeps the earlier results on Optimization and Evaluation',
        async () => {
          const before = await bestScore();
          await optimize();
          await page.getByRole('button', { name: 'Cancel', exact: true }).click();
          await expectVisible(page.getByText('Optimization was cancelled. The previous results are kept.'));
          await bar().waitFor({ state: 'detached' });
          if ((await page.getByText('An error occurred during optimization.').count()) !== 0) throw new Error('the cancel shows an error');
          if ((await bestScore()) !== before) throw new Error(`the best score changed from ${before} to ${await bestScore()}`);
          await shot('72-longtasks-cancelled');
          await page.getByRole('button', { name: /^9 Evaluation/ }).click();
          await expectVisible(page.getByRole('article', { name: 'LogisticRegression' }).locator('.model-metrics__item').first());
          await expectVisible(page.getByRole('button', { name: '10 Optimization (completed)' }));
          expectNoPageErrors();
        },
      ],
    ];
  },
};

export default scenario;
