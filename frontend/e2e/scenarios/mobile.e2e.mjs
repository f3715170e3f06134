// The whole pipeline on a 390 × 844 phone screen: at every step the header, the step bar and
// each card fit the viewport (tables scroll inside their card), every chart's legend and tick
// labels lie inside its card, and the session target's badge is not covered by the language picker.
import { openTraining, trainAndEvaluate } from '../support/flows.mjs';

const PHONE = { width: 390, height: 844 };

/** What sticks out of the viewport (the page itself, its header and step bar, and every card) or is cut (a card's title). */
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
    for (const title of globalThis.document.querySelectorAll('.section-card__title')) {
      if (title.clientWidth === 0 || title.scrollWidth > title.clientWidth)
        wide.push(`title "${title.textContent}" cut to ${title.clientWidth}px`);
    }
    return { width, wide };
  });
}

/** Plotly legends and axis tick labels of open cards that stick out of their card or their chart. */
function chartLabelsOutside(page) {
  return page.evaluate(() => {
    const outside = [];
    const inside = (box, frame) =>
      box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5 && box.top >= frame.top - 0.5 && box.bottom <= frame.bottom + 0.5;
    for (const card of globalThis.document.querySelectorAll('section.section-card.section-card--open')) {
      const cardBox = card.getBoundingClientRect();
      const title = card.querySelector('h2')?.textContent ?? '';
      for (const chart of card.querySelectorAll('figure.chart')) {
        const chartBox = chart.getBoundingClientRect();
        for (const label of chart.querySelectorAll('.legend, .xtick text, .ytick text')) {
          const box = label.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) continue;
          if (!inside(box, cardBox) || !inside(box, chartBox)) {
            const name = label.classList.contains('legend') ? 'legend' : `tick "${label.textContent}"`;
            outside.push(
              `${title} · ${chart.getAttribute('aria-label')}: ${name} (${Math.round(box.left)}–${Math.round(box.right)} of ${Math.round(chartBox.left)}–${Math.round(chartBox.right)})`,
            );
          }
        }
      }
    }
    return outside;
  });
}

/** What covers the session target's badge, tapped at its centre and 4 px from each end ('nothing' when it is on top). */
function badgeCover(page) {
  return page.evaluate(() => {
    const badge = globalThis.document.querySelector('.pipeline__target');
    if (badge === null) return 'no badge';
    const box = badge.getBoundingClientRect();
    const middle = box.top + box.height / 2;
    for (const x of [box.left + 4, box.left + box.width / 2, box.right - 4]) {
      const hit = globalThis.document.elementFromPoint(x, middle);
      if (hit === null || !badge.contains(hit)) return `covered at ${Math.round(x)} px by ${hit?.className ?? 'nothing'}`;
    }
    return 'nothing';
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
    const expectChartsFit = async (screen) => {
      const outside = await chartLabelsOutside(page);
      if (outside.length > 0) throw new Error(`${screen}: chart labels outside their card: ${outside.join('; ')}`);
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
          await expectChartsFit('Evaluation');
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
            if (name === 'Analyze') {
              await expectVisible(page.getByRole('heading', { name: 'Dataset Overview' }));
              await ui.chart('Association of each feature with score');
              const cover = await badgeCover(page);
              if (cover !== 'nothing') throw new Error(`Analyze: the target badge is ${cover}`);
              await expectChartsFit(name);
            }
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
