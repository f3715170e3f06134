import type { TFunction } from 'i18next';
import { analyzeDataset } from '../api/analysis';
import { getSessionData } from '../api/dataset';
import type { DownloadedFile } from '../api/models';
import { getUsageCode } from '../api/models';
import { getRecipe } from '../api/recipe';
import { getMetricCatalog } from '../api/training';
import type { Evaluation } from '../api/training';
import { explainedFor } from '../queries/explanation';
import type { Session } from '../session/session';
import { readStoredAnalysis, sameColumns, toStoredAnalysis, type StoredAnalysis } from '../steps/analyze/analysisRun';
import type { OptimizedModel } from '../steps/optimization/optimizationRules';
import { buildReport } from './buildReport';
import { chartSvg } from './chartSvg';
import { reportFileName, type ReportContent } from './reportContent';
import { comparisonChart, reportFigures } from './reportFigures';

export interface ReportSources {
  session: Session;
  evaluation: Evaluation;
  /** The model optimized last, on Optimization. */
  optimization: { model: string; result: OptimizedModel } | null;
  /** The export name the usage code loads: the best model, or the optimized one. */
  usageModel: string | null;
  /** Told the evaluation with the best model explained, which the report may have asked for. */
  onExplained?: (evaluation: Evaluation) => void;
}

/** The analysis Analyze saved while it still describes the current columns, else a fresh one. */
async function currentAnalysis(session: Session, columns: string[]): Promise<StoredAnalysis> {
  const saved = readStoredAnalysis(session.analysisResults);
  if (saved !== null && sameColumns(saved.columns, columns)) return saved;
  return toStoredAnalysis(await analyzeDataset(null));
}

/**
 * Gathers what the screens read (the session's data as uploaded and as it is now, the recipe
 * and usage code from the server, the best model's explanation, computed first when it still
 * is to be), draws the charts and writes the report.
 */
export async function makeReport(sources: ReportSources, t: TFunction, language: string): Promise<DownloadedFile> {
  const { session, optimization, usageModel } = sources;
  const evaluation = await explainedFor(sources.evaluation, sources.evaluation.best_model);
  sources.onExplained?.(evaluation);
  const frame = await getSessionData();
  const [analysis, recipe, usageCode, catalog] = await Promise.all([
    currentAnalysis(session, frame.columns),
    getRecipe(),
    usageModel === null ? null : getUsageCode(usageModel, 'joblib').catch(() => null),
    getMetricCatalog(),
  ]);
  const comparison = comparisonChart(evaluation, catalog, t, language);
  const drawn = await Promise.all(
    reportFigures(evaluation, t, language).map(async ({ title, figure }) => ({ title, svg: await chartSvg(figure) })),
  );
  const charts = comparison === null ? drawn : [comparison, ...drawn];
  const fileName = session.uploadedFile?.name ?? frame.filename;
  const content: ReportContent = {
    fileName,
    madeAt: new Date(),
    uploaded: frame.uploaded,
    resultShape: frame.shape,
    analysis,
    recipe,
    evaluation,
    charts,
    optimization,
    usageCode,
  };
  const html = buildReport(content, catalog, t, language);
  return { blob: new Blob([html], { type: 'text/html;charset=utf-8' }), fileName: reportFileName(fileName) };
}
