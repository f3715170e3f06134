import { useTranslation } from 'react-i18next';
import { nextFreeColumn } from '../../components/SettingsRows/columnChoices';
import { useRowList } from '../../components/SettingsRows/useRowList';
import { notify } from '../../components/notify';
import type { ColumnSettingsStep } from '../stepKeys';

interface ColumnRowsOptions<Row> {
  /** The frame's columns a row may still stand for; rows of other columns are not shown. */
  present: readonly string[];
  /** The columns a row may choose (SPEC §5). */
  candidates: string[];
  newRow: (column: string) => Row;
  /** Said when every candidate already has a row. */
  noneLeft: string;
}

/** The rows of a step's column-specific settings card, with its texts, as `ColumnSettingsCard` takes them. */
export function useColumnRows<Row extends { column: string }>(
  step: ColumnSettingsStep,
  { present, candidates, newRow, noneLeft }: ColumnRowsOptions<Row>,
) {
  const { t } = useTranslation();
  const rowList = useRowList<Row>();
  const rows = rowList.rows.filter((row) => present.includes(row.column));
  const onAdd = () => {
    const column = nextFreeColumn(candidates, rows);
    if (column === null) notify.info(noneLeft);
    else rowList.add(newRow(column));
  };
  return {
    rows,
    candidates,
    info: t(`${step}.columns.info`),
    emptyText: t(`${step}.columns.empty`),
    onAdd,
    onChange: rowList.update,
    onRemove: rowList.remove,
  };
}
