import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartTableData } from './chartTable';

/** Up to 4 decimals, written as the interface language writes numbers. */
function useCellFormat(): (cell: string | number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  return (cell) => (typeof cell === 'number' ? format.format(cell) : cell);
}

/** A "Show as table" toggle under a chart, and the chart's numbers as a table when shown. */
export function ChartTable({ label, table }: { label: string; table: ChartTableData }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const tableId = useId();
  const cell = useCellFormat();
  return (
    <div className="chart-table">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-expanded={shown}
        aria-controls={shown ? tableId : undefined}
        onClick={() => setShown((current) => !current)}
      >
        {shown ? t('charts.table.hide') : t('charts.table.show')}
      </button>
      {shown && (
        <div className="chart-table__scroll" id={tableId} tabIndex={0} role="region" aria-label={label}>
          <table className="chart-table__table">
            <caption className="visually-hidden">{label}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((value, column) => (
                    <td key={column}>{cell(value)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
