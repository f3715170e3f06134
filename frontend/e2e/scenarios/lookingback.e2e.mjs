// Looking is never changing: after training, a walk through the earlier steps leaves
// Evaluation and Optimization as they were, also after a reload, and an undo that would
// discard the models asks first.
import { openTraining, trainAndEvaluate } from '../support/flows.mjs';

const scenario = {
  name: 'Looking back after training',
  setup: openTraining,
  checks: (ui) => {
    const { page, shot, expectVisible, expectNoPageErrors } = ui;
    const stepButton = (name) => page.getByRole('button', { name: new RegExp(`^\\d+ ${name} \\(`) });
    const heading = (name) => page.getByRole('heading', { name, exact: true, level: 1 });
    const metrics = () => page.getByRole('article', { name: 'LogisticRegression' }).locator('.model-metrics__item').first();
    const expectOpen = async (...names) => {
      for (const name of names) {
        if (await stepButton(name).isDisabled()) throw new Error(`${name} can no longer be opened`);
      }
    };
    return [
      [
        'trains, then opens Optimization',
        async () => {
          await trainAndEvaluate(ui);
          await page.getByRole('button', { name: 'Continue to Optimization' }).click();
          await expectVisible(heading('Optimization'));
        },
      ],
      [
        'a visit to steps 2 to 7 leaves Evaluation and Optimization open, with their results',
        async () => {
          for (const name of ['Analyze', 'Missing values', 'Outliers', 'Encoding', 'Correlation', 'Scaling']) {
            await stepButton(name).click();
            await expectVisible(heading(name));
            await expectOpen('Evaluation', 'Optimization');
          }
          await stepButton('Evaluation').click();
          await expectVisible(metrics());
          await stepButton('Optimization').click();
          await expectVisible(page.getByRole('button', { name: 'Optimize model' }));
          await stepButton('Evaluation').click();
          await expectVisible(metrics());
        },
      ],
      [
        'a reload at Evaluation shows its metrics again, without a "Model evaluation completed" toast',
        async () => {
          await page.reload();
          await expectVisible(metrics());
          await page.waitForTimeout(500);
          if ((await page.locator('.Toastify').getByText('Model evaluation completed').count()) !== 0) {
            throw new Error('the reload announced the evaluation again');
          }
          await expectOpen('Evaluation', 'Optimization');
          await shot('45-evaluation-after-reload');
        },
      ],
      [
        'an undo on Encoding asks first, naming the models, and Cancel keeps every result',
        async () => {
          await stepButton('Encoding').click();
          await expectVisible(heading('Encoding'));
          await page.getByRole('button', { name: 'Undo', exact: true }).click();
          const dialog = page.getByRole('dialog', { name: 'Discard the trained models?' });
          await expectVisible(dialog.getByText(/LogisticRegression, RandomForestClassifier/));
          await shot('46-discard-confirmation');
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
          if ((await page.getByText('Undo completed — step restored.').count()) !== 0)
            throw new Error('the undo ran although it was cancelled');
          await expectOpen('Evaluation', 'Optimization');
          await stepButton('Evaluation').click();
          await expectVisible(metrics());
          expectNoPageErrors();
        },
      ],
    ];
  },
};

export default scenario;
