// The whole pipeline on a 390 × 844 phone screen: at every step the header, the step bar and
// each card fit the viewport (tables and charts scroll inside their card).
import { openTraining, trainAndEvaluate } from '../support/flows.mjs';

const PHONE = { width: 390, height: 844 };

/** What sticks out of the viewport: the page itself, its header and step bar, and every card. */
function overflowing(page) {
  return page.evaluate(() => {
    const width = globalThis.document.documentElement.clientWidth;
    const boxes = ['.pipeline__header', '.step-bar', '.pipeline__screen', 'section.section-card', '.step-screen__actions'];
    const wide = [];
    if (globalThis.document.documentElement.scrollWidth > width) wide.push(`page ${globalThis.document.documentElement.scrollWidth}`);
    for (const selector of boxes) {
      for (const element of globalThis.document.querySelectorAll(selector)) {
        const right = element.getBoundingClientRect().right;
        if (element.scrollWidth > width || right > width + 0.5) {
          const title = element.querySelector('h2, h3')?.textContent ?? '';
          wide.push(`${selector} ${title} (${element.scrollWidth}px, right ${Math.round(right)})`);
        }
      }
    }
    return { width, wide };
  });
}

const scenario = {
  name: 'A phone screen, 390 × 844',
  setup: async (ui) => {
    await ui.page.setViewportSize(PHONE);
    await openTraining(ui);
  },
  checks: (ui) => {
    const { page, shot, expectVisible, expectNoPageErrors } = ui;
    const expectFits = async (screen) => {
      const { width, wide } = await overflowing(page);
      if (width !== PHONE.width) throw new Error(`the viewport is ${width} px wide`);
      if (wide.length > 0) throw new Error(`${screen}: wider than the viewport: ${wide.join('; ')}`);
    };
    const open = async (name, heading) => {
      await page.getByRole('button', { name: new RegExp(`^\\d+ ${name} \\(`) }).click();
      await expectVisible(page.getByRole('heading', { name: heading, exact: true }));
      await page.waitForTimeout(400);
    };
    return [
      [
        'Training fits the phone screen',
        async () => {
          await expectFits('Training');
          await shot('50-phone-training');
        },
      ],
      [
        'Evaluation fits the phone screen, its charts scrolling inside their cards',
        async () => {
          await trainAndEvaluate(ui);
          await page.getByRole('img', { name: 'Accuracy by model', exact: true }).locator('.main-svg').first().waitFor();
          await expectFits('Evaluation');
          await shot('51-phone-evaluation');
        },
      ],
      [
        'every earlier step fits the phone screen',
        async () => {
          const steps = [
            ['Upload', 'Upload your data'],
            ['Analyze', 'Analyze'],
            ['Missing values', 'Missing values'],
            ['Outliers', 'Outliers'],
            ['Encoding', 'Encoding'],
            ['Correlation', 'Correlation'],
            ['Scaling', 'Scaling'],
          ];
          for (const [name, heading] of steps) {
            await open(name, heading);
            if (name === 'Analyze') await expectVisible(page.getByRole('heading', { name: 'Dataset Overview' }));
            await expectFits(name);
            await shot(`52-phone-${name.toLowerCase().replace(/ /g, '-')}`);
          }
          expectNoPageErrors();
        },
      ],
    ];
  },
};

export default scenario;
