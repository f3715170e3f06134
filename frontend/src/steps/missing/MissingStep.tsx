import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableData } from '../../api/dataset';
import { handleMissing, type FrameResult, type MissingRequest } from '../../api/transforms';
import type { Session } from '../../app/session';
import { useStepSnapshot } from '../../components/DataTable/useStepSnapshot';
import { notify } from '../../components/notify';
import { SelectField } from '../../components/fields/SelectField';
import { TextField } from '../../components/fields/TextField';
import { nextFreeColumn } from '../../components/SettingsRows/columnChoices';
import { ColumnSettingsCard } from '../../components/SettingsRows/ColumnSettingsCard';
import { useRowList } from '../../components/SettingsRows/useRowList';
import { ContinueButton, StepScreen } from '../../components/StepScreen/StepScreen';
import { errorMessage } from '../../i18n/errorMessage';
import { savedChanges, type AppliedChange } from '../common/stepResult';
import { useFrameChange } from '../common/useFrameChange';
import { useFrameInfo } from '../common/useFrameInfo';
import { GlobalMissingSettings } from './GlobalMissingSettings';
import { stepId } from '../stepKeys';
import { MissingSummary } from './MissingSummary';
import {
  columnRequest,
  DEFAULT_GLOBAL_SETTINGS,
  globalRequest,
  missingCandidates,
  needsFillValue,
  newRow,
  strategiesFor,
  strategyForColumn,
  type MissingRow,
} from './missingRules';

interface MissingStepProps {
  session: Session;
  onDataChange: (table: TableData) => void;
  onContinue: (result: { changes: AppliedChange[] }) => void;
}

/** Step 3: the missing-value summary, global and column-specific strategies, and the preview. */
export function MissingStep({ session, onDataChange, onContinue }: MissingStepProps) {
  const { t } = useTranslation();
  const info = useFrameInfo();
  const snapshot = useStepSnapshot(stepId('missing'));
  const change = useFrameChange(snapshot, onDataChange);
  const [settings, setSettings] = useState(DEFAULT_GLOBAL_SETTINGS);
  const rowList = useRowList<MissingRow>();
  const [changes, setChanges] = useState(() => savedChanges(session, stepId('missing')));

  const dtypes = info?.dtypes ?? {};
  const candidates = missingCandidates(session.columns, info?.missingValues ?? null);
  const rows = rowList.rows.filter((row) => session.columns.includes(row.column));

  const record = (action: string, result: FrameResult) => {
    setChanges((current) => [...current, { action, message: result.message, shape: result.shape }]);
    notify.success(t('missing.applied', { rows: result.shape[0], columns: result.shape[1] }));
  };

  const applyGlobal = useMutation({
    mutationFn: (request: MissingRequest) => change(() => handleMissing(request)),
    onSuccess: (result) => record('global', result),
    onError: (error) => notify.error(t('missing.globalFailed'), errorMessage(error, t)),
  });
  const applyColumns = useMutation({
    mutationFn: (request: MissingRequest) => change(() => handleMissing(request)),
    onSuccess: (result) => record('columns', result),
    onError: (error) => notify.error(t('missing.columnsFailed'), errorMessage(error, t)),
  });
  const busy = applyGlobal.isPending || applyColumns.isPending;

  const addRow = () => {
    const column = nextFreeColumn(candidates, rows);
    if (column === null) {
      notify.info(t('missing.columns.noneLeft'));
      return;
    }
    rowList.add(newRow(column, dtypes[column]));
  };

  return (
    <StepScreen
      stepId={stepId('missing')}
      title={t('missing.title')}
      description={t('missing.description')}
      columns={session.columns}
      data={session.currentData}
      snapshot={snapshot}
      onDataChange={onDataChange}
      actions={
        <ContinueButton label={t('missing.continue')} busy={busy} onClick={() => onContinue({ changes })} />
      }
    >
      <MissingSummary info={info} />
      <GlobalMissingSettings
        settings={settings}
        onChange={setSettings}
        applying={applyGlobal.isPending}
        busy={busy}
        onApply={() => {
          const request = globalRequest(settings);
          if (request !== null) applyGlobal.mutate(request);
        }}
      />
      <ColumnSettingsCard
        rows={rows}
        candidates={candidates}
        info={t('missing.columns.info')}
        emptyText={t('missing.columns.empty')}
        onAdd={addRow}
        onChange={rowList.update}
        onRemove={rowList.remove}
        applying={applyColumns.isPending}
        busy={busy}
        onApply={() => applyColumns.mutate(columnRequest(rows))}
        onColumnChange={(row, column) => ({ strategy: strategyForColumn(row.strategy, dtypes[column]) })}
        renderFields={(row, change) => (
          <>
            <SelectField
              label={t('common.strategy')}
              value={row.strategy}
              choices={strategiesFor(dtypes[row.column]).map((value) => ({ value, label: t(`missing.strategies.${value}`) }))}
              onChange={(strategy) => change({ strategy })}
            />
            {needsFillValue(row.strategy) && (
              <TextField label={t('missing.fillValue')} value={row.fillValue} onChange={(fillValue) => change({ fillValue })} />
            )}
          </>
        )}
      />
    </StepScreen>
  );
}
