import type { TFunction } from 'i18next';
import type { Evaluation, MetricCatalog } from '../api/training';
import { barFigure } from '../components/charts/barFigure';
import { CHART_COLORS } from '../components/charts/chartTheme';
import { formatDecimal, formatSignificant } from '../i18n/format';
import {
  curveFigure,
  predictedFigure,
  prCurves,
  residualFigure,
  rocCurves,
  topImportances,
  type Figure,
} from '../steps/evaluation/evaluationCharts';
import { formatMetric, formatSpread, metricNameKey, primaryMetric } from '../steps/evaluation/metrics';
import { comparisonSvg } from './comparisonSvg';
import type { ReportChart } from './reportContent';

type Key = Parameters<TFunction>[0] & string;

export interface TitledFigure {
  title: string;
  figure: Figure;
}

/**
 * The models compared on the primary metric, as Evaluation compares them, drawn as the
 * report's own SVG with cross-validation's spread as error bars; null when no model has a score.
 */
export function comparisonChart(evaluation: Evaluation, catalog: MetricCatalog, t: TFunction, language: string): ReportChart | null {
  const primary = primaryMetric(catalog, evaluation);
  const metric = t(metricNameKey(primary) as Key, { defaultValue: primary });
  const scored = evaluation.results.filter((result) => result.error === null && typeof result.metrics[primary] === 'number');
  if (scored.length === 0) return null;
  const bars = scored.map((result) => ({
    model: result.model,
    value: result.metrics[primary] ?? 0,
    text: formatMetric(catalog, primary, result.metrics[primary], language),
    best: result.model === evaluation.best_model,
    spread: result.metrics_std?.[primary],
    spoken: formatSpread(catalog, primary, result.metrics[primary], result.metrics_std?.[primary], language),
  }));
  const spreads = bars.some((bar) => bar.spread !== null && bar.spread !== undefined);
  const spreadNote = spreads ? t('report.charts.spread', { folds: evaluation.cv_folds ?? 0 }) : null;
  const title = t('evaluation.comparison.chart', { metric });
  const svg = comparisonSvg(bars, { title, valueTitle: metric, spreadNote, tick: (value) => formatSignificant(value, 3, language) });
  return { title, svg, note: spreadNote };
}

/** The best model's charts Evaluation draws, by the same figure builders: curves, residuals, cluster sizes and importances. */
export function reportFigures(evaluation: Evaluation, t: TFunction, language: string): TitledFigure[] {
  const figures: TitledFigure[] = [];
  const best = evaluation.results.find((result) => result.model === evaluation.best_model && result.error === null);
  if (best === undefined) return figures;
  const { charts, model } = best;
  if (charts.roc_curves.length > 0) {
    const titles = { x: t('evaluation.charts.fpr'), y: t('evaluation.charts.tpr') };
    figures.push({ title: t('evaluation.charts.rocLabel', { model }), figure: curveFigure(rocCurves(charts), titles, 'diagonal') });
  }
  if (charts.pr_curves.length > 0) {
    const titles = { x: t('evaluation.charts.recall'), y: t('evaluation.charts.precision') };
    figures.push({ title: t('evaluation.charts.prLabel', { model }), figure: curveFigure(prCurves(charts), titles, null) });
  }
  const sample = charts.prediction_sample;
  if (sample) {
    figures.push(
      {
        title: t('evaluation.charts.predictedLabel', { model }),
        figure: predictedFigure(sample, { x: t('evaluation.charts.actual'), y: t('evaluation.charts.prediction') }),
      },
      {
        title: t('evaluation.charts.residualsLabel', { model }),
        figure: residualFigure(sample, { x: t('evaluation.charts.prediction'), y: t('evaluation.charts.residual') }),
      },
    );
  }
  if (evaluation.problem_type === 'clustering' && charts.cluster_sizes.length > 0) {
    const bars = charts.cluster_sizes.map((cluster) => ({
      name: cluster.cluster < 0 ? t('evaluation.charts.noise') : t('evaluation.charts.cluster', { cluster: cluster.cluster }),
      value: cluster.size,
      color: cluster.cluster < 0 ? CHART_COLORS.neutral : CHART_COLORS.accent,
    }));
    figures.push({
      title: t('evaluation.charts.clusterSizesLabel', { model }),
      figure: barFigure(bars, { orientation: 'v', counts: true, valueTitle: t('evaluation.charts.rows') }),
    });
  }
  const importances = topImportances(charts);
  if (importances.length > 0) {
    const permutation = charts.feature_importances?.method === 'permutation';
    const bars = importances.map((item) => ({
      name: item.feature,
      value: item.importance,
      text: formatDecimal(item.importance, 4, language),
    }));
    figures.push({
      title: t('evaluation.charts.importanceLabel', { model }),
      figure: barFigure(bars, {
        orientation: 'h',
        valueTitle: permutation ? t('evaluation.charts.permutation') : t('evaluation.charts.native'),
      }),
    });
  }
  return figures;
}
