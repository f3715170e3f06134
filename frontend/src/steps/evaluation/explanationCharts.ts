import type { Data, Layout } from 'plotly.js';
import type { BeeswarmColumn, ColumnContribution } from '../../api/training';
import { barFigure, plainText } from '../../components/charts/barFigure';
import { cutLabel } from '../../components/charts/chartLabel';
import type { ChartTableData } from '../../components/charts/chartTable';
import { CHART_COLORS, CHART_FRAME } from '../../components/charts/chartTheme';
import type { Figure } from './evaluationCharts';

/** Low and high values of a column on the beeswarm's colour scale (shap's own colours). */
export const VALUE_SCALE_COLORS = { low: '#008bfb', high: '#ff0051' } as const;

/** Points of a beeswarm row spread over at most this share of the space between rows, either side. */
export const SWARM_HALF_HEIGHT = 0.4;
/** Contributions closer than 1/100 of a row's range share a bin and are spread apart. */
const SWARM_BINS = 100;
const ROW_HEIGHT_PX = 36;
const AXES_HEIGHT_PX = 84;

/** Mean |contribution| per uploaded column, strongest first, with the value written at each bar. */
export function summaryFigure(columns: readonly ColumnContribution[], valueTitle: string, format: (value: number) => string): Figure {
  const strongest = [...columns].sort((a, b) => b.mean_abs_contribution - a.mean_abs_contribution);
  return barFigure(
    strongest.map((item) => ({ name: item.column, value: item.mean_abs_contribution, text: format(item.mean_abs_contribution) })),
    { orientation: 'h', valueTitle },
  );
}

/**
 * Vertical offsets that spread the points of one beeswarm row apart, as shap's beeswarm does:
 * contributions are binned along the axis, and within a bin the points alternate above and
 * below the row's line (0, +1, −1, +2, …), scaled so the fullest bin fills ±`halfHeight`.
 */
export function swarmOffsets(contributions: readonly number[], halfHeight = SWARM_HALF_HEIGHT): number[] {
  const low = Math.min(...contributions);
  const span = Math.max(...contributions) - low;
  const bin = (value: number) => (span > 0 ? Math.round(((value - low) / span) * (SWARM_BINS - 1)) : 0);
  const order = contributions.map((value, index) => ({ index, bin: bin(value), value })).sort((a, b) => a.bin - b.bin || a.value - b.value);
  const layers = new Array<number>(contributions.length).fill(0);
  let previousBin = -1;
  let layer = 0;
  for (const point of order) {
    if (point.bin !== previousBin) layer = 0;
    layers[point.index] = layer === 0 ? 0 : Math.ceil(layer / 2) * (layer % 2 === 1 ? 1 : -1);
    previousBin = point.bin;
    layer += 1;
  }
  const widest = Math.max(0, ...layers.map(Math.abs));
  return layers.map((value) => (widest > 0 ? (value / widest) * halfHeight : 0));
}

/**
 * A column's values placed on 0–1 within the column for colouring: numbers by value, dates by
 * time; null where the value has no place (text, missing).
 */
export function scaledValues(column: BeeswarmColumn): (number | null)[] {
  const positions = column.values.map((value) => {
    if (column.kind === 'number' && typeof value === 'number') return value;
    if (column.kind === 'date' && typeof value === 'string') {
      const time = Date.parse(value);
      return Number.isNaN(time) ? null : time;
    }
    return null;
  });
  const known = positions.filter((value): value is number => value !== null);
  const low = Math.min(...known);
  const span = Math.max(...known) - low;
  return positions.map((value) => (value === null ? null : span > 0 ? (value - low) / span : 0.5));
}

export interface BeeswarmLabels {
  contribution: string;
  column: string;
  value: string;
  low: string;
  high: string;
}

export interface BeeswarmFormat {
  number: (value: number) => string;
  /** A date value as the interface writes dates. */
  date: (iso: string) => string;
}

export interface BeeswarmFigure extends Figure {
  /** One row per point: column, contribution, value; the chart's "Show as table" view. */
  table: ChartTableData;
}

const MISSING_VALUE = '—';

function valueText(column: BeeswarmColumn, value: number | string | null, format: BeeswarmFormat): string {
  if (value === null) return MISSING_VALUE;
  if (typeof value === 'number') return format.number(value);
  return column.kind === 'date' ? format.date(value) : value;
}

/**
 * The explained rows as points, one row of points per column (strongest at the top): each point
 * at its contribution, spread by `swarmOffsets`, coloured by the column's value scaled within
 * the column (numbers and dates), grey for text and missing values; values in the hover box.
 */
export function beeswarmFigure(columns: readonly BeeswarmColumn[], labels: BeeswarmLabels, format: BeeswarmFormat): BeeswarmFigure {
  const data: Data[] = [];
  const rows: ChartTableData['rows'] = [];
  let scaleShown = false;
  columns.forEach((column, position) => {
    const offsets = swarmOffsets(column.contributions);
    const scaled = scaledValues(column);
    const hover = column.contributions.map(
      (contribution, index) =>
        `${plainText(column.column)}<br>${plainText(labels.value)}: ${plainText(valueText(column, column.values[index] ?? null, format))}` +
        `<br>${plainText(labels.contribution)}: ${format.number(contribution)}`,
    );
    const coloured = column.contributions.map((_, index) => index).filter((index) => scaled[index] !== null);
    const grey = column.contributions.map((_, index) => index).filter((index) => scaled[index] === null);
    const points = (indices: number[], marker: Record<string, unknown>): Data => ({
      type: 'scatter',
      mode: 'markers',
      name: plainText(column.column),
      x: indices.map((index) => column.contributions[index] ?? 0),
      y: indices.map((index) => position + (offsets[index] ?? 0)),
      customdata: indices.map((index) => hover[index] ?? ''),
      hovertemplate: '%{customdata}<extra></extra>',
      marker: { size: 5, opacity: 0.8, ...marker },
    });
    if (coloured.length > 0) {
      data.push(
        points(coloured, {
          color: coloured.map((index) => scaled[index] ?? 0),
          cmin: 0,
          cmax: 1,
          colorscale: [
            [0, VALUE_SCALE_COLORS.low],
            [1, VALUE_SCALE_COLORS.high],
          ],
          showscale: !scaleShown,
          colorbar: {
            title: { text: plainText(labels.value), side: 'right' },
            tickvals: [0, 1],
            ticktext: [plainText(labels.low), plainText(labels.high)],
            thickness: 10,
            len: 0.6,
            outlinewidth: 0,
          },
        }),
      );
      scaleShown = true;
    }
    if (grey.length > 0) data.push(points(grey, { color: CHART_COLORS.neutral }));
    column.contributions.forEach((contribution, index) => {
      const value = column.values[index] ?? null;
      rows.push([
        column.column,
        contribution,
        value === null ? MISSING_VALUE : column.kind === 'date' && typeof value === 'string' ? format.date(value) : value,
      ]);
    });
  });

  const height = Math.max(160, columns.length * ROW_HEIGHT_PX + AXES_HEIGHT_PX);
  const layout: Partial<Layout> = {
    height,
    margin: { l: 8, r: 16, t: 8, b: 8, pad: 4 },
    ...CHART_FRAME,
    hovermode: 'closest',
    showlegend: false,
    xaxis: {
      title: { text: plainText(labels.contribution), standoff: 8 },
      gridcolor: CHART_COLORS.grid,
      zeroline: true,
      zerolinecolor: CHART_COLORS.neutral,
      automargin: true,
      fixedrange: true,
    },
    yaxis: {
      tickmode: 'array',
      tickvals: columns.map((_, position) => position),
      ticktext: columns.map((column) => plainText(cutLabel(column.column))),
      range: [columns.length - 0.5, -0.5],
      showgrid: false,
      zeroline: false,
      automargin: true,
      fixedrange: true,
    },
  };
  return { data, layout, height, table: { columns: [labels.column, labels.contribution, labels.value], rows } };
}
