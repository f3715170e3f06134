// Keep the best: two searches on one model, the better stays the optimized model until the
// person picks the other; the history records each run's method, settings, score and time, an
// edited search space is searched and recorded, and Evaluation shows the optimized model's
// held-out row beside its untuned self.
import { openTraining, trainAndEvaluate } from '../support/flows.mjs';

const MODEL = 'RandomForestClassifier';

const scenario = {
  name: 'Optimization keeps the best run',
  setup: openTraining,
  checks: (ui) => {
    const { page, shot, section, expectVisible, expectDownload, expectNoPageErrors } = ui;
    const settings = () => section('Optimization settings');
    const result = () => section(`Optimized ${MODEL}`);
    const runRows = () => page.getByRole('table', { name: `Search runs of ${MODEL}` }).locator('tbody tr');
    const cells = async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    /** The history's rows, newest first: run, method and settings, score, space, finished, in use. */
    const history = async () => Promise.all((await runRows().all()).map(cells));
    const percent = (text) => Number(text.replace('%', ''));
    let pickedScore = '';
    const optimize = async (run) => {
      await page.getByRole('button', { name: 'Optimize model' }).click();
      await runRows()
        .nth(run - 1)
        .waitFor();
    };
    return [
      [
        'trains two classifiers and opens Optimization',
        async () => {
          await trainAndEvaluate(ui);
          await page.getByRole('button', { name: 'Continue to Optimization' }).click();
          await expectVisible(page.getByRole('heading', { name: 'Optimization', exact: true }));
        },
      ],
      [
        'search A, a random search of 3 sets on 2 folds, becomes the optimized model',
        async () => {
          await settings().getByRole('combobox', { name: 'Model', exact: true }).selectOption(MODEL);
          await settings().getByRole('combobox', { name: 'Method' }).selectOption('random_search');
          await settings().getByRole('spinbutton', { name: 'Iterations' }).fill('3');
          await settings().getByRole('spinbutton', { name: 'CV folds' }).fill('2');
          await optimize(1);
          const [first] = await history();
          if (first[5] !== 'In use') throw new Error(`run 1 is not in use: ${first}`);
        },
      ],
      [
        'search B on a narrowed range scores lower, is kept with its range and is not applied',
        async () => {
          // a forest of 50 to 52 trees, where search A chose 120
          await settings().getByRole('spinbutton', { name: 'n_estimators from' }).fill('50');
          const to = settings().getByRole('spinbutton', { name: 'n_estimators to' });
          await to.fill('52');
          await to.blur();
          await optimize(2);
          await expectVisible(result().getByText('Run 2 scored below run 1 in Accuracy and was not applied: run 1 stays in use.'));
          const [second, first] = await history();
          for (const [run, row] of [
            ['1', first],
            ['2', second],
          ]) {
            if (row[0] !== run || row[1] !== 'Random search Iterations: 3 · CV folds: 2' || !/^\d{1,3}\.\d\d%$/.test(row[2])) {
              throw new Error(`run ${run} reads ${JSON.stringify(row)}`);
            }
            if (!/\d/.test(row[4])) throw new Error(`run ${run} finished "${row[4]}"`);
          }
          if (!(percent(second[2]) < percent(first[2]))) throw new Error(`run 2 scored ${second[2]}, run 1 ${first[2]}`);
          // the edited range is what run B searched, recorded beside run A's full one
          const rest = 'max_depth: None, 5, 10, 20, 40; min_samples_split: 2–10; max_features: sqrt, log2, None';
          if (second[3] !== `n_estimators: 50–52; ${rest}`) throw new Error(`run 2 searched ${second[3]}`);
          if (first[3] !== `n_estimators: 50–300; ${rest}`) throw new Error(`run 1 searched ${first[3]}`);
          if (first[5] !== 'In use' || second[5] !== 'Use run 2') throw new Error(`in use: ${first[5]}, ${second[5]}`);
          await shot('47-optimization-history');
        },
      ],
      [
        'picking run B makes it the optimized model that exports',
        async () => {
          const [second] = await history();
          await result().getByRole('button', { name: 'Use run 2' }).click();
          await expectVisible(runRows().first().getByText('In use', { exact: true }));
          const [picked, first] = await history();
          if (picked[5] !== 'In use' || first[5] !== 'Use run 1') throw new Error(`in use: ${picked[5]}, ${first[5]}`);
          const best = await result().locator('.stat-card').filter({ hasText: 'Best score' }).locator('dd').first().textContent();
          if (best.trim() !== second[2]) throw new Error(`the optimized model scores ${best}, run 2 ${second[2]}`);
          pickedScore = second[2];
          await page.getByRole('button', { name: 'Export model' }).click();
          const dialog = page.getByRole('dialog', { name: 'Export model' });
          if ((await dialog.getByRole('combobox', { name: 'Model', exact: true }).inputValue()) !== `${MODEL}:optimized`) {
            throw new Error('the export does not start at the optimized model');
          }
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            dialog.getByRole('button', { name: 'Export', exact: true }).click(),
          ]);
          await expectDownload(download, `${MODEL}_optimized.joblib`);
          await dialog.waitFor({ state: 'detached' });
          const kept = await page.evaluate(() => fetch('/api/optimization-result/').then((response) => response.json()));
          if (kept.models[0].picked_run !== 2) throw new Error(`the server exports run ${kept.models[0].picked_run}`);
          // the pick is the server's: a reload shows run 2 in use
          await page.reload();
          await expectVisible(runRows().first().getByText('In use', { exact: true }));
        },
      ],
      [
        "Evaluation shows the optimized model's held-out row beside its untuned self",
        async () => {
          await page.getByRole('button', { name: /^9 Evaluation \(/ }).click();
          const optimized = page.getByRole('article', { name: `${MODEL} (optimized)` });
          await expectVisible(optimized.locator('.model-metrics__item').first());
          const names = await page
            .getByRole('article')
            .evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
          const own = names.indexOf(MODEL);
          if (own < 0 || names[own + 1] !== `${MODEL} (optimized)`) throw new Error(`Evaluation lists ${names.join(', ')}`);
          // its accuracy is run B's held-out score, as Evaluation writes it
          await expectVisible(optimized.getByText((percent(pickedScore) / 100).toFixed(4), { exact: true }));
          await shot('48-evaluation-optimized-row');
          expectNoPageErrors();
        },
      ],
    ];
  },
};

export default scenario;
