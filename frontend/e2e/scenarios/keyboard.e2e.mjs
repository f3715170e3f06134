// The whole pipeline by keyboard alone (Tab, Enter, Space, Escape, arrows), from Get Started to
// an exported model, asserting after each action where focus is, and at every stop that the
// focused control is in view, not covered and ringed at 3:1 against the page.
import { expectContrast, expectFocusVisible } from '../support/focusCheck.mjs';

const MAX_TABS = 120;

const scenario = {
  name: 'Keyboard only: Get Started to an exported model',
  checks: (ui) => {
    const { page, url, files, expectVisible, expectDownload } = ui;
    const isFocused = (locator) => locator.evaluate((element) => element === globalThis.document.activeElement).catch(() => false);
    const describeFocus = () =>
      page.evaluate(() => {
        const element = globalThis.document.activeElement;
        return `${element?.tagName.toLowerCase()} "${(element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim().slice(0, 60)}"`;
      });
    /** Presses Tab until `locator` has focus: it must be reachable by keyboard. */
    const tabTo = async (locator) => {
      for (let presses = 0; presses < MAX_TABS; presses += 1) {
        if (await isFocused(locator)) return;
        await page.keyboard.press('Tab');
        await expectFocusVisible(page);
      }
      throw new Error(`Tab never reached ${locator}; focus is on ${await describeFocus()}`);
    };
    const expectFocus = async (locator, what) => {
      await locator.waitFor();
      for (let tries = 0; tries < 50; tries += 1) {
        if (await isFocused(locator)) return expectFocusVisible(page);
        await page.waitForTimeout(100);
      }
      throw new Error(`focus should be on ${what}, but is on ${await describeFocus()}`);
    };
    /** A control's edge, or an icon, at 3:1 against what it sits on (WCAG 1.4.11). */
    const expectNonTextContrast = async (locator, what, part) => {
      const [colour, background, opacity] = await locator.evaluate((element, side) => {
        const style = globalThis.getComputedStyle(element);
        const behind = globalThis.getComputedStyle(side === 'icon' ? element.closest('.Toastify__toast') : element).backgroundColor;
        return [side === 'icon' ? style.color : style.borderTopColor, behind, style.opacity];
      }, part);
      if (opacity !== '1') throw new Error(`${what} is faded to opacity ${opacity}`);
      expectContrast(colour, background, what);
    };
    const stepHeading = (name) => page.getByRole('heading', { name, level: 1, exact: true });
    const button = (name) => page.getByRole('button', { name, exact: true });
    /** Continue with Enter, and focus lands on the next step's heading. */
    const continueTo = async (label, title) => {
      await tabTo(button(label));
      await page.keyboard.press('Enter');
      await expectFocus(stepHeading(title), `the ${title} heading`);
    };
    const applyGlobal = async (done) => {
      const apply = page
        .locator('section.section-card', { has: page.getByRole('heading', { name: 'Global settings', exact: true }) })
        .getByRole('button', { name: 'Apply global settings' });
      await tabTo(apply);
      await page.keyboard.press('Enter');
      await expectVisible(page.getByText(done));
      await expectFocus(apply, 'the apply button it used');
    };
    /** A select, focused by Tab, set by typing an option's first letters. */
    const choose = async (name, typed, value, within = page) => {
      const select = within.getByRole('combobox', { name, exact: true });
      await tabTo(select);
      await page.keyboard.type(typed);
      if ((await select.inputValue()) !== value) throw new Error(`${name} is "${await select.inputValue()}" after typing "${typed}"`);
    };

    return [
      [
        'Get Started, then the file chooser opened with Space',
        async () => {
          await page.goto(url);
          await tabTo(button('Get Started'));
          await page.keyboard.press('Enter');
          await expectFocus(stepHeading('Upload your data'), 'the Upload heading');
          const chooser = page.waitForEvent('filechooser');
          await tabTo(page.locator('input[type="file"]'));
          await page.keyboard.press('Space');
          await (await chooser).setFiles(files.csv);
          await expectFocus(stepHeading('Analyze'), 'the Analyze heading');
        },
      ],
      [
        'Analyze: a tooltip opens on focus and closes with Escape, the target is typed, and Continue',
        async () => {
          await expectVisible(page.getByRole('heading', { name: 'Dataset Overview' }));
          const tip = page.locator('main .info-tip__button').first();
          await tabTo(tip);
          await expectVisible(page.getByRole('tooltip'));
          await page.keyboard.press('Escape');
          await page.getByRole('tooltip').waitFor({ state: 'detached' });
          await expectFocus(tip, 'the info button');
          await choose('Target column', 'score', 'score');
          await continueTo('Continue to Missing Values', 'Missing values');
        },
      ],
      [
        'Missing values: a drop cancelled with Escape and one confirmed with Enter, then the global settings',
        async () => {
          const drop = button('Drop column joined');
          await tabTo(drop);
          await page.keyboard.press('Enter');
          const dialog = page.getByRole('dialog', { name: 'Drop column?' });
          await expectFocus(dialog.getByRole('button', { name: 'Drop column' }), 'the confirm button');
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
          await expectFocus(drop, 'the drop button');
          await page.keyboard.press('Enter');
          await expectFocus(dialog.getByRole('button', { name: 'Drop column' }), 'the confirm button');
          await page.keyboard.press('Enter');
          await expectVisible(page.getByText('Column "joined" dropped.'));
          await expectNonTextContrast(page.locator('.Toastify__close-button').first(), "the toast's close icon", 'icon');
          await expectFocus(page.locator('.data-table__scroll'), 'the table the column left');
          // a toast sliding out as the Tab walk reaches it would read as covered: the walk goes on once it has closed
          await page.locator('.Toastify__toast', { hasText: 'Column "joined" dropped.' }).waitFor({ state: 'detached', timeout: 15_000 });
          await choose('Numeric columns', 'Med', 'median');
          await expectNonTextContrast(page.getByRole('combobox', { name: 'Numeric columns' }), "a field's border", 'edge');
          await choose('Other columns', 'Most', 'mode');
          await applyGlobal(/^Missing values handled: /);
        },
      ],
      [
        'Outliers, Encoding, Correlation and Scaling',
        async () => {
          await continueTo('Continue to Outliers', 'Outliers');
          await continueTo('Continue to Encoding', 'Encoding');
          await applyGlobal('Global encoding applied.');
          await continueTo('Continue to Correlation', 'Correlation');
          await continueTo('Continue to Scaling', 'Scaling');
          await continueTo('Continue to Training', 'Training');
        },
      ],
      [
        'Training with arrows in the problem type, then Train models with Space',
        async () => {
          const problem = page.getByRole('combobox', { name: 'Problem type', exact: true });
          await tabTo(problem);
          const before = await problem.inputValue();
          await page.keyboard.press('ArrowDown');
          if ((await problem.inputValue()) === before) throw new Error('ArrowDown did not change the problem type');
          await page.keyboard.press('ArrowUp');
          await choose('Problem type', 'Class', 'classification');
          await choose('Target column', 'member', 'member');
          await tabTo(button('Train models'));
          await page.keyboard.press('Space');
          await expectFocus(stepHeading('Evaluation'), 'the Evaluation heading');
          await expectVisible(page.getByText('Model evaluation completed'));
        },
      ],
      [
        'Optimization: Optimize model keeps focus while it runs and after',
        async () => {
          // training's and evaluation's success toasts close by themselves within 2 s; the walk checks what stays
          await page.waitForFunction(() => globalThis.document.querySelectorAll('.Toastify__toast--success').length === 0, null, {
            timeout: 8000,
          });
          await continueTo('Continue to Optimization', 'Optimization');
          // the export and prediction panels below have a Model select of their own
          const settings = page.locator('section.section-card', {
            has: page.getByRole('heading', { name: 'Optimization settings', exact: true }),
          });
          await choose('Model', 'Log', 'LogisticRegression', settings);
          await choose('Method', 'Random', 'random_search', settings);
          const iterations = page.getByRole('spinbutton', { name: 'Iterations' });
          await tabTo(iterations);
          await page.keyboard.press('Control+A');
          await page.keyboard.type('3');
          const optimize = page.getByRole('button', { name: 'Optimize model' });
          await tabTo(optimize);
          await page.keyboard.press('Enter');
          await expectVisible(page.getByText(/^Optimization of LogisticRegression completed/).first());
          await expectFocus(page.locator('.step-screen__actions .button--primary').last(), 'the Optimize button');
        },
      ],
      [
        'Export by keyboard: the dialog takes focus, Export downloads, focus returns; usage code closes with Escape',
        async () => {
          const exportButton = button('Export model');
          await tabTo(exportButton);
          await page.keyboard.press('Enter');
          const dialog = page.getByRole('dialog', { name: 'Export model' });
          await expectVisible(dialog);
          if (!(await dialog.evaluate((element) => element.contains(globalThis.document.activeElement)))) {
            throw new Error(`focus is outside the export dialog, on ${await describeFocus()}`);
          }
          await tabTo(dialog.getByRole('button', { name: 'Export', exact: true }));
          const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
          await expectDownload(download, 'LogisticRegression_optimized.joblib');
          await dialog.waitFor({ state: 'detached' });
          await expectFocus(exportButton, 'the Export model button');
          const usage = button('Usage code');
          await tabTo(usage);
          await page.keyboard.press('Enter');
          await expectVisible(page.getByRole('dialog', { name: 'Usage code' }));
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
          await expectFocus(usage, 'the Usage code button');
        },
      ],
    ];
  },
};

export default scenario;
