import type { Data, Layout } from 'plotly.js';
import type { ModelCharts } from '../../api/training';
import { barFigure, plainText } from '../../components/charts/barFigure';
import { CHART_COLORS, CHART_FRAME } from '../../components/charts/chartTheme';

export interface Figure {
  data: Data[];
  layout: Partial<Layout>;
  height: number;
}

const HEIGHT_PX = 320;
/** One colour per class curve, then again from the start. */
const SERIES_COLORS = [CHART_COLORS.accent, CHART_COLORS.good, CHART_COLORS.warning, CHART_COLORS.danger, '#0891b2', '#9333ea'];

interface AxisTitles {
  x: string;
  y: string;
  /** Both axes run 0 to 1 (curves). */
  unit?: boolean;
}

function layout({ x, y, unit }: AxisTitles, legend: boolean): Partial<Layout> {
  const axis = (title: string): Partial<Layout['xaxis']> => ({
    title: { text: plainText(title), standoff: 8 },
    gridcolor: CHART_COLORS.grid,
    zerolinecolor: CHART_COLORS.line,
    linecolor: CHART_COLORS.line,
    automargin: true,
    fixedrange: true,
    ...(unit ? { range: [0, 1.02] as [number, number] } : {}),
  });
  return {
    height: HEIGHT_PX,
    margin: { l: 8, r: 16, t: 8, b: 8, pad: 4 },
    ...CHART_FRAME,
    showlegend: legend,
    legend: { orientation: 'h', y: -0.25 },
    xaxis: axis(x),
    yaxis: axis(y),
  };
}

interface Curve {
  label: string | number | boolean;
  x: number[];
  y: number[];
}

/** Class curves (ROC or precision–recall), with an optional dashed chance line. */
export function curveFigure(curves: Curve[], titles: AxisTitles, chance: 'diagonal' | null): Figure {
  const data: Data[] = curves.map((curve, index) => ({
    type: 'scatter',
    mode: 'lines',
    name: plainText(String(curve.label)),
    x: curve.x,
    y: curve.y,
    line: { color: SERIES_COLORS[index % SERIES_COLORS.length], width: 2, shape: 'hv' },
    hovertemplate: `${plainText(String(curve.label))}<br>%{x:.3f}, %{y:.3f}<extra></extra>`,
  }));
  if (chance === 'diagonal') {
    data.push({
      type: 'scatter',
      mode: 'lines',
      x: [0, 1],
      y: [0, 1],
      showlegend: false,
      hoverinfo: 'skip',
      line: { color: CHART_COLORS.neutral, width: 1, dash: 'dot' },
    });
  }
  return { data, layout: layout({ ...titles, unit: true }, curves.length > 1), height: HEIGHT_PX };
}

export function rocCurves(charts: ModelCharts): Curve[] {
  return charts.roc_curves.map((curve) => ({ label: curve.label, x: curve.fpr, y: curve.tpr }));
}

export function prCurves(charts: ModelCharts): Curve[] {
  return charts.pr_curves.map((curve) => ({ label: curve.label, x: curve.recall, y: curve.precision }));
}

/** Pairs of the sample where both values are numbers. */
function pairs(xs: (number | null)[], ys: (number | null)[]): { x: number[]; y: number[] } {
  const x: number[] = [];
  const y: number[] = [];
  xs.forEach((value, index) => {
    const other = ys[index];
    if (value !== null && other !== null && other !== undefined && Number.isFinite(value) && Number.isFinite(other)) {
      x.push(value);
      y.push(other);
    }
  });
  return { x, y };
}

function points(x: number[], y: number[]): Data {
  return {
    type: 'scatter',
    mode: 'markers',
    x,
    y,
    marker: { color: CHART_COLORS.accent, size: 6, opacity: 0.6 },
    hovertemplate: '%{x:.4f}, %{y:.4f}<extra></extra>',
  };
}

/** Predicted against actual values, with the line where they are equal. */
export function predictedFigure(sample: NonNullable<ModelCharts['prediction_sample']>, titles: AxisTitles): Figure {
  const { x, y } = pairs(sample.actual, sample.predicted);
  const low = Math.min(...x, ...y);
  const high = Math.max(...x, ...y);
  const data: Data[] = [points(x, y)];
  if (x.length > 0) {
    data.push({
      type: 'scatter',
      mode: 'lines',
      x: [low, high],
      y: [low, high],
      hoverinfo: 'skip',
      line: { color: CHART_COLORS.neutral, width: 1, dash: 'dot' },
    });
  }
  return { data, layout: layout(titles, false), height: HEIGHT_PX };
}

/** Residuals against predicted values, around the zero line. */
export function residualFigure(sample: NonNullable<ModelCharts['prediction_sample']>, titles: AxisTitles): Figure {
  const { x, y } = pairs(sample.predicted, sample.residual);
  const figure = layout(titles, false);
  return {
    data: [points(x, y)],
    layout: { ...figure, yaxis: { ...figure.yaxis, zeroline: true, zerolinecolor: CHART_COLORS.neutral, zerolinewidth: 1 } },
    height: HEIGHT_PX,
  };
}

/** The most important features, at most this many. */
export const TOP_FEATURES = 15;

export function topImportances(charts: ModelCharts): { feature: string; importance: number }[] {
  const features = charts.feature_importances?.features ?? [];
  return [...features].sort((a, b) => Math.abs(b.importance) - Math.abs(a.importance)).slice(0, TOP_FEATURES);
}

/** The largest count of a confusion matrix, to shade its cells. */
export function matrixMax(matrix: number[][]): number {
  return Math.max(0, ...matrix.flat());
}

export interface ScoreBar {
  model: string;
  value: number;
  text: string;
  best: boolean;
  /** Cross-validation's standard deviation over the folds, drawn as an error bar; absent for one split. */
  spread?: number | null;
}

function barSpread(score: ScoreBar): number {
  return score.spread !== null && score.spread !== undefined && Number.isFinite(score.spread) ? score.spread : 0;
}

/**
 * The primary metric per model: values written above the bars, the best model in green, and
 * cross-validated scores with ± one standard deviation as error bars.
 */
export function comparisonFigure(scores: ScoreBar[], valueTitle: string): Figure {
  const figure = barFigure(
    scores.map((score) => ({
      name: score.model,
      value: score.value,
      text: score.text,
      color: score.best ? CHART_COLORS.good : CHART_COLORS.accent,
    })),
    { orientation: 'v', valueTitle },
  );
  const spreads = scores.map(barSpread);
  const spread = scores.some((score) => score.spread !== null && score.spread !== undefined);
  const high = Math.max(0, ...scores.map((score) => score.value + barSpread(score)));
  const low = Math.min(0, ...scores.map((score) => score.value - barSpread(score)));
  const yaxis = figure.layout.yaxis ?? {};
  const errorBars = spread
    ? { error_y: { type: 'data' as const, array: spreads, visible: true, color: CHART_COLORS.text, thickness: 1.5, width: 6 } }
    : {};
  return {
    ...figure,
    data: figure.data.map((trace) => ({ ...trace, textposition: 'outside', cliponaxis: false, ...errorBars })),
    // room above the tallest bar (and its error bar) for its value
    layout: { ...figure.layout, yaxis: { ...yaxis, range: [low * 1.15, high * 1.15 || 1], rangemode: undefined } },
  };
}
