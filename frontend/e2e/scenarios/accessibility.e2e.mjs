// axe-core over every step of the pipeline, in English and German, with a tooltip open, a
// chart's table shown, and the export and usage-code dialogs open; and no sideways scroll at 320 px.
import { expectAccessible, expectAccessibleInEnAndDe } from '../support/axe.mjs';
import { dropColumn, fillMissingGlobally } from '../support/flows.mjs';

const scenario = {
  name: 'Accessibility: axe on every step, en and de',
  checks: (ui) => {
    const { page, url, files, expectVisible, section, chart } = ui;
    const heading = (name) => expectVisible(page.getByRole('heading', { name, level: 1, exact: true }));
    const next = async (label, title) => {
      await page.getByRole('button', { name: label }).click();
      await heading(title);
    };
    const noSidewaysScroll = async (where) => {
      const width = await page.evaluate(() => globalThis.document.documentElement.scrollWidth);
      if (width > 320) throw new Error(`${where} is ${width} px wide at 320 px`);
    };
    return [
      [
        'welcome and upload',
        async () => {
          await page.goto(url);
          await expectAccessibleInEnAndDe(page, 'welcome');
          await page.getByRole('button', { name: 'Get Started' }).click();
          await heading('Upload your data');
          await expectAccessibleInEnAndDe(page, 'upload');
        },
      ],
      [
        'analyze, with a tooltip open and a chart shown as a table',
        async () => {
          await page.locator('input[type="file"]').setInputFiles(files.csv);
          await expectVisible(page.getByRole('heading', { name: 'Dataset Overview' }));
          await page.getByRole('combobox', { name: 'Target column' }).selectOption('score');
          await chart('Association of each feature with score');
          await expectAccessibleInEnAndDe(page, 'analyze');
          await page.locator('main .info-tip__button').first().focus();
          await expectVisible(page.getByRole('tooltip'));
          await expectAccessible(page, 'analyze with a tooltip');
          await page.keyboard.press('Escape');
          await page.getByRole('tooltip').waitFor({ state: 'detached' });
          await page.getByRole('button', { name: 'Show as table' }).first().click();
          await expectVisible(page.locator('.chart-table__scroll table'));
          await expectAccessible(page, 'analyze with a chart table');
        },
      ],
      [
        'the transforming steps 3 to 7',
        async () => {
          await next('Continue to Missing Values', 'Missing values');
          await expectAccessibleInEnAndDe(page, 'missing values');
          await dropColumn(ui, 'joined');
          await fillMissingGlobally(ui);
          await expectAccessible(page, 'missing values applied');
          await next('Continue to Outliers', 'Outliers');
          await expectAccessibleInEnAndDe(page, 'outliers');
          await next('Continue to Encoding', 'Encoding');
          await section('Global settings').getByRole('button', { name: 'Apply global settings' }).click();
          await expectVisible(page.getByText('Global encoding applied.'));
          await expectAccessibleInEnAndDe(page, 'encoding');
          await next('Continue to Correlation', 'Correlation');
          await expectAccessibleInEnAndDe(page, 'correlation');
          await next('Continue to Scaling', 'Scaling');
          await expectAccessibleInEnAndDe(page, 'scaling');
          await next('Continue to Training', 'Training');
        },
      ],
      [
        'training, evaluation and optimization',
        async () => {
          await page.getByRole('combobox', { name: 'Problem type' }).selectOption('classification');
          await page.getByRole('combobox', { name: 'Target column' }).selectOption('member');
          await expectAccessibleInEnAndDe(page, 'training');
          await page.getByRole('button', { name: 'Train models' }).click();
          await heading('Evaluation');
          await expectVisible(page.getByText('Model evaluation completed'));
          await page.locator('.chart .main-svg').first().waitFor();
          await expectAccessibleInEnAndDe(page, 'evaluation');
          await next('Continue to Optimization', 'Optimization');
          const settings = section('Optimization settings');
          await settings.getByRole('combobox', { name: 'Model', exact: true }).selectOption('LogisticRegression');
          await settings.getByRole('combobox', { name: 'Method' }).selectOption('random_search');
          await settings.getByRole('spinbutton', { name: 'Iterations' }).fill('3');
          await page.getByRole('button', { name: 'Optimize model' }).click();
          await expectVisible(section('Optimized LogisticRegression'));
          await expectAccessibleInEnAndDe(page, 'optimization');
        },
      ],
      [
        'the export and usage-code dialogs',
        async () => {
          await page.getByRole('button', { name: 'Export model' }).click();
          await expectVisible(page.getByRole('dialog', { name: 'Export model' }));
          await expectAccessibleInEnAndDe(page, 'export dialog');
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
          await page.getByRole('button', { name: 'Usage code' }).click();
          await expectVisible(page.getByRole('dialog', { name: 'Usage code' }));
          await expectAccessibleInEnAndDe(page, 'usage-code dialog');
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        },
      ],
      [
        'no sideways scroll at 320 px, on a step and on the welcome view',
        async () => {
          await page.setViewportSize({ width: 320, height: 720 });
          await noSidewaysScroll('the optimization step');
          await page.getByRole('button', { name: 'Back to home' }).click();
          await noSidewaysScroll('the confirmation of going back');
          await page.getByRole('dialog').getByRole('button', { name: 'Clear and go back' }).click();
          await expectVisible(page.getByRole('button', { name: 'Get Started' }));
          await noSidewaysScroll('the welcome view');
          await page.setViewportSize({ width: 1360, height: 900 });
        },
      ],
    ];
  },
};

export default scenario;
