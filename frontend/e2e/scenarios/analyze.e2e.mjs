// Welcome, upload, the Analyze screen with every panel and a target, drop a column, undo,
// Turkish, reload, and on to Missing Values.
import { join } from 'node:path';
import { artifacts, COLUMNS, ROWS } from '../support/server.mjs';

const scenario = {
  name: 'Welcome, upload and Analyze',
  checks: (ui) => {
    const { page, url, files, shot, expectVisible, header, chart, card, expectCard, expectChartText, expectNoPageErrors, holdNext } = ui;
    const analyzeRequests = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/analyze/') analyzeRequests.push(request.url());
    });
    return [
      [
        'welcome view shows the title, the picker and three feature cards',
        async () => {
          await page.goto(url);
          await expectVisible(page.getByRole('heading', { name: 'Turn raw tables into trained models' }));
          for (const title of ['No Code Required', 'Lightning Fast', 'Production Ready']) {
            await expectVisible(page.getByRole('heading', { name: title }));
          }
          await expectVisible(page.getByRole('combobox', { name: 'Language' }));
          await shot('01-welcome');
        },
      ],
      [
        'Get Started opens the upload step',
        async () => {
          await page.getByRole('button', { name: 'Get Started' }).click();
          await expectVisible(page.getByText('Upload your dataset'));
          await expectVisible(page.getByText('Supports CSV, XLSX files up to 100MB'));
          await shot('02-upload');
        },
      ],
      [
        'uploading a CSV with missing values moves to step 2: the preview, then Analyzing Dataset',
        async () => {
          // hold the first analysis back until the loading state has been seen
          const release = await holdNext('/api/analyze/');
          await page.locator('input[type="file"]').setInputFiles(files.csv);
          await expectVisible(page.getByRole('heading', { name: 'Analyze', exact: true }));
          await expectVisible(page.getByRole('status').getByText('Analyzing Dataset'));
          await shot('03-analyzing');
          release();
          for (const name of COLUMNS) await expectVisible(header(name));
          await expectVisible(page.getByRole('cell', { name: 'person 1', exact: true }));
          await expectVisible(page.getByText(`Showing 10 of ${ROWS} rows`));
          if ((await page.getByRole('cell', { name: '—', exact: true }).count()) === 0) {
            throw new Error('no missing value is shown as a dash');
          }
          await expectVisible(page.getByRole('button', { name: '1 Upload (completed)' }));
        },
      ],
      [
        'the analysis shows the overview cards, column types and notes',
        async () => {
          await expectVisible(page.getByRole('heading', { name: 'Dataset Overview' }));
          await expectCard('Rows', String(ROWS));
          await expectCard('Columns', String(COLUMNS.length));
          const missing = Number((await card('Total missing values').textContent()).replace(/\D/g, ''));
          if (!(missing > 0)) throw new Error(`total missing values is ${missing}`);
          await expectVisible(card('Memory').getByText(/^\d+\.\d\d MB$/));
          const meter = page.getByRole('meter', { name: 'Quality score' });
          await expectVisible(meter);
          const score = Number(await meter.getAttribute('aria-valuenow'));
          if (!(score > 0 && score < 100)) throw new Error(`quality score ${score}`);
          await expectCard('Quality score', new RegExp(`^${score}`));
          const types = page.getByRole('list', { name: 'Column types' });
          for (const text of ['4Numeric', '3Categorical', '1Boolean', '1Datetime']) {
            await expectVisible(types.getByRole('listitem').filter({ hasText: text }));
          }
          const percent = ((missing / (ROWS * COLUMNS.length)) * 100).toFixed(1);
          await expectVisible(page.getByText(`${percent}% of all cells are missing.`));
          await expectVisible(page.getByText('No constant columns.'));
          await expectVisible(page.getByText('High-cardinality categorical columns: name'));
        },
      ],
      [
        'the skewness panel and the VIF chart show',
        async () => {
          const skew = page.locator('.skew-table');
          await expectVisible(skew.getByRole('row').filter({ hasText: 'income' }).getByText('Consider log/yeo-johnson'));
          await expectVisible(skew.getByRole('row').filter({ hasText: 'age' }).getByText('Looks OK'));
          await expectVisible(skew.getByRole('img', { name: 'Highly skewed' }));
          const vif = await chart('Variance inflation factor by column');
          await expectChartText(vif, '∞');
          await expectVisible(page.getByText('VIF > 10 means high multicollinearity; 5–10 needs attention.'));
          await shot('04-analysis');
        },
      ],
      [
        'Data Quality & Associations expands to its four charts',
        async () => {
          const toggle = page.getByRole('button', { name: 'Data Quality & Associations' });
          if ((await toggle.getAttribute('aria-expanded')) !== 'false') throw new Error('the section starts expanded');
          await toggle.click();
          if ((await toggle.getAttribute('aria-expanded')) !== 'true') throw new Error('the section did not expand');
          const missing = await chart('Missing values by column');
          await expectChartText(missing, 'income');
          await chart('Rows by number of missing fields');
          const pairs = await chart('Columns missing together');
          await expectChartText(pairs, 'age × income');
          const cramers = await chart("Categorical associations (Cramér's V)");
          await expectChartText(cramers, 'city × segment');
          await expectVisible(page.getByText('Left out (more than 50 levels): name'));
          await page.waitForTimeout(400); // the 0.25 s expand animation
          await shot('05-quality-expanded');
        },
      ],
      [
        'choosing a target runs the analysis again and shows the feature–target chart',
        async () => {
          await expectVisible(page.getByText('Choose a target column to see how strongly each feature relates to it.'));
          const before = analyzeRequests.length;
          await page.getByRole('combobox', { name: 'Target column' }).selectOption('score');
          const figure = await chart('Association of each feature with score');
          await expectChartText(figure, 'Pearson |r|');
          await expectChartText(figure, 'ANOVA η');
          await expectVisible(page.getByText(/^For exploration only/));
          if (!analyzeRequests.slice(before).some((url) => new URL(url).searchParams.get('target') === 'score')) {
            throw new Error('no analysis request carried the target');
          }
          await figure.screenshot({ path: join(artifacts, '06-feature-target.png') });
          await shot('06-target');
        },
      ],
      [
        'dropping a column asks first, removes it and analyzes again',
        async () => {
          await page.evaluate(() => globalThis.scrollTo(0, 0));
          await header('city').hover();
          await page.getByRole('button', { name: 'Drop column city' }).click();
          const dialog = page.getByRole('dialog', { name: 'Drop column?' });
          await expectVisible(dialog);
          await shot('07-drop-dialog');
          await dialog.getByRole('button', { name: 'Drop column' }).click();
          await expectVisible(page.getByText('Column "city" dropped.'));
          await header('city').waitFor({ state: 'detached' });
          await expectVisible(header('score'));
          await expectCard('Columns', String(COLUMNS.length - 1));
          await shot('08-dropped');
        },
      ],
      [
        'Undo brings the column back and the analysis follows',
        async () => {
          await page.getByRole('button', { name: 'Undo', exact: true }).click();
          const toast = page.locator('.Toastify__toast').getByText('Undo completed — step restored.');
          await expectVisible(toast);
          await expectVisible(header('city'));
          await expectCard('Columns', String(COLUMNS.length));
          await chart('Association of each feature with score');
          await shot('09-undone');
          // success toasts close on their own (2 s, then the exit animation)
          await toast.waitFor({ state: 'detached', timeout: 8_000 });
        },
      ],
      [
        'switching to Turkish translates the interface',
        async () => {
          await page.getByRole('combobox', { name: 'Language' }).selectOption('tr');
          await expectVisible(page.getByRole('heading', { name: 'Analiz', exact: true }));
          await expectVisible(page.getByRole('heading', { name: 'Veri Kümesine Genel Bakış' }));
          await expectVisible(page.getByRole('button', { name: 'Geri Al', exact: true }));
          await expectVisible(page.getByRole('button', { name: 'Ana sayfaya dön' }));
          await shot('10-turkish');
        },
      ],
      [
        'a reload lands back in the pipeline with the data and the saved analysis, in Turkish',
        async () => {
          const before = analyzeRequests.length;
          await page.reload();
          await expectVisible(page.getByRole('heading', { name: 'Analiz', exact: true }));
          for (const name of COLUMNS) await expectVisible(header(name));
          await expectVisible(page.getByRole('cell', { name: 'person 1', exact: true }));
          await expectVisible(page.getByRole('button', { name: '1 Yükleme (tamamlandı)' }));
          await expectVisible(page.getByRole('heading', { name: 'Veri Kümesine Genel Bakış' }));
          await chart('Her özelliğin score ile ilişkisi');
          if (analyzeRequests.length !== before) throw new Error('the saved analysis was computed again');
          await shot('11-reloaded');
        },
      ],
      [
        'Continue completes the analysis and opens Missing Values',
        async () => {
          await page.getByRole('button', { name: 'Eksik Değerlere Devam Et' }).click();
          await expectVisible(page.getByRole('button', { name: '2 Analiz (tamamlandı)' }));
          await expectVisible(page.getByRole('button', { name: '3 Eksik değerler (geçerli adım)' }));
          expectNoPageErrors();
          await shot('12-missing-values');
        },
      ],
    ];
  },
};

export default scenario;
