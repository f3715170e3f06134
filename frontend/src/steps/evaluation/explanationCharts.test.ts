import type { PlotData } from 'plotly.js';
import { describe, expect, it } from 'vitest';
import type { BeeswarmColumn } from '../../api/training';
import { CHART_COLORS } from '../../components/charts/chartTheme';
import { chartTable } from '../../components/charts/chartTable';
import { beeswarmFigure, scaledValues, summaryFigure, SWARM_HALF_HEIGHT, swarmOffsets } from './explanationCharts';

type Trace = Partial<PlotData> & { marker: { color: unknown; showscale?: boolean; cmin?: number; cmax?: number } };

const COLUMNS = [
  { column: 'age', mean_abs_contribution: 0.05 },
  { column: 'customer_lifetime_value', mean_abs_contribution: 0.2 },
  { column: 'city', mean_abs_contribution: 0.01 },
];

const BEESWARM: BeeswarmColumn[] = [
  { column: 'customer_lifetime_value', kind: 'number', contributions: [-0.1, 0.05, 0.2], values: [20, null, 60] },
  { column: 'city', kind: 'category', contributions: [0.01, -0.01, 0.01], values: ['Oslo', 'Lima', null] },
  {
    column: 'joined',
    kind: 'date',
    contributions: [0, 0.5, 1],
    values: ['2024-01-01T00:00:00', '2024-01-03T00:00:00', '2024-01-02T00:00:00'],
  },
];

const LABELS = { contribution: 'Contribution', column: 'Column', value: 'Value', low: 'Low', high: 'High' };
const FORMAT = { number: (value: number) => `n${value}`, date: (iso: string) => `d${iso.slice(0, 10)}` };

describe('summaryFigure', () => {
  it('draws mean |contribution| per column, strongest first, with the value at each bar', () => {
    const figure = summaryFigure(COLUMNS, 'Mean |contribution|', (value) => value.toFixed(2));
    const trace = figure.data[0] as Partial<PlotData>;
    expect(trace.y).toEqual(['customer_lifetime_value', 'age', 'city']);
    expect(trace.x).toEqual([0.2, 0.05, 0.01]);
    expect(trace.text).toEqual(['0.20', '0.05', '0.01']);
    expect(figure.layout.yaxis?.ticktext).toEqual(['customer_lifet…', 'age', 'city']);
    expect(chartTable(figure.data, figure.layout, { category: 'Category', value: 'Value', series: 'Series' })).toEqual({
      columns: ['Category', 'Mean |contribution|'],
      rows: [
        ['customer_lifetime_value', 0.2],
        ['age', 0.05],
        ['city', 0.01],
      ],
    });
  });
});

describe('swarmOffsets', () => {
  it('spreads points of one bin above and below the line, and leaves a lone point on it', () => {
    expect(swarmOffsets([0, 0, 0, 1])).toEqual([0, SWARM_HALF_HEIGHT, -SWARM_HALF_HEIGHT, 0]);
  });

  it('keeps every point within the row and gives points of equal contribution different places', () => {
    const contributions = [0, 1, ...Array<number>(7).fill(0.25), ...Array<number>(4).fill(0.75)];
    const offsets = swarmOffsets(contributions);
    expect(Math.max(...offsets.map(Math.abs))).toBeCloseTo(SWARM_HALF_HEIGHT);
    expect(new Set(offsets.slice(2, 9)).size).toBe(7);
    expect(new Set(offsets.slice(9)).size).toBe(4);
    expect(offsets.slice(0, 2)).toEqual([0, 0]);
  });

  it('leaves every point on the line when all contributions are equal and alone', () => {
    expect(swarmOffsets([0.5])).toEqual([0]);
    expect(swarmOffsets([])).toEqual([]);
  });
});

describe('scaledValues', () => {
  it('places numbers and dates from 0 to 1 within their column, and text and missing values nowhere', () => {
    expect(scaledValues(BEESWARM[0] as BeeswarmColumn)).toEqual([0, null, 1]);
    expect(scaledValues(BEESWARM[1] as BeeswarmColumn)).toEqual([null, null, null]);
    expect(scaledValues(BEESWARM[2] as BeeswarmColumn)).toEqual([0, 1, 0.5]);
    expect(scaledValues({ column: 'flag', kind: 'number', contributions: [1, 2], values: [3, 3] })).toEqual([0.5, 0.5]);
  });
});

describe('beeswarmFigure', () => {
  const figure = beeswarmFigure(BEESWARM, LABELS, FORMAT);
  const traces = figure.data as Trace[];

  it('puts each column on its own line, strongest at the top, with cut labels', () => {
    expect(figure.layout.yaxis?.tickvals).toEqual([0, 1, 2]);
    expect(figure.layout.yaxis?.ticktext).toEqual(['customer_lifet…', 'city', 'joined']);
    expect(figure.layout.yaxis?.range).toEqual([2.5, -0.5]);
    for (const trace of traces) {
      const line = ['customer_lifetime_value', 'city', 'joined'].indexOf(trace.name ?? '');
      for (const y of trace.y as number[]) expect(Math.abs(y - line)).toBeLessThanOrEqual(SWARM_HALF_HEIGHT);
    }
  });

  it('colours numbers and dates by their scaled value, the rest grey, with one colour scale', () => {
    expect(traces.map((trace) => [trace.name, trace.x])).toEqual([
      ['customer_lifetime_value', [-0.1, 0.2]],
      ['customer_lifetime_value', [0.05]],
      ['city', [0.01, -0.01, 0.01]],
      ['joined', [0, 0.5, 1]],
    ]);
    expect(traces.map((trace) => trace.marker.color)).toEqual([[0, 1], CHART_COLORS.neutral, CHART_COLORS.neutral, [0, 1, 0.5]]);
    expect(traces.map((trace) => trace.marker.showscale)).toEqual([true, undefined, undefined, false]);
    expect([traces[3]?.marker.cmin, traces[3]?.marker.cmax]).toEqual([0, 1]);
  });

  it('writes the full column name, its value and the contribution in the hover box', () => {
    expect(traces[0]?.customdata).toEqual([
      'customer_lifetime_value<br>Value: n20<br>Contribution: n-0.1',
      'customer_lifetime_value<br>Value: n60<br>Contribution: n0.2',
    ]);
    expect(traces[1]?.customdata).toEqual(['customer_lifetime_value<br>Value: —<br>Contribution: n0.05']);
    expect(traces[2]?.customdata?.[0]).toBe('city<br>Value: Oslo<br>Contribution: n0.01');
    expect(traces[3]?.customdata?.[1]).toBe('joined<br>Value: d2024-01-03<br>Contribution: n0.5');
  });

  it('lists every point as a table row: column, contribution, value', () => {
    expect(figure.table.columns).toEqual(['Column', 'Contribution', 'Value']);
    expect(figure.table.rows).toEqual([
      ['customer_lifetime_value', -0.1, 20],
      ['customer_lifetime_value', 0.05, '—'],
      ['customer_lifetime_value', 0.2, 60],
      ['city', 0.01, 'Oslo'],
      ['city', -0.01, 'Lima'],
      ['city', 0.01, '—'],
      ['joined', 0, 'd2024-01-01'],
      ['joined', 0.5, 'd2024-01-03'],
      ['joined', 1, 'd2024-01-02'],
    ]);
  });

  it('grows with its columns and marks zero on the contribution axis', () => {
    expect(beeswarmFigure([...BEESWARM, ...BEESWARM], LABELS, FORMAT).height).toBeGreaterThan(figure.height);
    expect(figure.layout.xaxis?.zeroline).toBe(true);
  });
});
