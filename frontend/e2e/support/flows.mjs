// The ways a scenario reaches its first screen, through the interface as a person would.

/** From the welcome view: upload the people file and wait for its analysis. */
export async function uploadAndAnalyze(ui) {
  const { page, expectVisible } = ui;
  await page.goto(ui.url);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await page.locator('input[type="file"]').setInputFiles(ui.files.csv);
  await expectVisible(page.getByRole('heading', { name: 'Dataset Overview' }));
}

/** Upload, choose `score` as the target on Analyze, and continue to Missing Values. */
export async function openMissingValues(ui) {
  const { page, expectVisible } = ui;
  await uploadAndAnalyze(ui);
  await page.getByRole('combobox', { name: 'Target column' }).selectOption('score');
  await ui.chart('Association of each feature with score');
  await page.getByRole('button', { name: 'Continue to Missing Values' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Missing values', exact: true }));
}

/** Drops a column through its header's button and the confirmation. */
export async function dropColumn(ui, name) {
  const { page } = ui;
  await ui.header(name).hover();
  await page.getByRole('button', { name: `Drop column ${name}` }).click();
  await page.getByRole('dialog', { name: 'Drop column?' }).getByRole('button', { name: 'Drop column' }).click();
  await ui.expectVisible(page.getByText(`Column "${name}" dropped.`));
  await ui.header(name).waitFor({ state: 'detached' });
}

/** Missing Values' global settings: the median for numbers, 'unknown' for the rest. */
export async function fillMissingGlobally(ui) {
  const global = ui.section('Global settings');
  await global.getByRole('combobox', { name: 'Numeric columns' }).selectOption({ label: 'Median' });
  await global.getByRole('combobox', { name: 'Other columns' }).selectOption({ label: 'Constant value' });
  await ui.expectVisible(global.getByRole('textbox', { name: 'Fill value' }));
  await global.getByRole('button', { name: 'Apply global settings' }).click();
  await ui.expectVisible(ui.page.getByText(/^Missing values handled: /));
}

/**
 * Steps 3 to 7 as the transforms scenario applies them (without the join dates, no missing
 * values, income capped at factor 6, categories encoded, every numeric column but score
 * scaled), ending on Training.
 */
export async function openTraining(ui) {
  const { page, expectVisible, section } = ui;
  await openMissingValues(ui);
  await dropColumn(ui, 'joined');
  await fillMissingGlobally(ui);
  await page.getByRole('button', { name: 'Continue to Outliers' }).click();
  const factor = section('Detection').getByRole('spinbutton', { name: 'Factor' });
  await factor.fill('6');
  const removal = section('Removal');
  await removal.getByRole('combobox', { name: 'Strategy' }).selectOption({ label: 'Cap at the bounds' });
  await removal.getByRole('button', { name: 'Handle outliers' }).click();
  await expectVisible(page.getByText(/^Outliers handled: /));
  await page.getByRole('button', { name: 'Continue to Encoding' }).click();
  await section('Global settings').getByRole('button', { name: 'Apply global settings' }).click();
  await expectVisible(page.getByText('Global encoding applied.'));
  await page.getByRole('button', { name: 'Continue to Correlation' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Correlation', exact: true }));
  await page.getByRole('button', { name: 'Continue to Scaling' }).click();
  await section('Global settings').getByRole('button', { name: 'Apply global settings' }).click();
  await expectVisible(page.getByText(/^Scaling applied/));
  await page.getByRole('button', { name: 'Continue to Training' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Training', exact: true }));
}

/** On Training: classifies `member` with the two default models and waits for the evaluation. */
export async function trainAndEvaluate(ui) {
  const { page, expectVisible } = ui;
  await page.getByRole('combobox', { name: 'Target column' }).selectOption('member');
  await page.getByRole('button', { name: 'Train models' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Evaluation', exact: true }));
  await expectVisible(page.getByRole('article', { name: 'LogisticRegression' }).locator('.model-metrics__item').first());
}

/** Switches the interface language with the header's picker. */
export async function chooseLanguage(ui, code, languageLabel = 'Language') {
  await ui.page.getByRole('combobox', { name: languageLabel }).selectOption(code);
  await ui.page.waitForFunction((lang) => globalThis.document.documentElement.lang === lang, code);
}
