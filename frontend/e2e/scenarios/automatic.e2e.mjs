// "Prepare automatically": from a target chosen on Analyze, steps 3–7 are recorded at once and
// Training opens; step 3 says what was dropped and filled and why, step 5 what was encoded, an
// undo on step 5 takes its choices away, and a model still trains.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts } from '../support/server.mjs';

const ROWS = 80;
// more towns than the automatic recipe one-hot encodes (20), so town is target-encoded
const TOWNS = [
  'Oslo',
  'Bergen',
  'Tromsø',
  'Bodø',
  'Molde',
  'Ålesund',
  'Hamar',
  'Skien',
  'Narvik',
  'Alta',
  'Harstad',
  'Larvik',
  'Kongsberg',
  'Lillehammer',
  'Gjøvik',
  'Halden',
  'Sarpsborg',
  'Moss',
  'Drammen',
  'Arendal',
  'Grimstad',
  'Mandal',
  'Steinkjer',
  'Namsos',
];
const PLANS = ['basic', 'plus', 'pro'];

/** An id numbering the rows, a constant country, income missing in 1 row of 5, text, a date and a yes/no target. */
function customersFile() {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const income = i % 5 === 0 ? '' : String(30_000 + ((i * 7919) % 50_000));
    const day = String((i % 28) + 1).padStart(2, '0');
    const churned = (i * 37) % 10 < 4 ? 'yes' : 'no';
    return [1001 + i, 'NO', income, PLANS[i % 3], TOWNS[i % TOWNS.length], `2023-${String((i % 12) + 1).padStart(2, '0')}-${day}`, churned];
  });
  const path = join(artifacts, 'automatic-customers.csv');
  const lines = ['customer_id,country,income,plan,town,signup,churned', ...rows.map((row) => row.join(','))];
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const scenario = {
  name: 'Prepare automatically',
  checks: (ui) => {
    const { page, url, shot, expectVisible, section, expectNoPageErrors } = ui;
    const chosen = () => section('Chosen automatically');
    const lines = () => chosen().getByRole('listitem').allTextContents();
    const expectLines = async (expected) => {
      await expectVisible(chosen().getByRole('listitem'));
      const shown = await lines();
      for (const line of expected) if (!shown.includes(line)) throw new Error(`"${line}" is not among: ${shown.join(' | ')}`);
    };
    return [
      [
        'Prepare automatically is on once a target is chosen, and opens Training with steps 3–7 done',
        async () => {
          await page.goto(url);
          await page.getByRole('button', { name: 'Get Started' }).click();
          await page.locator('input[type="file"]').setInputFiles(customersFile());
          await expectVisible(page.getByRole('heading', { name: 'Dataset Overview' }));
          const prepare = page.getByRole('button', { name: 'Prepare automatically' });
          if (await prepare.isEnabled()) throw new Error('Prepare automatically is on without a target');
          await page.getByRole('combobox', { name: 'Target column' }).selectOption('churned');
          await expectVisible(page.getByText(/Records steps 3–7 chosen from the data for churned/));
          await prepare.click();
          await expectVisible(page.getByText('Steps 3–7 prepared automatically.'));
          await expectVisible(page.getByRole('heading', { name: 'Training', exact: true }));
          for (const name of ['3 Missing values', '4 Outliers', '5 Encoding', '6 Correlation', '7 Scaling']) {
            await expectVisible(page.getByRole('button', { name: `${name} (completed)` }));
          }
        },
      ],
      [
        'step 3 lists each drop and fill with its reason',
        async () => {
          await page.getByRole('button', { name: '3 Missing values (completed)' }).click();
          await expectVisible(page.getByRole('heading', { name: 'Missing values', exact: true }));
          await expectLines([
            'customer_id — dropped: a different value in almost every row',
            'country — dropped: the same value in every row',
            'income — median; 20.0% missing, so a 0/1 column marks the gaps',
            'plan — most frequent value for gaps in later files; none missing here',
          ]);
          await shot('90-automatic-missing');
        },
      ],
      [
        'step 4 says why no row was removed',
        async () => {
          await page.getByRole('button', { name: '4 Outliers (completed)' }).click();
          await expectVisible(chosen().getByText(/rows are never removed unseen/));
        },
      ],
      [
        'step 5 lists the encodings, and its undo takes them away',
        async () => {
          await page.getByRole('button', { name: '5 Encoding (completed)' }).click();
          await expectLines(['plan — one-hot encoding: 3 levels', 'town — target encoding: 24 levels']);
          await shot('91-automatic-encoding');
          await page.getByRole('button', { name: 'Undo', exact: true }).click();
          await expectVisible(page.getByText('Undo completed — step restored.'));
          await chosen().waitFor({ state: 'detached' });
          await ui.header('town').waitFor({ state: 'visible' });
        },
      ],
      [
        'encoded again by hand, a model trains on what was prepared',
        async () => {
          await section('Global settings').getByRole('button', { name: 'Apply global settings' }).click();
          await expectVisible(page.getByText('Global encoding applied.'));
          await page.getByRole('button', { name: 'Continue to Correlation' }).click();
          await page.getByRole('button', { name: 'Continue to Scaling' }).click();
          await expectVisible(chosen().getByText(/standardizes them at its own input/));
          await page.getByRole('button', { name: 'Continue to Training' }).click();
          await expectVisible(page.getByRole('heading', { name: 'Training', exact: true }));
          await page.getByRole('button', { name: 'Train models' }).click();
          await expectVisible(page.getByRole('heading', { name: 'Evaluation', exact: true }));
          await expectVisible(page.getByRole('article', { name: 'LogisticRegression' }).locator('.model-metrics__item').first());
          expectNoPageErrors();
        },
      ],
    ];
  },
};

export default scenario;
