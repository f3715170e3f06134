import type { Data, Layout, Shape } from 'plotly.js';
import { cutLabel } from './chartLabel';
import { CHART_COLORS, CHART_FRAME } from './chartTheme';

export interface Bar {
  /** The category's full name: unique within a chart, and shown in the hover box. */
  name: string;
  value: number;
  /** The axis label; by default the name cut at 14 characters. */
  label?: string;
  /** Text shown at the end of the bar. */
  text?: string;
  /** Hover box lines after the name. */
  hover?: string;
  color?: string;
}

export interface BarFigureOptions {
  /** 'h': categories down the side, largest first at the top; 'v': categories along the bottom. */
  orientation: 'h' | 'v';
  valueRange?: [number, number];
  valueTitle?: string;
  categoryTitle?: string;
  /** Dashed reference lines across the value axis (for example VIF 5 and 10). */
  markers?: number[];
  /** The values are counts: the value axis has whole-number ticks only. */
  counts?: boolean;
}

/** Up to this largest count, a counts axis ticks every whole number. */
const COUNT_TICK_EVERY_UNIT_MAX = 10;

export interface BarFigure {
  data: Data[];
  layout: Partial<Layout>;
  height: number;
}

const BAR_HEIGHT_PX = 24;
const VERTICAL_HEIGHT_PX = 280;
const MIN_HORIZONTAL_HEIGHT_PX = 110;
const TEXT_MARGIN_MAX_PX = 180;

/** Plotly reads labels and hover text as light HTML: keep names as plain text. */
export function plainText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Wider gaps for a few bars, so a lone bar does not fill the whole plot. */
function barGap(count: number, horizontal: boolean): number {
  if (horizontal) return count <= 2 ? 0.45 : 0.28;
  if (count <= 3) return 0.6;
  return count <= 6 ? 0.4 : 0.25;
}

/** A bar chart's Plotly data and layout: full names on hover, cut labels on the axis. */
export function barFigure(bars: Bar[], options: BarFigureOptions): BarFigure {
  const horizontal = options.orientation === 'h';
  const names = bars.map((bar) => bar.name);
  const values = bars.map((bar) => bar.value);
  const hover = bars.map((bar) => plainText(bar.name) + (bar.hover ? `<br>${plainText(bar.hover)}` : ''));
  const hasText = bars.some((bar) => bar.text !== undefined);
  const longestText = Math.max(0, ...bars.map((bar) => Array.from(bar.text ?? '').length));

  const trace: Data = {
    type: 'bar',
    orientation: options.orientation,
    x: horizontal ? values : names,
    y: horizontal ? names : values,
    marker: { color: bars.map((bar) => bar.color ?? CHART_COLORS.accent) },
    customdata: hover,
    hovertemplate: '%{customdata}<extra></extra>',
    ...(hasText
      ? {
          text: bars.map((bar) => plainText(bar.text ?? '')),
          textposition: horizontal ? 'outside' : 'auto',
          cliponaxis: false,
          textfont: { size: 12, color: CHART_COLORS.muted },
        }
      : {}),
  };

  const categoryAxis: Partial<Layout['xaxis']> = {
    type: 'category',
    tickmode: 'array',
    tickvals: names,
    ticktext: bars.map((bar) => plainText(bar.label ?? cutLabel(bar.name))),
    automargin: true,
    showgrid: false,
    linecolor: CHART_COLORS.line,
    ticks: '',
    fixedrange: true,
    ...(horizontal ? { autorange: 'reversed' as const } : { tickangle: bars.length > 6 ? -35 : 0 }),
    ...(options.categoryTitle ? { title: { text: plainText(options.categoryTitle), standoff: 8 } } : {}),
  };
  const valueAxis: Partial<Layout['xaxis']> = {
    gridcolor: CHART_COLORS.grid,
    zeroline: true,
    zerolinecolor: CHART_COLORS.line,
    automargin: true,
    fixedrange: true,
    ...(options.valueRange ? { range: options.valueRange } : { rangemode: 'tozero' as const }),
    ...(options.counts ? { tickformat: ',d', ...(Math.max(0, ...values) <= COUNT_TICK_EVERY_UNIT_MAX ? { dtick: 1 } : {}) } : {}),
    ...(options.valueTitle ? { title: { text: plainText(options.valueTitle), standoff: 8 } } : {}),
  };

  const markers: Partial<Shape>[] = (options.markers ?? []).map((at) => ({
    type: 'line',
    xref: horizontal ? 'x' : 'paper',
    yref: horizontal ? 'paper' : 'y',
    x0: horizontal ? at : 0,
    x1: horizontal ? at : 1,
    y0: horizontal ? 0 : at,
    y1: horizontal ? 1 : at,
    line: { color: CHART_COLORS.neutral, width: 1, dash: 'dot' },
  }));

  const height = horizontal
    ? Math.max(MIN_HORIZONTAL_HEIGHT_PX, bars.length * BAR_HEIGHT_PX + (options.valueTitle ? 76 : 52))
    : VERTICAL_HEIGHT_PX;

  return {
    data: [trace],
    height,
    layout: {
      height,
      margin: { l: 8, r: horizontal ? Math.min(TEXT_MARGIN_MAX_PX, 16 + longestText * 7) : 16, t: 8, b: 8, pad: 4 },
      ...CHART_FRAME,
      bargap: barGap(bars.length, horizontal),
      showlegend: false,
      shapes: markers,
      xaxis: horizontal ? valueAxis : categoryAxis,
      yaxis: horizontal ? categoryAxis : valueAxis,
    },
  };
}
