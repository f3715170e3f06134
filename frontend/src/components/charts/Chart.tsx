import type { Config, Data, Layout } from 'plotly.js';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { chartSeparators } from '../../i18n/format';
import { chartTable, type ChartTableData } from './chartTable';
import { ChartTable } from './ChartTable';
import './Chart.css';

// Plotly is a large library: it is fetched as its own chunk when the first chart shows.
const Plot = lazy(() => import('./Plot'));

const CONFIG: Partial<Config> = { displayModeBar: false, responsive: true, displaylogo: false };

export interface ChartProps {
  /** The chart's accessible name. */
  label: string;
  data: Data[];
  layout: Partial<Layout>;
  height: number;
  /** The numbers the table view lists, when reading them from the traces would not do (a beeswarm's jittered places). */
  table?: ChartTableData;
}

/**
 * A Plotly chart, loaded lazily; a placeholder of the same height holds its place meanwhile.
 * Its numbers use the interface language's decimal mark and thousands separator.
 * Under it, a toggle shows the same numbers as a table, for anyone who cannot see the chart.
 */
export function Chart({ label, data, layout, height, table: given }: ChartProps) {
  const { t, i18n } = useTranslation();
  const table =
    given ??
    chartTable(data, layout, {
      category: t('charts.table.category'),
      value: t('charts.table.value'),
      series: t('charts.table.series'),
    });
  return (
    <div className="chart-block">
      <figure className="chart" role="img" aria-label={label} style={{ height }}>
        <Suspense fallback={<div className="chart__placeholder" style={{ height }} />}>
          <Plot
            data={data}
            layout={{ ...layout, separators: chartSeparators(i18n.language) }}
            config={CONFIG}
            useResizeHandler
            className="chart__plot"
            style={{ height }}
          />
        </Suspense>
      </figure>
      <ChartTable label={label} table={table} />
    </div>
  );
}
