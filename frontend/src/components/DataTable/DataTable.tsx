import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../i18n/format';
import { useSessionData } from '../../queries/sessionData';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { InfoTip } from '../InfoTip/InfoTip';
import { TrashIcon, UndoIcon } from '../icons';
import { formatCell, fullNumber, isMissingCell, isTruncated, truncate } from './formatCell';
import { useExpandedCells } from './useExpandedCells';
import { useStepSnapshot, type StepSnapshot } from './useStepSnapshot';
import { useTableActions } from './useTableActions';
import { useVisibleRows } from './useVisibleRows';
import './DataTable.css';

interface DataTableProps {
  /** The pipeline step the table belongs to: drops are snapshotted and undone for it. */
  stepId?: number;
  /** The step screen's snapshot, when the screen changes data too; the table keeps its own otherwise. */
  snapshot?: StepSnapshot;
  title?: string;
  info?: ReactNode;
}

/** The data preview of SPEC §2 (the session's current frame): growing rows, truncated cells, column drop and undo. */
export function DataTable({ stepId, snapshot, title, info }: DataTableProps) {
  const { t } = useTranslation();
  // the frame the screens read; the table makes no call for it
  const { columns, preview: data, info: frameInfo } = useSessionData({ read: false });
  const rows = useVisibleRows(data);
  const cells = useExpandedCells(data);
  const ownSnapshot = useStepSnapshot(stepId);
  const stepSnapshot = snapshot ?? ownSnapshot;
  const actions = useTableActions({ stepId, snapshot: stepSnapshot });
  const [columnToDrop, setColumnToDrop] = useState<string | null>(null);
  const busy = actions.droppingColumn !== undefined || actions.undoing;
  const scrollRef = useRef<HTMLDivElement>(null);
  const dropping = actions.droppingColumn !== undefined;
  const focusTableOnDrop = useRef(false);

  // a drop confirmed here removes the button that started it: focus moves to the table, its result
  useEffect(() => {
    if (!dropping || !focusTableOnDrop.current) return;
    focusTableOnDrop.current = false;
    scrollRef.current?.focus();
  }, [dropping]);
  const datasetRows = frameInfo?.shape[0];

  const confirmDrop = () => {
    if (columnToDrop === null) return;
    setColumnToDrop(null);
    focusTableOnDrop.current = true;
    actions.dropColumn(columnToDrop);
  };

  return (
    <div className="data-table">
      <div className="data-table__toolbar">
        {title && (
          <h2 className="data-table__title">
            {title}
            {info && <InfoTip>{info}</InfoTip>}
          </h2>
        )}
        {columns.length > 0 && data.length > 0 && (
          <span className="data-table__count">
            {datasetRows !== undefined && datasetRows > data.length
              ? t('table.previewRowsShown', {
                  count: data.length,
                  shown: formatInteger(rows.visibleCount),
                  total: formatInteger(data.length),
                  rows: formatInteger(datasetRows),
                })
              : t('table.rowsShown', { count: data.length, shown: formatInteger(rows.visibleCount), total: formatInteger(data.length) })}
          </span>
        )}
        <button
          type="button"
          className="button button--ghost button--small data-table__undo"
          onClick={actions.undo}
          disabled={busy || !stepSnapshot.exists}
          title={stepSnapshot.exists ? undefined : t('table.nothingToUndo')}
        >
          <UndoIcon />
          {actions.undoing ? t('table.undoing') : t('table.undo')}
        </button>
      </div>

      {columns.length === 0 ? (
        <p className="data-table__empty">{t('table.emptyColumns')}</p>
      ) : (
        <div
          ref={scrollRef}
          className="data-table__scroll"
          role="region"
          aria-label={title ?? t('table.label')}
          tabIndex={0}
          onScroll={(event) => rows.showMoreNearBottom(event.currentTarget)}
          onWheel={(event) => {
            if (event.deltaY > 0) rows.showMoreNearBottom(event.currentTarget);
          }}
        >
          <table>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    <span className="data-table__column">
                      <span className="data-table__column-name" title={column}>
                        {column}
                      </span>
                      <button
                        type="button"
                        className="data-table__drop"
                        aria-label={t('table.dropColumn', { name: column })}
                        disabled={busy}
                        onClick={() => {
                          if (actions.mayDropColumn()) setColumnToDrop(column);
                        }}
                      >
                        <TrashIcon />
                      </button>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.slice(0, rows.visibleCount).map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {columns.map((column, columnIndex) => {
                    const value = row[columnIndex];
                    const text = formatCell(value);
                    if (!isTruncated(text)) {
                      return (
                        <td key={column} className={isMissingCell(value) ? 'data-table__missing' : undefined} title={fullNumber(value)}>
                          {text}
                        </td>
                      );
                    }
                    const key = `${rowIndex}:${columnIndex}`;
                    const expanded = cells.isExpanded(key);
                    return (
                      <td key={column} className="data-table__long">
                        <button
                          type="button"
                          className="data-table__cell-toggle"
                          aria-expanded={expanded}
                          title={expanded ? t('table.collapseCell') : t('table.expandCell')}
                          onClick={() => cells.toggle(key)}
                        >
                          {expanded ? text : truncate(text)}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {data.length === 0 && <p className="data-table__empty">{t('table.emptyRows')}</p>}
        </div>
      )}

      {rows.hasMore && (
        <button type="button" className="button button--ghost button--small data-table__more" onClick={rows.showMore}>
          {t('table.showMore')}
        </button>
      )}

      {columnToDrop !== null && (
        <ConfirmDialog
          title={t('table.dialogTitle')}
          confirmLabel={t('table.dialogConfirm')}
          cancelLabel={t('table.cancel')}
          onConfirm={confirmDrop}
          onCancel={() => setColumnToDrop(null)}
        >
          {t('table.dialogText', { name: columnToDrop })}
        </ConfirmDialog>
      )}
    </div>
  );
}
