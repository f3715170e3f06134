// axe-core over every step of the pipeline, in English and German, with a tooltip open and a
// chart's table shown; then every step and every dialog at 1440, 640 and 320 px in both languages,
// at 320 px with no sideways scroll and no label cut; the tooltip reachable by the pointer, and no
// motion when the person asks for less.
import { chooseLanguage, expectAccessible, expectAccessibleInEnAndDe } from '../support/axe.mjs';
import { dropColumn, fillMissingGlobally } from '../support/flows.mjs';
import { cutLabels, stillMoving } from '../support/reflow.mjs';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 640, height: 800 },
  { width: 320, height: 720 },
];
const STEP_COUNT = 10;

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
      const { scroll, client } = await page.evaluate(() => ({
        scroll: globalThis.document.documentElement.scrollWidth,
        client: globalThis.document.documentElement.clientWidth,
      }));
      if (scroll > client) throw new Error(`${where} scrolls sideways: ${scroll} px wide in ${client} px`);
    };
    /** At 320 px (WCAG 1.4.10): no sideways scroll, and no button, link, heading or the target badge cut. */
    const expectReflow = async (where) => {
      await noSidewaysScroll(where);
      const cut = await cutLabels(page);
      if (cut.length > 0) throw new Error(`${where}: ${cut.join('; ')}`);
    };
    /** Opens the nth step (0-based) from the bar, whatever the language, and waits for its screen. */
    const openStep = async (index) => {
      await page.locator('.step-bar__button').nth(index).click();
      await page.locator('.step-bar__button').nth(index).and(page.locator('[aria-current="step"]')).waitFor();
      await expectVisible(page.locator('main h1'));
    };
    /** Every step in English, then in German: axe on each, and at 320 px its reflow. */
    const everyStepAt = async ({ width, height }) => {
      await page.setViewportSize({ width, height });
      try {
        for (const language of ['en', 'de']) {
          await chooseLanguage(page, language);
          for (let index = 0; index < STEP_COUNT; index += 1) {
            await openStep(index);
            if (index === 1) await page.locator('figure.chart .main-svg').first().waitFor();
            const where = `step ${index + 1} at ${width} px (${language})`;
            if (width === 320) await expectReflow(where);
            await expectAccessible(page, where);
          }
        }
      } finally {
        await chooseLanguage(page, 'en');
        await page.setViewportSize({ width: 1360, height: 900 });
      }
    };
    /** A dialog opened by `open`: axe in en and de, its reflow at 320 px, then Escape leaves it with nothing done. */
    const checkDialog = async (width, name, open) => {
      await open();
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog);
      if (width === 320) {
        await expectReflow(`${name} at 320 px (en)`);
        await chooseLanguage(page, 'de');
        await expectReflow(`${name} at 320 px (de)`);
        await chooseLanguage(page, 'en');
      }
      await expectAccessibleInEnAndDe(page, `${name} at ${width} px`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    };
    /** Every dialog of the pipeline at one width: drop column, the guard of trained models, export, usage code, leaving. */
    const everyDialogAt = async ({ width, height }) => {
      await page.setViewportSize({ width, height });
      try {
        await openStep(2);
        await checkDialog(width, 'the drop-column confirmation', async () => {
          await ui.header('age').hover();
          await page.getByRole('button', { name: 'Drop column age' }).click();
        });
        await checkDialog(width, 'the question before discarding the trained models', () =>
          section('Global settings').getByRole('button', { name: 'Apply global settings' }).click(),
        );
        await openStep(8);
        await checkDialog(width, 'the export dialog', () => page.getByRole('button', { name: 'Export model' }).click());
        await checkDialog(width, 'the usage-code dialog', async () => {
          await page.getByRole('button', { name: 'Usage code' }).click();
          await expectVisible(page.getByRole('region', { name: 'Python code' }));
        });
        await checkDialog(width, 'the question before leaving the session', () =>
          page.getByRole('button', { name: 'Back to home' }).click(),
        );
      } finally {
        await page.setViewportSize({ width: 1360, height: 900 });
      }
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
        'a tooltip stays open while the pointer moves slowly from its button onto it',
        async () => {
          const button = page.locator('main .info-tip__button').first();
          await button.scrollIntoViewIfNeeded();
          await button.hover();
          const tip = page.getByRole('tooltip');
          await expectVisible(tip);
          const from = await button.boundingBox();
          const to = await tip.boundingBox();
          const [x0, y0] = [from.x + from.width / 2, from.y + from.height / 2];
          const x1 = Math.min(Math.max(x0, to.x + 6), to.x + to.width - 6);
          const y1 = to.y > y0 ? to.y + 6 : to.y + to.height - 6;
          // a pixel or two at a time, 40 ms apart: the gap alone takes longer than the tip's hide delay
          const moves = 16;
          for (let move = 1; move <= moves; move += 1) {
            await page.mouse.move(x0 + ((x1 - x0) * move) / moves, y0 + ((y1 - y0) * move) / moves);
            await page.waitForTimeout(40);
            if (!(await tip.isVisible())) throw new Error(`the tooltip closed ${move} of ${moves} moves on the way to it`);
          }
          await page.waitForTimeout(500);
          if (!(await tip.isVisible())) throw new Error('the tooltip closed under the pointer');
          await page.keyboard.press('Escape');
          await tip.waitFor({ state: 'detached' });
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
      ...WIDTHS.map((size) => [`every step at ${size.width} px, en and de`, () => everyStepAt(size)]),
      ...WIDTHS.map((size) => [`every dialog at ${size.width} px, en and de`, () => everyDialogAt(size)]),
      [
        'no animation or transition runs when the person asks for less motion',
        async () => {
          await page.emulateMedia({ reducedMotion: 'reduce' });
          try {
            await page.getByRole('button', { name: 'Export model' }).click();
            await expectVisible(page.getByRole('dialog', { name: 'Export model' }));
            // a hovered button would be mid-transition
            await page.getByRole('dialog').getByRole('button').first().hover();
            const moving = await stillMoving(page);
            if (moving.length > 0) throw new Error(`still moving with reduced motion: ${moving.join('; ')}`);
            await page.keyboard.press('Escape');
            await page.getByRole('dialog').waitFor({ state: 'detached' });
          } finally {
            await page.emulateMedia({ reducedMotion: null });
          }
        },
      ],
      [
        'leaving at 320 px: the welcome view fits, en and de',
        async () => {
          await page.setViewportSize({ width: 320, height: 720 });
          await page.getByRole('button', { name: 'Back to home' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Clear and go back' }).click();
          await expectVisible(page.getByRole('button', { name: 'Get Started' }));
          await expectReflow('the welcome view (en)');
          await chooseLanguage(page, 'de');
          await expectReflow('the welcome view (de)');
          await chooseLanguage(page, 'en');
          await expectAccessibleInEnAndDe(page, 'the welcome view at 320 px');
          await page.setViewportSize({ width: 1360, height: 900 });
        },
      ],
    ];
  },
};

export default scenario;
