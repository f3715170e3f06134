import type { Data, Layout } from 'plotly.js';

/** A chart's numbers as rows, for the table shown in its place on request. */
export interface ChartTableData {
  columns: string[];
  rows: (string | number)[][];
}

interface Fallbacks {
  category: string;
  value: string;
  series: string;
}

type Trace = Data & { x?: unknown; y?: unknown; name?: string; orientation?: string; hoverinfo?: string };

function axisTitle(axis: Partial<Layout['xaxis']> | undefined): string | undefined {
  const title = axis?.title;
  if (typeof title === 'string') return title;
  return title?.text;
}

/** Plotly reads titles and names as light HTML; the table shows them as text. */
function plain(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function cells(values: unknown): (string | number)[] {
  if (!Array.isArray(values)) return [];
  return values.map((value) => (typeof value === 'number' || typeof value === 'string' ? value : String(value)));
}

/**
 * The rows of a chart's traces, read from the same data Plotly draws: for bars the category then
 * the value, for points and curves x then y, with the series first when there are several.
 * Reference lines (traces that skip the hover) are left out.
 */
export function chartTable(data: Data[], layout: Partial<Layout>, fallbacks: Fallbacks): ChartTableData {
  const traces = (data as Trace[]).filter((trace) => trace.hoverinfo !== 'skip' && Array.isArray(trace.x) && Array.isArray(trace.y));
  const horizontal = traces.some((trace) => trace.type === 'bar' && trace.orientation === 'h');
  const bar = traces.some((trace) => trace.type === 'bar');
  const xTitle = axisTitle(layout.xaxis) ?? (bar && !horizontal ? fallbacks.category : fallbacks.value);
  const yTitle = axisTitle(layout.yaxis) ?? (horizontal ? fallbacks.category : fallbacks.value);
  const named = traces.length > 1;
  const columns = (horizontal ? [yTitle, xTitle] : [xTitle, yTitle]).map(plain);
  const rows = traces.flatMap((trace) => {
    const xs = cells(trace.x);
    const ys = cells(trace.y);
    return xs.map((x, index) => {
      const pair = horizontal ? [ys[index] ?? '', x] : [x, ys[index] ?? ''];
      return named ? [plain(trace.name ?? ''), ...pair] : pair;
    });
  });
  return { columns: named ? [fallbacks.series, ...columns] : columns, rows };
}
