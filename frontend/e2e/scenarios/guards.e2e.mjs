// State that stays true and the guard rails: an undo on an earlier step invalidates the later
// ones, a large outlier removal is confirmed first, and going back home is confirmed first.
import { openTraining } from '../support/flows.mjs';

const scenario = {
  name: 'Stale steps and confirmations',
  setup: openTraining,
  checks: (ui) => {
    const { page, shot, expectVisible, section, expectNoPageErrors } = ui;
    const stepButton = (name) => page.getByRole('button', { name: new RegExp(`^\\d+ ${name} \\(`) });
    const expectStatus = async (name, status) => {
      const label = (await stepButton(name).textContent()).replace(/\s+/g, ' ').trim();
      if (!label.endsWith(`(${status})`)) throw new Error(`the step bar says "${label}"`);
    };
    return [
      [
        'an undo on Outliers marks every later step as not completed',
        async () => {
          await expectStatus('Scaling', 'completed');
          await stepButton('Outliers').click();
          await expectVisible(page.getByRole('heading', { name: 'Outliers', exact: true }));
          const undo = page.getByRole('button', { name: 'Undo', exact: true });
          if (await undo.isDisabled()) throw new Error('Undo is disabled although the step has a snapshot');
          await undo.click();
          await expectVisible(page.getByText('Undo completed — step restored.'));
          for (const name of ['Encoding', 'Correlation', 'Scaling', 'Training', 'Evaluation']) {
            await expectStatus(name, 'not started');
            if (!(await stepButton(name).isDisabled())) throw new Error(`${name} can still be opened`);
          }
          await expectStatus('Missing values', 'completed');
          await shot('40-undo-invalidates');
        },
      ],
      [
        'an outlier removal of more than a tenth of the rows says how many go and asks first',
        async () => {
          // the first handling's toast closes by itself; the checks below must not see it
          await page.waitForFunction(
            () =>
              ![...globalThis.document.querySelectorAll('.Toastify__toast')].some((toast) =>
                toast.textContent.startsWith('Outliers handled: '),
              ),
            null,
            { timeout: 15_000 },
          );
          await section('Detection').getByRole('spinbutton', { name: 'Factor' }).fill('0.1');
          const removal = section('Removal');
          const note = removal.getByText(/^Applying removes \d+ rows/);
          await expectVisible(note);
          await page.waitForTimeout(600);
          const removed = Number((await note.textContent()).match(/removes (\d+) rows/)[1]);
          await removal.getByRole('button', { name: 'Handle outliers' }).click();
          const dialog = page.getByRole('dialog', { name: `Remove ${removed} rows?` });
          await expectVisible(dialog);
          await shot('41-outlier-confirmation');
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await dialog.waitFor({ state: 'detached' });
          if ((await page.getByText(/^Outliers handled: /).count()) !== 0) throw new Error('the removal ran although it was cancelled');
          await removal.getByRole('button', { name: 'Handle outliers' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Remove rows' }).click();
          await expectVisible(page.getByText(/^Outliers handled: \d+ rows? remains?\./));
        },
      ],
      [
        'Back to home asks first, naming the file, and stays when that is cancelled',
        async () => {
          await page.getByRole('button', { name: 'Back to home' }).click();
          const dialog = page.getByRole('dialog', { name: 'Leave this session?' });
          await expectVisible(dialog.getByText(/"people\.csv"/));
          await shot('42-back-confirmation');
          await dialog.getByRole('button', { name: 'Stay' }).click();
          await dialog.waitFor({ state: 'detached' });
          await expectVisible(page.getByRole('heading', { name: 'Outliers', exact: true }));
          await page.getByRole('button', { name: 'Back to home' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Clear and go back' }).click();
          await expectVisible(page.getByRole('button', { name: 'Get Started' }));
          expectNoPageErrors();
        },
      ],
    ];
  },
};

export default scenario;
