// Training two classifiers on the member column, their evaluation with its summary, metrics,
// charts and explanations, then optimizing a model, exporting it as joblib and ONNX, its usage
// code, and predictions on a new file, explained; from the data steps 3 to 7 leave, which
// Training offers for download.
import { readFileSync } from 'node:fs';
import { openTraining } from '../support/flows.mjs';
import { COLUMNS, PREDICT_ROWS, ROWS } from '../support/server.mjs';

const scenario = {
  name: 'Training, evaluation and optimization',
  setup: openTraining,
  checks: (ui) => {
    const {
      page,
      files,
      shot,
      expectVisible,
      chart,
      card,
      expectCard,
      section,
      expectDownload,
      expectChartText,
      expectNoPageErrors,
      holdNext,
    } = ui;
    return [
      [
        'Download data on Training returns every row of the scaled frame, as CSV and as Parquet',
        async () => {
          await expectVisible(page.getByRole('heading', { name: 'Training', exact: true }));
          const rows = Number((await card('Samples').textContent()).replace(/\D/g, ''));
          if (rows !== ROWS) throw new Error(`Training shows ${rows} samples`);
          const download = page.getByRole('group', { name: 'Download data' });
          if ((await download.count()) !== 1) throw new Error(`${await download.count()} Download data controls on the screen`);
          const csv = download.getByRole('link', { name: 'Download data as CSV' });
          const fetched = await csv.evaluate(async (link) => {
            const response = await fetch(link.href);
            const text = await response.text();
            return { status: response.status, name: response.headers.get('content-disposition'), lines: text.trim().split(/\r?\n/) };
          });
          if (fetched.status !== 200) throw new Error(`the CSV download answered ${fetched.status}`);
          if (fetched.lines.length - 1 !== rows) throw new Error(`the CSV has ${fetched.lines.length - 1} rows, the screen shows ${rows}`);
          if (!fetched.name?.includes('people_scale.csv')) throw new Error(`the CSV is named by "${fetched.name}"`);
          if (fetched.lines[0].split(',').includes('joined')) throw new Error(`the CSV has the dropped column: ${fetched.lines[0]}`);
          await csv.focus();
          const [parquet] = await Promise.all([
            page.waitForEvent('download'),
            page.keyboard.press('Tab').then(() => page.keyboard.press('Enter')),
          ]);
          await expectDownload(parquet, 'people_scale.parquet');
          const magic = readFileSync(await parquet.path())
            .subarray(0, 4)
            .toString('latin1');
          if (magic !== 'PAR1') throw new Error(`the Parquet file starts with "${magic}"`);
          await expectVisible(page.getByRole('heading', { name: 'Training', exact: true }));
        },
      ],
      [
        'Training follows the problem type, then trains two classifiers with a progress bar',
        async () => {
          await expectVisible(page.getByRole('heading', { name: 'Training', exact: true }));
          const models = page.getByRole('group', { name: 'Model selection' });
          const checkedModels = async () => {
            const names = [];
            for (const box of await models.getByRole('checkbox').all()) {
              if (await box.isChecked()) names.push(await box.evaluate((input) => input.labels[0].textContent));
            }
            return names.join();
          };
          // the session target, score, holds 120 distinct numbers: the detected type is regression
          await expectVisible(page.getByText('Set to Regression from the values of “score” (120 distinct). You can change it.'));
          if ((await checkedModels()) !== 'LinearRegression,RandomForestRegressor') {
            throw new Error(`default models: ${await checkedModels()}`);
          }
          const problemType = page.getByRole('combobox', { name: 'Problem type' });
          await problemType.selectOption('clustering');
          await page.getByRole('combobox', { name: 'Target column' }).waitFor({ state: 'detached' });
          if ((await checkedModels()) !== 'KMeans,DBSCAN') throw new Error(`clustering models: ${await checkedModels()}`);
          await problemType.selectOption('classification');
          const target = page.getByRole('combobox', { name: 'Target column' });
          if ((await target.inputValue()) !== '') throw new Error('switching to clustering did not clear the target');
          await expectVisible(page.getByText('Please select a target column.'));
          const train = page.getByRole('button', { name: 'Train models' });
          if (!(await train.isDisabled())) throw new Error('Train is enabled without a target');
          await target.selectOption('member');
          await expectCard('Samples', String(ROWS));
          await expectCard('Models selected', '2');

          const progressCalls = [];
          const listen = (request) => {
            if (new URL(request.url()).pathname === '/api/progress/') progressCalls.push(request.url());
          };
          page.on('request', listen);
          const release = await holdNext('/api/train-models/');
          await train.click();
          await expectVisible(page.getByRole('progressbar', { name: 'Training in progress' }));
          await page.waitForTimeout(900);
          await shot('24-training-progress');
          release();
          await expectVisible(page.getByText('Training completed successfully'));
          page.off('request', listen);
          if (progressCalls.length === 0) throw new Error('the progress was never read while training');
          await expectVisible(page.getByRole('button', { name: '8 Training (completed)' }));
          await expectVisible(page.getByRole('button', { name: '9 Evaluation (current step)' }));
        },
      ],
      [
        'Evaluation loads on its own: summary, metrics to 4 decimals, comparison, confusion matrix, ROC/PR and importance',
        async () => {
          await expectVisible(page.getByRole('heading', { name: 'Evaluation', exact: true }));
          await expectVisible(page.getByText('Model evaluation completed'));
          await expectCard('Models trained', '2');
          await expectCard('Problem type', 'Classification');
          await expectCard('Primary metric', 'Accuracy');
          const best = (await card('Best model').textContent()).trim();
          if (!['LogisticRegression', 'RandomForestClassifier'].includes(best)) throw new Error(`best model: ${best}`);
          const comparison = await chart('Accuracy by model');
          await expectChartText(comparison, 'LogisticRegr');
          for (const model of ['LogisticRegression', 'RandomForestClassifier']) {
            const metrics = page.getByRole('article', { name: model });
            const accuracy = metrics.locator('.model-metrics__item').filter({ has: page.locator('dt', { hasText: /^Accuracy$/ }) });
            const value = (await accuracy.locator('.model-metrics__value').textContent()).trim();
            if (!/^\d\.\d{4}$/.test(value)) throw new Error(`${model} accuracy shows "${value}"`);
            const tone = await accuracy.getAttribute('class');
            const expected = Number(value) >= 0.8 ? 'good' : Number(value) >= 0.6 ? 'fair' : 'poor';
            if (!tone.includes(`model-metrics__item--${expected}`)) throw new Error(`${model} accuracy ${value} is coloured ${tone}`);
          }
          const matrix = page.getByRole('table', { name: 'Confusion matrix' });
          await expectVisible(matrix);
          const total = (await matrix.locator('td').allTextContents()).reduce((sum, text) => sum + Number(text), 0);
          if (total !== ROWS * 0.2) throw new Error(`the confusion matrix counts ${total} test rows`);
          await chart(`ROC curve of ${best}`);
          await chart(`Precision–recall curve of ${best}`);
          const importance = await chart(`Feature importance of ${best}`);
          await expectChartText(importance, 'income');
          const explanations = section('Explanations');
          const fact = async (label) =>
            (
              await explanations
                .locator('.stat-card')
                .filter({ has: page.locator('dt', { hasText: label }) })
                .locator('dd')
                .first()
                .textContent()
            ).trim();
          const method = { LogisticRegression: 'SHAP LinearExplainer', RandomForestClassifier: 'SHAP TreeExplainer (exact)' }[best];
          if ((await fact('Method')) !== method) throw new Error(`${best} is explained by "${await fact('Method')}"`);
          if (!/^\d+ of \d+ held-out rows$/.test(await fact('Rows explained')))
            throw new Error(`rows explained: "${await fact('Rows explained')}"`);
          if ((await fact('Explained class')) !== 'true') throw new Error(`explained class: "${await fact('Explained class')}"`);
          const summary = await chart(`Mean absolute contribution by column of ${best}`);
          await expectChartText(summary, 'income');
          const beeswarm = await chart(`Contribution per explained row of ${best}`);
          if ((await beeswarm.locator('.point').count()) === 0) throw new Error('the beeswarm draws no points');
          await summary.scrollIntoViewIfNeeded();
          await shot('25-evaluation');
          const other = best === 'LogisticRegression' ? 'RandomForestClassifier' : 'LogisticRegression';
          await section('Model charts').getByRole('combobox', { name: 'Model', exact: true }).selectOption(other);
          await chart(`ROC curve of ${other}`);
          await page.getByRole('button', { name: 'Continue to Optimization' }).click();
          await expectVisible(page.getByRole('button', { name: '10 Optimization (current step)' }));
          expectNoPageErrors();
        },
      ],
      [
        'Optimization asks for a model, keeps folds at 2 or more, and shows what random search tries',
        async () => {
          await expectVisible(page.getByRole('heading', { name: 'Optimization', exact: true }));
          const settings = section('Optimization settings');
          await page.getByRole('button', { name: 'Optimize model' }).click();
          await expectVisible(page.getByText('Please select a model to optimize.'));
          await settings.getByRole('combobox', { name: 'Model', exact: true }).selectOption('LogisticRegression');
          await expectVisible(settings.locator('.search-space__param dt', { hasText: 'C' }));
          if ((await settings.getByRole('spinbutton', { name: 'Iterations' }).count()) !== 0) {
            throw new Error('grid search asks for iterations');
          }
          await settings.getByRole('combobox', { name: 'Method' }).selectOption('random_search');
          await settings.getByRole('spinbutton', { name: 'Iterations' }).fill('3');
          const folds = settings.getByRole('spinbutton', { name: 'CV folds' });
          await folds.fill('1');
          await folds.blur();
          if ((await folds.inputValue()) !== '2') throw new Error(`CV folds 1 became ${await folds.inputValue()}`);
          // random search draws C from an editable range, the catalogue's 0.001 to 1000 on a log scale
          const from = settings.getByRole('spinbutton', { name: 'C from' });
          const to = settings.getByRole('spinbutton', { name: 'C to' });
          await expectVisible(from);
          if ((await from.inputValue()) !== '0.001' || (await to.inputValue()) !== '1000') {
            throw new Error(`C's range: ${await from.inputValue()} to ${await to.inputValue()}`);
          }
          await expectVisible(settings.getByText('log scale', { exact: true }));
        },
      ],
      [
        'optimizing shows a progress bar, then the best and baseline scores, the improvement and the best parameters',
        async () => {
          const release = await holdNext('/api/optimize-model/');
          const requests = [];
          const listen = (request) => {
            if (new URL(request.url()).pathname === '/api/optimize-model/') requests.push(request.postDataJSON());
          };
          page.on('request', listen);
          await page.getByRole('button', { name: 'Optimize model' }).click();
          await expectVisible(page.getByRole('progressbar', { name: 'Optimization in progress' }));
          release();
          // the search keeps the model's own settings when no searched set scores above them
          await expectVisible(page.getByText(/^Optimization of LogisticRegression completed/).first());
          page.off('request', listen);
          const sent = JSON.stringify(requests[0]);
          if (
            sent !==
            JSON.stringify({ selected_model: 'LogisticRegression', optimization_method: 'random_search', cv_folds: 2, n_iterations: 3 })
          ) {
            throw new Error(`optimization request: ${sent}`);
          }
          const result = section('Optimized LogisticRegression');
          await expectVisible(result);
          const value = async (label) =>
            (
              await result
                .locator('.stat-card')
                .filter({ has: page.locator('dt', { hasText: label }) })
                .locator('dd')
                .first()
                .textContent()
            ).trim();
          for (const label of ['Best score', 'Baseline score']) {
            if (!/^\d{1,3}\.\d\d%$/.test(await value(label))) throw new Error(`${label} shows "${await value(label)}"`);
          }
          if (!/^([+-]\d+\.\d\d%|0\.00%)$/.test(await value('Improvement')))
            throw new Error(`Improvement shows "${await value('Improvement')}"`);
          const searchedBest = result.getByLabel('Best parameters').locator('dt', { hasText: 'C' });
          const keptSettings = result.getByText("No searched setting scored above the model's own settings, so those are kept.");
          await expectVisible(searchedBest.or(keptSettings));
          await expectVisible(page.getByRole('button', { name: '9 Evaluation (completed)' }));
          await expectVisible(page.getByRole('button', { name: '10 Optimization (current step)' }));
          await shot('26-optimization');
        },
      ],
      [
        'the optimized model exports as joblib under its name, and the usage code loads that file',
        async () => {
          await page.getByRole('button', { name: 'Export model' }).click();
          const dialog = page.getByRole('dialog', { name: 'Export model' });
          await expectVisible(dialog);
          if ((await dialog.getByRole('combobox', { name: 'Model', exact: true }).inputValue()) !== 'LogisticRegression:optimized') {
            throw new Error('the export does not start at the optimized model');
          }
          if ((await dialog.getByRole('textbox', { name: 'Model name' }).inputValue()) !== 'LogisticRegression_optimized') {
            throw new Error('the model name is not the default');
          }
          await shot('27-export-dialog');
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            dialog.getByRole('button', { name: 'Export', exact: true }).click(),
          ]);
          await expectDownload(download, 'LogisticRegression_optimized.joblib');
          await expectVisible(page.getByText('Model downloaded.'));
          await dialog.waitFor({ state: 'detached' });

          await page.getByRole('button', { name: 'Usage code' }).click();
          const usage = page.getByRole('dialog', { name: 'Usage code' });
          await expectVisible(usage.getByText('joblib.load("LogisticRegression_optimized.joblib")', { exact: false }));
          await usage.getByRole('button', { name: 'Copy code' }).click();
          await expectVisible(page.getByText(/^(Code copied\.|Copying is not available here)/));
          await shot('28-usage-code');
          await page.keyboard.press('Escape');
          await usage.waitFor({ state: 'detached' });
        },
      ],
      [
        'predicting a new CSV downloads its rows with a prediction column',
        async () => {
          const predict = section('Predict on new data');
          if ((await predict.getByRole('combobox', { name: 'Model', exact: true }).inputValue()) !== 'LogisticRegression:optimized') {
            throw new Error('the prediction does not start at the optimized model');
          }
          await predict.locator('input[type="file"]').setInputFiles(files.newRows);
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            predict.getByRole('button', { name: 'Predict and download' }).click(),
          ]);
          const path = await expectDownload(download, 'new_people_predictions.csv');
          const lines = readFileSync(path, 'utf8').trim().split(/\r?\n/);
          const header = lines[0].split(',');
          if (!header.includes('prediction')) throw new Error(`the predictions have no prediction column: ${lines[0]}`);
          if (lines.length - 1 !== PREDICT_ROWS) throw new Error(`${lines.length - 1} predicted rows for ${PREDICT_ROWS}`);
          await expectVisible(page.getByText('Predictions downloaded.'));
          await shot('29-predicted');
        },
      ],
      [
        'predicting with "Explain each prediction" adds the columns that contributed most to each row',
        async () => {
          const predict = section('Predict on new data');
          await predict.getByRole('checkbox', { name: 'Explain each prediction' }).check();
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            predict.getByRole('button', { name: 'Predict and download' }).click(),
          ]);
          const lines = readFileSync(await expectDownload(download, 'new_people_predictions.csv'), 'utf8')
            .trim()
            .split(/\r?\n/);
          const header = lines[0].split(',');
          for (const column of ['top_1_column', 'top_1_contribution', 'top_3_column']) {
            if (!header.includes(column)) throw new Error(`the explained predictions have no ${column}: ${lines[0]}`);
          }
          if (lines.length - 1 !== PREDICT_ROWS) throw new Error(`${lines.length - 1} explained rows for ${PREDICT_ROWS}`);
          const top = header.indexOf('top_1_column');
          const named = lines.slice(1).map((line) => line.split(',')[top].replace(/^"(.*)"$/, '$1'));
          if (!named.every((column) => COLUMNS.includes(column))) throw new Error(`top columns: ${named.join(' ')}`);
        },
      ],
      [
        'the optimized model exports as ONNX',
        async () => {
          // close the toasts still shown, so an error toast can only be this export's
          for (const close of await page.locator('.Toastify__close-button').all()) await close.click().catch(() => undefined);
          await page.locator('.Toastify__toast').first().waitFor({ state: 'detached' });
          await page.getByRole('button', { name: 'Export model' }).click();
          const dialog = page.getByRole('dialog', { name: 'Export model' });
          await dialog.getByRole('combobox', { name: 'Format' }).selectOption('onnx');
          await expectVisible(dialog.getByText('ONNX export may fail for some models; joblib or pkl is suggested.'));
          // either the file arrives or an error toast says why not
          const failure = page.locator('.Toastify__toast--error').first();
          const downloaded = page.waitForEvent('download').then(
            (download) => ({ download }),
            () => ({ error: 'no download' }),
          );
          const refused = failure.waitFor({ state: 'visible' }).then(
            async () => ({ error: await failure.textContent() }),
            () => new Promise(() => undefined),
          );
          await dialog.getByRole('button', { name: 'Export', exact: true }).click();
          const outcome = await Promise.race([downloaded, refused]);
          if (outcome.error !== undefined) throw new Error(`ONNX export failed: ${outcome.error}`);
          await expectDownload(outcome.download, 'LogisticRegression_optimized.onnx');
          await expectVisible(page.getByText('Model downloaded.'));
          expectNoPageErrors();
        },
      ],
    ];
  },
};

export default scenario;
