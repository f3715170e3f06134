import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableData } from '../../api/dataset';
import { scaleFeatures, type FrameResult, type ScaleRequest, type ScalingMethod } from '../../api/transforms';
import type { Session } from '../../app/session';
import { useStepSnapshot } from '../../components/DataTable/useStepSnapshot';
import { notify } from '../../components/notify';
import { SelectField } from '../../components/fields/SelectField';
import { nextFreeColumn } from '../../components/SettingsRows/columnChoices';
import { ColumnSettingsCard } from '../../components/SettingsRows/ColumnSettingsCard';
import { useRowList } from '../../components/SettingsRows/useRowList';
import { ContinueButton, StepScreen } from '../../components/StepScreen/StepScreen';
import { errorMessage } from '../../i18n/errorMessage';
import { savedChanges } from '../common/stepResult';
import { rememberSessionTarget, useStepTarget } from '../common/sessionTarget';
import { useFrameChange } from '../common/useFrameChange';
import { useFrameInfo } from '../common/useFrameInfo';
import { GlobalScalingSettings } from './GlobalScalingSettings';
import { stepId } from '../stepKeys';
import {
  columnScaleRequest,
  DEFAULT_SCALING_METHOD,
  globalScaleRequest,
  SCALING_METHODS,
  scalingCandidates,
  SKIPPED_RESULT,
  type ScalingResult,
  type ScalingRow,
} from './scalingRules';

interface ScalingStepProps {
  session: Session;
  onDataChange: (table: TableData) => void;
  onContinue: (result: ScalingResult) => void;
}

/** Step 7: scale numeric columns globally or per column, or skip the step. */
export function ScalingStep({ session, onDataChange, onContinue }: ScalingStepProps) {
  const { t } = useTranslation();
  const info = useFrameInfo();
  const snapshot = useStepSnapshot(stepId('scaling'));
  const change = useFrameChange(snapshot, onDataChange);
  const [method, setMethod] = useState<ScalingMethod>(DEFAULT_SCALING_METHOD);
  const queryClient = useQueryClient();
  const [target, setTarget] = useStepTarget(session, stepId('scaling'));
  const rowList = useRowList<ScalingRow>();
  const [changes, setChanges] = useState(() => savedChanges(session, stepId('scaling')));

  const candidates = scalingCandidates(session.columns, info?.dtypes ?? null, session.currentData, target);
  const rows = rowList.rows.filter((row) => session.columns.includes(row.column) && row.column !== target);

  const scaleMutation = (action: string, failed: string) => ({
    mutationFn: (request: ScaleRequest) => change(() => scaleFeatures(request)),
    onSuccess: (result: FrameResult, request: ScaleRequest) => {
      setChanges((current) => [...current, { action, message: result.message, shape: result.shape }]);
      // a target sent with the step becomes the session target on the server
      if (request.target_column) rememberSessionTarget(queryClient, request.target_column);
      const count = request.column_specific_settings ? Object.keys(request.column_specific_settings).length : candidates.length;
      notify.success(t('scaling.applied', { count }));
    },
    onError: (error: unknown) => notify.error(failed, errorMessage(error, t)),
  });
  const applyGlobal = useMutation(scaleMutation('global', t('scaling.globalFailed')));
  const applyColumns = useMutation(scaleMutation('columns', t('scaling.columnsFailed')));
  const busy = applyGlobal.isPending || applyColumns.isPending;

  const addRow = () => {
    const column = nextFreeColumn(candidates, rows);
    if (column === null) {
      notify.info(candidates.length === 0 ? t('scaling.noCandidates') : t('scaling.columns.noneLeft'));
      return;
    }
    rowList.add({ column, method });
  };

  return (
    <StepScreen
      stepId={stepId('scaling')}
      title={t('scaling.title')}
      description={t('scaling.description')}
      columns={session.columns}
      data={session.currentData}
      snapshot={snapshot}
      onDataChange={onDataChange}
      actions={
        <>
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => onContinue(SKIPPED_RESULT)}>
            {t('scaling.skip')}
          </button>
          <ContinueButton
            label={t('scaling.continue')}
            busy={busy}
            onClick={() => onContinue({ skipped: false, changes, target_column: target === '' ? null : target })}
          />
        </>
      }
    >
      <GlobalScalingSettings
        method={method}
        onMethodChange={setMethod}
        target={target}
        onTargetChange={setTarget}
        columns={session.columns}
        candidates={candidates}
        applying={applyGlobal.isPending}
        busy={busy}
        onApply={() => applyGlobal.mutate(globalScaleRequest(method, target))}
      />
      <ColumnSettingsCard
        rows={rows}
        candidates={candidates}
        info={t('scaling.columns.info')}
        emptyText={t('scaling.columns.empty')}
        onAdd={addRow}
        onChange={rowList.update}
        onRemove={rowList.remove}
        applying={applyColumns.isPending}
        busy={busy}
        onApply={() => applyColumns.mutate(columnScaleRequest(rows, target))}
        renderFields={(row, change) => (
          <SelectField
            label={t('common.method')}
            value={row.method}
            choices={SCALING_METHODS.map((value) => ({ value, label: t(`scaling.methods.${value}`) }))}
            onChange={(method) => change({ method })}
          />
        )}
      />
    </StepScreen>
  );
}
