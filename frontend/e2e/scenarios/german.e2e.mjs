// Numbers in German: metrics on Evaluation and the overview on Analyze written with a decimal
// comma once the language is switched, and the evaluation step named one way.
import { chooseLanguage, openTraining, trainAndEvaluate } from '../support/flows.mjs';

const scenario = {
  name: 'German number formats',
  setup: async (ui) => {
    await openTraining(ui);
    await trainAndEvaluate(ui);
  },
  checks: (ui) => {
    const { page, shot, expectVisible, card, expectNoPageErrors } = ui;
    return [
      [
        'Evaluation writes its metrics with a decimal comma, and the bar and heading both say Auswertung',
        async () => {
          await chooseLanguage(ui, 'de');
          await expectVisible(page.getByRole('heading', { name: 'Auswertung', exact: true }));
          await expectVisible(page.getByRole('button', { name: /^9 Auswertung / }));
          const metrics = page.getByRole('article', { name: 'LogisticRegression' });
          const accuracy = metrics.locator('.model-metrics__item').filter({ has: page.locator('dt', { hasText: /^Genauigkeit$/ }) });
          const value = (await accuracy.locator('.model-metrics__value').textContent()).trim();
          if (!/^\d,\d{4}$/.test(value)) throw new Error(`accuracy shows "${value}" in German`);
          await shot('60-german-evaluation');
        },
      ],
      [
        'Analyze writes the memory size with a decimal comma and the preview floats with commas',
        async () => {
          await page.getByRole('button', { name: /^2 Analyse / }).click();
          await expectVisible(page.getByRole('heading', { name: 'Datensatzübersicht' }));
          const memory = (await card('Speicher').textContent()).trim();
          if (!/^\d+,\d{2} MB$/.test(memory)) throw new Error(`memory shows "${memory}" in German`);
          const cells = await page.locator('tbody tr:first-child td').allTextContents();
          if (cells.some((text) => /^-?\d+\.\d+$/.test(text)))
            throw new Error(`a preview number has a decimal point: ${cells.join(' | ')}`);
          if (!cells.some((text) => /^-?\d+,\d+$/.test(text)))
            throw new Error(`no preview number has a decimal comma: ${cells.join(' | ')}`);
          await shot('61-german-analyze');
          await chooseLanguage(ui, 'en', 'Sprache');
          expectNoPageErrors();
        },
      ],
    ];
  },
};

export default scenario;
