// Missing values, the live outlier summary and removal, encoding, correlated pairs and a drop,
// an undo, and scaling, from the analyzed file with score as its target.
import { dropColumn, fillMissingGlobally, openMissingValues } from '../support/flows.mjs';
import { COLUMNS, ROWS } from '../support/server.mjs';

const scenario = {
  name: 'Steps 3 to 7',
  setup: openMissingValues,
  checks: (ui) => {
    const { page, shot, expectVisible, header, chart, card, expectCard, firstRow, section, expectChartText, expectNoPageErrors } = ui;
    return [
      [
        'Missing Values shows its summary and chart, and offers only incomplete columns per column',
        async () => {
          await expectVisible(page.getByRole('heading', { name: 'Missing values', exact: true }));
          const missing = Number((await card('Total missing values').textContent()).replace(/\D/g, ''));
          if (!(missing > 0)) throw new Error(`total missing values is ${missing}`);
          const figure = await chart('Missing values by column');
          await expectChartText(figure, 'income');
          const columnsCard = section('Column-specific settings');
          await columnsCard.getByRole('button', { name: 'Add column' }).click();
          const choices = await columnsCard.getByRole('combobox', { name: 'Column' }).locator('option').allTextContents();
          if (choices.join() !== 'age,income,city') throw new Error(`column choices: ${choices.join()}`);
          await columnsCard.getByRole('combobox', { name: 'Column' }).selectOption('city');
          await columnsCard.getByRole('combobox', { name: 'Strategy' }).selectOption({ label: 'Constant value' });
          await expectVisible(columnsCard.getByRole('textbox', { name: 'Fill value' }));
          await shot('13-missing-values');
          await columnsCard.getByRole('button', { name: 'Remove the setting for city' }).click();
        },
      ],
      [
        'the date column is dropped, then applying the global settings fills every missing value',
        async () => {
          // the constant fill below would turn the join dates into text, which ONNX cannot hold
          await dropColumn(ui, 'joined');
          await fillMissingGlobally(ui);
          await expectVisible(page.getByText(`Missing values handled: ${ROWS} rows × ${COLUMNS.length - 1} columns.`));
          await expectCard('Total missing values', '0');
          await expectVisible(page.getByText('No missing values left — nothing to fill.'));
          await expectVisible(page.getByRole('cell', { name: 'unknown', exact: true }));
          if ((await page.getByRole('cell', { name: '—', exact: true }).count()) !== 0) {
            throw new Error('a missing value is still shown');
          }
          await shot('14-missing-applied');
        },
      ],
      [
        'Outliers shows a live summary that follows the settings',
        async () => {
          await page.getByRole('button', { name: 'Continue to Outliers' }).click();
          await expectVisible(page.getByRole('heading', { name: 'Outliers', exact: true }));
          const figure = await chart('Outliers by column');
          await expectChartText(figure, 'income');
          const before = Number((await card('Total outliers').textContent()).replace(/\D/g, ''));
          if (!(before > 0)) throw new Error(`total outliers is ${before}`);
          const requests = [];
          const listen = (request) => {
            if (new URL(request.url()).pathname === '/api/detect-outliers/') requests.push(request.postDataJSON());
          };
          page.on('request', listen);
          const factor = section('Detection').getByRole('spinbutton', { name: 'Factor' });
          await factor.fill('');
          await factor.pressSequentially('6');
          await page.waitForResponse((response) => new URL(response.url()).pathname === '/api/detect-outliers/');
          await page.waitForFunction(() => !globalThis.document.querySelector('.busy-note'));
          page.off('request', listen);
          // typed in one go, the settings are sent once, 350 ms after the last change
          if (requests.length !== 1 || requests[0].factor !== 6) {
            throw new Error(`detection requests after typing: ${JSON.stringify(requests)}`);
          }
          const after = Number((await card('Total outliers').textContent()).replace(/\D/g, ''));
          if (!(after > 0 && after < before)) throw new Error(`total outliers went from ${before} to ${after}`);
          await expectVisible(card('Affected columns').getByText(/^1/));
          await expectVisible(card('Outlier percentage').getByText(`${((after / ROWS) * 100).toFixed(1)}%`));
          await shot('15-outliers');
        },
      ],
      [
        'capping the outliers leaves none at the same settings',
        async () => {
          const removal = section('Removal');
          if ((await removal.getByRole('spinbutton', { name: 'Factor' }).inputValue()) !== '6') {
            throw new Error('the removal factor does not follow the detection factor');
          }
          await removal.getByRole('combobox', { name: 'Strategy' }).selectOption({ label: 'Cap at the bounds' });
          await removal.getByRole('button', { name: 'Handle outliers' }).click();
          await expectVisible(page.getByText(`Outliers handled: ${ROWS} rows remain.`));
          await expectVisible(card('Total outliers').getByText('0', { exact: true }));
          await expectVisible(page.getByText('No outliers with these settings.'));
          await shot('16-outliers-capped');
        },
      ],
      [
        'Encoding checks the target, then encodes the categorical columns',
        async () => {
          await page.getByRole('button', { name: 'Continue to Encoding' }).click();
          await expectVisible(page.getByRole('heading', { name: 'Encoding', exact: true }));
          const global = section('Global settings');
          await expectVisible(global.getByRole('spinbutton', { name: 'Max categories' }));
          // the target chosen in the analysis is the default
          if ((await global.getByRole('combobox', { name: 'Target column' }).inputValue()) !== 'score') {
            throw new Error('the analysis target is not the default target column');
          }
          await global.getByRole('combobox', { name: 'Target column' }).selectOption({ label: 'None' });
          await global.getByRole('combobox', { name: 'Default strategy' }).selectOption({ label: 'Target' });
          await global.getByRole('button', { name: 'Apply global settings' }).click();
          await expectVisible(page.getByText('Please select a target column for Target strategy.'));
          await global.getByRole('combobox', { name: 'Default strategy' }).selectOption({ label: 'Auto' });
          await global.getByRole('combobox', { name: 'Target column' }).selectOption('score');
          for (const name of ['name', 'city', 'segment']) await expectVisible(global.locator('.column-chips__chip', { hasText: name }));
          await shot('17-encoding');
          await global.getByRole('button', { name: 'Apply global settings' }).click();
          await expectVisible(page.getByText('Global encoding applied.'));
          await expectVisible(header('city_Lima'));
          await header('city').waitFor({ state: 'detached' });
          await expectVisible(page.getByText('No categorical columns left to encode.'));
          await shot('18-encoded');
        },
      ],
      [
        'Correlation lists the pairs, drops the chosen column and shows the target correlation',
        async () => {
          await page.getByRole('button', { name: 'Continue to Correlation' }).click();
          await expectVisible(page.getByRole('heading', { name: 'Correlation', exact: true }));
          const pairs = section('Highly correlated pairs');
          await pairs.getByRole('button', { name: 'Drop selected columns' }).click();
          await expectVisible(page.getByText('Please select at least one column to drop.'));
          const pair = pairs.getByRole('radiogroup', { name: 'Drop from this pair: id and score' });
          await expectVisible(pair);
          await pair.getByText('Drop id', { exact: true }).click();
          await expectVisible(pairs.getByText('To drop: id'));
          const figure = await chart('Correlation with score');
          await expectChartText(figure, 'age');
          await shot('19-correlation');
          await pairs.getByRole('button', { name: 'Drop selected columns' }).click();
          await expectVisible(page.getByText('1 column dropped'));
          await header('id').waitFor({ state: 'detached' });
          await expectVisible(pairs.getByText('No pair of columns reaches |r| ≥ 0.95.'));
          await shot('20-correlation-dropped');
        },
      ],
      [
        'Undo on the correlation step brings the dropped column back',
        async () => {
          await page.getByRole('button', { name: 'Undo', exact: true }).click();
          await expectVisible(page.getByText('Undo completed — step restored.'));
          await expectVisible(header('id'));
          await expectVisible(section('Highly correlated pairs').getByRole('radiogroup', { name: 'Drop from this pair: id and score' }));
          await shot('21-correlation-undone');
        },
      ],
      [
        'Scaling scales every numeric column but the target, then Training opens',
        async () => {
          await page.getByRole('button', { name: 'Continue to Scaling' }).click();
          await expectVisible(page.getByRole('heading', { name: 'Scaling', exact: true }));
          const global = section('Global settings');
          if ((await global.getByRole('combobox', { name: 'Target column' }).inputValue()) !== 'score') {
            throw new Error('the target chosen for encoding is not the default');
          }
          await expectVisible(global.locator('.column-chips__chip', { hasText: 'income' }));
          if ((await global.locator('.column-chips__chip', { hasText: /^score$/ }).count()) !== 0) {
            throw new Error('the target is offered for scaling');
          }
          await shot('22-scaling');
          await global.getByRole('button', { name: 'Apply global settings' }).click();
          await expectVisible(page.getByText(/^Scaling applied \(columns: \d+\)\.$/));
          // score (the target) keeps its values; id is scaled
          await page.waitForFunction(() => globalThis.document.querySelector('tbody td')?.textContent !== '1');
          if ((await firstRow()).score !== '1.25') throw new Error('the target was scaled');
          await page.getByRole('button', { name: 'Continue to Training' }).click();
          await expectVisible(page.getByRole('button', { name: '7 Scaling (completed)' }));
          await expectVisible(page.getByRole('button', { name: '8 Training (current step)' }));
          expectNoPageErrors();
          await shot('23-training');
        },
      ],
    ];
  },
};

export default scenario;
