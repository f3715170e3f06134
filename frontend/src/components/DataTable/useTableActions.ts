import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dropColumns, undoStep, type TableData } from '../../api/dataset';
import { errorMessage } from '../../i18n/errorMessage';
import { readFrameAgain, showTable, useSessionData } from '../../queries/sessionData';
import { useConfirmDataChange } from '../ConfirmDialog/dataChangeGuard';
import { notify } from '../notify';
import type { StepSnapshot } from './useStepSnapshot';

interface TableActionsOptions {
  stepId: number | undefined;
  snapshot: StepSnapshot;
}

function withoutColumns(table: TableData, columns: readonly string[]): TableData {
  const keep = table.columns.map((column) => !columns.includes(column));
  if (keep.every(Boolean)) return table;
  return {
    columns: table.columns.filter((_, i) => keep[i]),
    data: table.data.map((row) => row.filter((_, i) => keep[i])),
  };
}

function tableOf(response: TableData): TableData {
  return { columns: response.columns, data: response.data };
}

/**
 * The table's column drop and undo (SPEC §4): snapshot first when the table has a step and
 * none was taken in this view, optimistic removal, the drop, then a reload of the full
 * session data, with restore on failure and the drop's own data as fallback. A screen may
 * drop several columns at once the same way (Analyze's suggested drop).
 */
export function useTableActions({ stepId, snapshot }: TableActionsOptions) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { columns, preview } = useSessionData({ read: false });
  const table: TableData = { columns, data: preview };
  const confirmDataChange = useConfirmDataChange();
  /** Runs a drop or an undo once the person agrees to lose what it would discard. */
  const whenConfirmed = (run: () => void) => {
    void confirmDataChange().then((go) => {
      if (go) run();
    });
  };

  const drop = useMutation({
    mutationFn: async (columns: string[]) => {
      try {
        await snapshot.take();
      } catch (error) {
        notify.error(t('table.snapshotFailed', { error: errorMessage(error, t) }));
        return;
      }
      const original = table;
      await showTable(queryClient, withoutColumns(original, columns));
      let dropped: TableData;
      try {
        dropped = tableOf(await dropColumns(columns, stepId));
      } catch (error) {
        await showTable(queryClient, original);
        notify.error(errorMessage(error, t, t('table.dropFailed')));
        return;
      }
      try {
        await readFrameAgain(queryClient);
      } catch {
        await showTable(queryClient, dropped);
        notify.warning(t('table.refreshAfterDropFailed'));
      }
      notify.success(
        columns.length === 1 ? t('table.columnDropped', { name: columns[0] }) : t('table.columnsDropped', { names: columns.join(', ') }),
      );
    },
  });

  const undo = useMutation({
    mutationFn: async () => {
      if (stepId === undefined || stepId <= 0) return;
      let undone: TableData;
      try {
        undone = tableOf(await undoStep(stepId));
      } catch (error) {
        notify.error(errorMessage(error, t, t('table.undoFailed')));
        return;
      }
      try {
        await readFrameAgain(queryClient);
      } catch {
        await showTable(queryClient, undone);
        notify.warning(t('table.refreshAfterUndoFailed'));
      }
      snapshot.reset();
      notify.success(t('table.undoCompleted'));
    },
  });

  /** SPEC §5: a drop is refused when it would leave no column. */
  const mayDropColumn = (count = 1) => {
    if (table.columns.length > count) return true;
    notify.warning(t('table.lastColumn'));
    return false;
  };

  return {
    mayDropColumn,
    dropColumn: (column: string) => whenConfirmed(() => drop.mutate([column])),
    /** Drops several columns in one call, after the same last-column check. */
    dropColumns: (columns: string[]) => {
      if (columns.length > 0 && mayDropColumn(columns.length)) whenConfirmed(() => drop.mutate(columns));
    },
    droppingColumn: drop.isPending ? drop.variables.join(', ') : undefined,
    undo: () => whenConfirmed(() => undo.mutate()),
    undoing: undo.isPending,
  };
}
