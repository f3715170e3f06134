import type { TFunction } from 'i18next';
import type { Evaluation, MetricCatalog } from '../api/training';
import { formatDateTime, formatDecimal, formatInteger, formatPercent } from '../i18n/format';
import { overviewCards, qualityLevel } from '../steps/analyze/overview';
import { formatMetric, formatSpread, metricNameKey, metricTone, orderedMetrics, primaryMetric } from '../steps/evaluation/metrics';
import { METHOD_LABELS } from '../steps/optimization/OptimizationSettings';
import { formatImprovement, formatParamValue, formatScore, relativeImprovement } from '../steps/optimization/scoreDisplay';
import { definitions, element, escapeHtml, table } from './html';
import type { ReportContent } from './reportContent';
import { REPORT_CSS } from './reportStyle';
import { recipeSettingText, recipeStepTitle } from './recipeWords';

type Key = Parameters<TFunction>[0] & string;

/** No script, and nothing fetched: styles and images only from the file itself. */
const CONTENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function section(title: string, body: string): string {
  return `<section>${element('h2', title)}${body}</section>`;
}

function note(text: string): string {
  return element('p', text, 'note');
}

function uploadSection(content: ReportContent, t: TFunction, language: string): string {
  const { uploaded } = content;
  const [rows = 0, columns = 0] = uploaded.shape;
  const percent = (missing: number) => formatPercent(rows === 0 ? 0 : (missing / rows) * 100, 1, language);
  return (
    definitions([
      [t('report.upload.file'), content.fileName],
      [t('report.upload.size'), t('report.shape', { rows: formatInteger(rows, language), columns: formatInteger(columns, language) })],
    ]) +
    table(
      [t('report.recipe.column'), t('report.upload.kind'), t('report.upload.missing'), t('report.upload.missingShare')],
      Object.entries(uploaded.column_kinds).map(([column, kind]) => {
        const missing = uploaded.missing_values[column] ?? 0;
        return [column, t(`analyze.types.${kind}`), formatInteger(missing, language), percent(missing)];
      }),
    )
  );
}

function recipeSteps(content: ReportContent, t: TFunction, language: string): string {
  if (content.recipe.length === 0) return note(t('report.recipe.none'));
  const steps = content.recipe.map((step) => {
    const title = element('h3', recipeStepTitle(step, t, language));
    if (step.columns.length === 0) return `<li>${title}</li>`;
    const drop = step.columns.every((column) => column.setting === null || column.setting === undefined);
    const body = drop
      ? element('p', step.columns.map((column) => column.column).join(', '))
      : table(
          [t('report.recipe.column'), t('report.recipe.setting')],
          step.columns.map((column) => [column.column, recipeSettingText(step, column, t, language)]),
        );
    return `<li>${title}${body}</li>`;
  });
  return `<ol>${steps.join('')}</ol>`;
}

/** The data the recipe made: its shape, then Analyze's overview of it. */
function recipeResult(content: ReportContent, t: TFunction, language: string): string {
  const [rows = 0, columns = 0] = content.resultShape;
  const shape = t('report.shape', { rows: formatInteger(rows, language), columns: formatInteger(columns, language) });
  const result = element('h3', t('report.recipe.result', { shape }));
  if (content.analysis === null) return result + note(t('report.dataset.none'));
  const cards = overviewCards(content.analysis);
  const level = qualityLevel(cards.qualityScore);
  const score = `${formatInteger(cards.qualityScore, language)} ${t('analyze.overview.qualityOutOf')}`;
  return (
    result +
    definitions([
      [t('analyze.overview.missing'), formatInteger(cards.totalMissing, language)],
      [t('analyze.overview.memory'), t('analyze.overview.memoryValue', { size: cards.memoryMb })],
      [t('analyze.overview.quality'), score],
    ]) +
    `<div class="quality"><span class="${level}" style="width: ${cards.qualityScore}%"></span></div>`
  );
}

function trainingSection(evaluation: Evaluation, t: TFunction, language: string): string {
  const trained = evaluation.results.filter((result) => result.error === null).map((result) => result.model);
  const failed = evaluation.results.filter((result) => result.error !== null);
  const items: [string, string][] = [
    [t('evaluation.summary.problemType'), t(`training.problemTypes.${evaluation.problem_type}`)],
    [t('report.training.target'), evaluation.target_column ?? t('report.training.noTarget')],
  ];
  if (evaluation.validation_method !== null) {
    const method = evaluation.validation_method === 'train_test' ? 'trainTest' : 'crossValidation';
    items.push([t('training.validation.method'), t(`training.validationMethods.${method}`)]);
  }
  if (evaluation.validation_method === 'train_test' && evaluation.test_size !== null) {
    items.push([t('training.validation.testSize'), formatPercent(evaluation.test_size * 100, 0, language)]);
  }
  if (evaluation.validation_method === 'cross_validation' && evaluation.cv_folds !== null) {
    items.push([t('training.validation.cvFolds'), formatInteger(evaluation.cv_folds, language)]);
  }
  items.push(
    [t('report.training.rows'), formatInteger(evaluation.dataset_shape[0] ?? 0, language)],
    [t('report.training.features'), formatInteger(evaluation.dataset_shape[1] ?? 0, language)],
  );
  if (evaluation.rows_without_target > 0) {
    items.push([t('report.training.rowsWithoutTarget'), formatInteger(evaluation.rows_without_target, language)]);
  }
  items.push([t('report.training.models'), trained.join(', ') || '—']);
  const members = evaluation.search?.ensemble ?? [];
  if (members.length > 0) {
    const weights = members.map((member) => `${member.model} ${formatPercent(member.weight * 100, 0, language)}`);
    items.push([t('report.training.ensemble'), t('evaluation.details.ensembleOf', { members: weights.join(', ') })]);
  }
  const failures = failed.map((result) =>
    element('li', `${result.model}: ${t('evaluation.details.error', { error: result.error ?? '' })}`),
  );
  return definitions(items) + (failures.length > 0 ? `${element('h3', t('report.training.failed'))}<ul>${failures.join('')}</ul>` : '');
}

function metricsSection(evaluation: Evaluation, catalog: MetricCatalog, t: TFunction, language: string): string {
  const trained = evaluation.results.filter((result) => result.error === null);
  const rows = [...trained.map((result) => result.metrics), ...(evaluation.baseline ? [evaluation.baseline.metrics] : [])];
  const names = orderedMetrics(
    catalog,
    Object.fromEntries(rows.flatMap((metrics) => Object.keys(metrics).map((name) => [name, null]))),
  ).map(([name]) => name);
  const baseline = evaluation.baseline?.metrics;
  const cells = (metrics: Record<string, number | null>, spreads?: Record<string, number | null>): [string, string][] =>
    names.map((name) => [
      formatSpread(catalog, name, metrics[name], spreads?.[name], language),
      metricTone(catalog, name, metrics[name], baseline?.[name]),
    ]);
  const body = trained.map((result) => {
    const best = result.model === evaluation.best_model ? ` (${t('evaluation.details.best')})` : '';
    return [`${result.model}${best}`, ...cells(result.metrics, result.metrics_std)];
  });
  if (evaluation.baseline) body.push([t(`evaluation.baseline.${evaluation.baseline.strategy}`), ...cells(evaluation.baseline.metrics)]);
  const header = [t('report.metrics.model'), ...names.map((name) => t(metricNameKey(name) as Key, { defaultValue: name }))];
  return table(header, body) + note(t('report.metrics.legend'));
}

function chartsSection(content: ReportContent, t: TFunction): string {
  const figures = content.charts.map(
    (chart) => `<figure>${element('figcaption', chart.title)}${chart.svg}${chart.note ? note(chart.note) : ''}</figure>`,
  );
  const best = content.evaluation.results.find((result) => result.model === content.evaluation.best_model);
  const matrix = best?.charts.confusion_matrix;
  if (matrix) {
    const labels = matrix.labels.map(String);
    const confusion = table(
      [t('evaluation.charts.actualPredicted'), ...labels],
      matrix.matrix.map((row, index) => [labels[index] ?? String(index), ...row.map(String)]),
    );
    figures.push(`<figure>${element('figcaption', t('evaluation.charts.confusion'))}${confusion}</figure>`);
  }
  return figures.join('');
}

function explanationSection(evaluation: Evaluation, t: TFunction, language: string): string {
  const best = evaluation.results.find((result) => result.model === evaluation.best_model);
  const explanation = best?.explanation;
  if (!best || !explanation) return note(t('report.explanation.none'));
  const columns = [...explanation.columns].sort((a, b) => b.mean_abs_contribution - a.mean_abs_contribution);
  return (
    element('h3', best.model) +
    element('p', t('report.explanation.method', { method: t(`report.explanation.methods.${explanation.method}`) })) +
    note(
      t('report.explanation.rows', {
        rows: formatInteger(explanation.rows, language),
        of: formatInteger(explanation.of_rows, language),
        output: t(`report.explanation.outputs.${explanation.output}`),
      }),
    ) +
    table(
      [t('report.explanation.column'), t('report.explanation.contribution')],
      columns.map((column) => [column.column, formatDecimal(column.mean_abs_contribution, 4, language)]),
    )
  );
}

function optimizationSection(content: ReportContent, t: TFunction, language: string): string {
  if (content.optimization === null) return note(t('report.optimization.none'));
  const { model, result } = content.optimization;
  const metric = result.primaryMetric;
  const params = Object.entries(result.bestParams);
  return (
    element('h3', t('optimization.result.title', { model })) +
    definitions([
      [t('optimization.result.bestScore'), formatScore(metric, result.bestScore, language)],
      [t('optimization.result.baselineScore'), formatScore(metric, result.baselineScore, language)],
      [t('optimization.result.improvement'), formatImprovement(relativeImprovement(result.bestScore, result.baselineScore), language)],
      [t('optimization.result.method'), t(METHOD_LABELS[result.method])],
      [t('evaluation.summary.primaryMetric'), t(metricNameKey(metric) as Key, { defaultValue: metric })],
    ]) +
    element('h3', t('optimization.result.bestParams')) +
    (params.length === 0
      ? note(t('optimization.result.keptSettings'))
      : table(
          [t('report.recipe.setting'), t('charts.table.value')],
          params.map(([name, value]) => [name, formatParamValue(value)]),
        ))
  );
}

function usageSection(content: ReportContent, t: TFunction): string {
  if (content.usageCode === null) return note(t('report.usage.none'));
  return (
    element('p', t('report.usage.text', { file: content.usageCode.file_name })) +
    `<pre><code>${escapeHtml(content.usageCode.code)}</code></pre>`
  );
}

/**
 * The report as one self-contained HTML document in `language`: every text from the data
 * is escaped; the charts are the SVG Plotly drew, inlined as they are.
 */
export function buildReport(content: ReportContent, catalog: MetricCatalog, t: TFunction, language: string): string {
  const { evaluation } = content;
  const primary = primaryMetric(catalog, evaluation);
  const best = evaluation.results.find((result) => result.model === evaluation.best_model);
  const bestLine =
    best === undefined
      ? ''
      : note(
          `${t('evaluation.summary.bestModel')}: ${best.model} (${t(metricNameKey(primary) as Key, { defaultValue: primary })} ${formatMetric(catalog, primary, best.metrics[primary], language)})`,
        );
  const title = `${t('report.title')}: ${content.fileName}`;
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(language)}">`,
    '<head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_POLICY}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `${element('title', title)}<style>${REPORT_CSS}</style></head>`,
    '<body><main>',
    `<header>${element('h1', t('report.title'))}${element('p', t('report.subtitle', { file: content.fileName, date: formatDateTime(content.madeAt, language) }))}${bestLine}</header>`,
    section(t('report.sections.dataset'), uploadSection(content, t, language)),
    section(t('report.sections.recipe'), recipeSteps(content, t, language) + recipeResult(content, t, language)),
    section(t('report.sections.training'), trainingSection(evaluation, t, language)),
    section(t('report.sections.metrics'), metricsSection(evaluation, catalog, t, language)),
    content.charts.length > 0 || best?.charts.confusion_matrix ? section(t('report.sections.charts'), chartsSection(content, t)) : '',
    evaluation.problem_type === 'clustering' ? '' : section(t('report.sections.explanation'), explanationSection(evaluation, t, language)),
    section(t('report.sections.optimization'), optimizationSection(content, t, language)),
    section(t('report.sections.usage'), usageSection(content, t)),
    `<footer>${escapeHtml(t('report.madeWith'))}</footer>`,
    '</main></body></html>',
  ].join('\n');
}
