import { useTranslation } from 'react-i18next';
import { formatDecimal, useNumberFormat } from '../../i18n/format';
import { BarChart } from './BarChart';
import { CHART_COLORS } from './chartTheme';
import { missingByColumn } from './missingByColumn';

interface MissingByColumnChartProps {
  missing: Record<string, number>;
  /** The frame's row count, for the percentages in the hover box. */
  rows: number;
  /** Shown instead of the chart when nothing is missing. */
  emptyText: string;
}

/** Missing values per column, most first, with count and share on hover. */
export function MissingByColumnChart({ missing, rows, emptyText }: MissingByColumnChartProps) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const items = missingByColumn(missing);
  if (items.length === 0) return <p className="chart__empty">{emptyText}</p>;
  return (
    <BarChart
      label={t('charts.missingByColumn.title')}
      orientation="v"
      counts
      valueTitle={t('charts.missingByColumn.axis')}
      bars={items.map(({ column, count }) => ({
        name: column,
        value: count,
        color: CHART_COLORS.warning,
        hover: t('charts.missingByColumn.hover', {
          count: number(count),
          percent: rows > 0 ? formatDecimal((count / rows) * 100, 1) : formatDecimal(0, 1),
        }),
      }))}
    />
  );
}
