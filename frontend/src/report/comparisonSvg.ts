import { CHART_COLORS } from '../components/charts/chartTheme';
import type { ScoreBar } from '../steps/evaluation/evaluationCharts';
import { escapeHtml } from './html';

/** A model's bar: its score as the screen draws it, and the score with its spread in words. */
export interface ComparisonBar extends ScoreBar {
  /** `mean ± std`, or the value alone: what the chart's description reads out. */
  spoken: string;
}

export interface ComparisonWords {
  title: string;
  valueTitle: string;
  /** Says what the error bars are; given only when a bar has a spread. */
  spreadNote: string | null;
  /** A number on the value axis, as the report writes numbers. */
  tick: (value: number) => string;
}

/** The drawing's frame in SVG units: the plot area sits inside the margins. */
export const COMPARISON_PLOT = { width: 880, height: 380, left: 72, right: 24, top: 24, bottom: 120, capHalfWidth: 6 } as const;

const TICKS = 5;

function spreadOf(bar: ScoreBar): number {
  return bar.spread !== null && bar.spread !== undefined && Number.isFinite(bar.spread) ? bar.spread : 0;
}

/**
 * Where a value sits on the chart's vertical axis: zero and every bar with its error bar in
 * range, and room above the tallest for its value (the screen's comparison axis).
 */
export function comparisonScale(bars: readonly ScoreBar[]): { low: number; high: number; y: (value: number) => number } {
  const high = Math.max(0, ...bars.map((bar) => bar.value + spreadOf(bar))) * 1.15 || 1;
  const low = Math.min(0, ...bars.map((bar) => bar.value - spreadOf(bar))) * 1.15;
  const { top, height, bottom } = COMPARISON_PLOT;
  const plotHeight = height - top - bottom;
  return { low, high, y: (value) => top + ((high - value) / (high - low)) * plotHeight };
}

/** The middle of the bar at `index` of `count`. */
export function comparisonBarCenter(index: number, count: number): number {
  const { left, right, width } = COMPARISON_PLOT;
  return left + ((width - left - right) / count) * (index + 0.5);
}

function line(x1: number, y1: number, x2: number, y2: number, className: string, color: string): string {
  return `<line class="${className}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${color}" stroke-width="1.5"/>`;
}

function text(x: number, y: number, content: string, attributes: string): string {
  return `<text x="${x}" y="${y}" ${attributes}>${escapeHtml(content)}</text>`;
}

/**
 * The models compared on the primary metric, drawn as plain SVG so its geometry is exact:
 * the best bar green, each value above its bar, and a cross-validated score's ± one standard
 * deviation as an error bar with caps. Its title and description say the same in words,
 * spreads included, for a screen reader.
 */
export function comparisonSvg(bars: readonly ComparisonBar[], words: ComparisonWords): string {
  const { width, height, left, right, top, bottom, capHalfWidth } = COMPARISON_PLOT;
  const { low, high, y } = comparisonScale(bars);
  const band = (width - left - right) / Math.max(bars.length, 1);
  const grid = Array.from({ length: TICKS }, (_, index) => low + ((high - low) * index) / (TICKS - 1)).map(
    (value) =>
      line(left, y(value), width - right, y(value), 'grid', CHART_COLORS.grid) +
      text(left - 8, y(value) + 4, words.tick(value), `text-anchor="end" fill="${CHART_COLORS.muted}" font-size="12"`),
  );
  const drawn = bars.map((bar, index) => {
    const center = comparisonBarCenter(index, bars.length);
    const spread = spreadOf(bar);
    const barTop = Math.min(y(bar.value), y(0));
    const color = bar.best ? CHART_COLORS.good : CHART_COLORS.accent;
    const rect = `<rect class="bar" x="${center - band * 0.3}" y="${barTop}" width="${band * 0.6}" height="${Math.abs(y(0) - y(bar.value))}" fill="${color}"/>`;
    const errorBar =
      bar.spread === null || bar.spread === undefined
        ? ''
        : `<g class="error-bar">${[
            line(center, y(bar.value + spread), center, y(bar.value - spread), 'error-bar-stem', CHART_COLORS.text),
            line(
              center - capHalfWidth,
              y(bar.value + spread),
              center + capHalfWidth,
              y(bar.value + spread),
              'error-bar-cap',
              CHART_COLORS.text,
            ),
            line(
              center - capHalfWidth,
              y(bar.value - spread),
              center + capHalfWidth,
              y(bar.value - spread),
              'error-bar-cap',
              CHART_COLORS.text,
            ),
          ].join('')}</g>`;
    const value = text(
      center,
      Math.min(barTop, y(bar.value + spread)) - 6,
      bar.text,
      `text-anchor="middle" fill="${CHART_COLORS.text}" font-size="12"`,
    );
    const nameY = height - bottom + 16;
    const name = text(
      center,
      nameY,
      bar.model,
      `text-anchor="end" transform="rotate(-30 ${center} ${nameY})" fill="${CHART_COLORS.text}" font-size="12"`,
    );
    return rect + errorBar + value + name;
  });
  const axisTitleY = top + (height - top - bottom) / 2;
  const axisTitle = text(
    16,
    axisTitleY,
    words.valueTitle,
    `text-anchor="middle" transform="rotate(-90 16 ${axisTitleY})" fill="${CHART_COLORS.muted}" font-size="12"`,
  );
  const spoken = bars.map((bar) => `${bar.model}: ${bar.spoken}`).join('; ');
  const description = words.spreadNote === null ? spoken : `${spoken}. ${words.spreadNote}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="comparison-title comparison-description" font-family="system-ui, sans-serif">`,
    `<title id="comparison-title">${escapeHtml(words.title)}</title>`,
    `<desc id="comparison-description">${escapeHtml(description)}</desc>`,
    ...grid,
    line(left, y(0), width - right, y(0), 'zero', CHART_COLORS.line),
    ...drawn,
    axisTitle,
    '</svg>',
  ].join('');
}
