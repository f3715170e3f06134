import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import type { TableData } from '../../api/dataset';
import { encodeFeatures, type EncodeRequest, type FrameResult } from '../../api/transforms';
import type { Session } from '../../app/session';
import { useStepSnapshot } from '../../components/DataTable/useStepSnapshot';
import { notify } from '../../components/notify';
import { CheckboxField } from '../../components/fields/CheckboxField';
import { SelectField } from '../../components/fields/SelectField';
import { nextFreeColumn } from '../../components/SettingsRows/columnChoices';
import { ColumnSettingsCard } from '../../components/SettingsRows/ColumnSettingsCard';
import { useRowList } from '../../components/SettingsRows/useRowList';
import { ContinueButton, StepScreen } from '../../components/StepScreen/StepScreen';
import { errorMessage } from '../../i18n/errorMessage';
import { savedChanges, type AppliedChange } from '../common/stepResult';
import { rememberSessionTarget, useStepTarget } from '../common/sessionTarget';
import { useFrameChange } from '../common/useFrameChange';
import { useFrameInfo } from '../common/useFrameInfo';
import {
  columnEncodingRequest,
  DEFAULT_GLOBAL_ENCODING,
  ENCODING_STRATEGIES,
  encodingCandidates,
  globalEncodingRequest,
  newEncodingRow,
  usesOrdinalFlag,
  type Checked,
  type EncodingRow,
} from './encodingRules';
import { GlobalEncodingSettings } from './GlobalEncodingSettings';
import { stepId } from '../stepKeys';

export interface EncodingResult {
  changes: AppliedChange[];
  target_column: string | null;
}

interface EncodingStepProps {
  session: Session;
  onDataChange: (table: TableData) => void;
  onContinue: (result: EncodingResult) => void;
}

/**
 * SPEC §8: a refusal from the server reads as the step's failure with its reason; a call
 * that got no answer at all as 'An error occurred while applying.'.
 */
export function notifyEncodingFailure(error: unknown, t: TFunction, failed: string): void {
  const answered = error instanceof ApiError && error.status !== undefined;
  notify.error(answered ? failed : t('encoding.applyError'), errorMessage(error, t));
}

/** Step 5: encode categorical columns globally or per column. */
export function EncodingStep({ session, onDataChange, onContinue }: EncodingStepProps) {
  const { t } = useTranslation();
  const info = useFrameInfo();
  const snapshot = useStepSnapshot(stepId('encoding'));
  const change = useFrameChange(snapshot, onDataChange);
  const [settings, setSettings] = useState(DEFAULT_GLOBAL_ENCODING);
  const queryClient = useQueryClient();
  const [target, setTarget] = useStepTarget(session, stepId('encoding'));
  const rowList = useRowList<EncodingRow>();
  const [changes, setChanges] = useState(() => savedChanges(session, stepId('encoding')));

  const candidates = encodingCandidates(session.columns, info?.dtypes ?? null, target);
  const rows = rowList.rows.filter((row) => session.columns.includes(row.column) && row.column !== target);

  const encodeMutation = (action: string, applied: string, failed: string) => ({
    mutationFn: (request: EncodeRequest) => change(() => encodeFeatures(request)),
    onSuccess: (result: FrameResult, request: EncodeRequest) => {
      setChanges((current) => [...current, { action, message: result.message, shape: result.shape }]);
      // a target sent with the step becomes the session target on the server
      if (request.target_column) rememberSessionTarget(queryClient, request.target_column);
      notify.success(applied);
      const dropped = result.dropped_columns ?? [];
      if (dropped.length > 0) notify.info(t('encoding.droppedIdLike', { names: dropped.join(', ') }));
    },
    onError: (error: unknown) => notifyEncodingFailure(error, t, failed),
  });
  const applyGlobal = useMutation(encodeMutation('global', t('encoding.globalApplied'), t('encoding.globalFailed')));
  const applyColumns = useMutation(encodeMutation('columns', t('encoding.columnsApplied'), t('encoding.columnsFailed')));
  const busy = applyGlobal.isPending || applyColumns.isPending;

  const send = (checked: Checked | null, mutate: (request: EncodeRequest) => void) => {
    if (checked === null) return;
    if ('error' in checked) notify.error(t(checked.error));
    else mutate(checked.request);
  };

  const addRow = () => {
    const column = nextFreeColumn(candidates, rows);
    if (column === null) {
      notify.info(t('encoding.noColumnToAdd'));
      return;
    }
    rowList.add(newEncodingRow(column));
  };

  return (
    <StepScreen
      stepId={stepId('encoding')}
      title={t('encoding.title')}
      description={t('encoding.description')}
      columns={session.columns}
      data={session.currentData}
      snapshot={snapshot}
      onDataChange={onDataChange}
      actions={
        <ContinueButton
          label={t('encoding.continue')}
          busy={busy}
          onClick={() => onContinue({ changes, target_column: target === '' ? null : target })}
        />
      }
    >
      <GlobalEncodingSettings
        settings={settings}
        onChange={setSettings}
        target={target}
        onTargetChange={setTarget}
        columns={session.columns}
        candidates={candidates}
        applying={applyGlobal.isPending}
        busy={busy}
        onApply={() => send(globalEncodingRequest(settings, target), applyGlobal.mutate)}
      />
      <ColumnSettingsCard
        rows={rows}
        candidates={candidates}
        info={t('encoding.columns.info')}
        emptyText={t('encoding.columns.empty')}
        onAdd={addRow}
        onChange={rowList.update}
        onRemove={rowList.remove}
        applying={applyColumns.isPending}
        busy={busy}
        onApply={() => send(columnEncodingRequest(rows, target, settings.maxCategories), applyColumns.mutate)}
        renderFields={(row, change) => (
          <>
            <SelectField
              label={t('common.strategy')}
              value={row.strategy}
              choices={ENCODING_STRATEGIES.map((value) => ({ value, label: t(`encoding.strategies.${value}`) }))}
              onChange={(strategy) => change({ strategy })}
            />
            {usesOrdinalFlag(row.strategy) && (
              <CheckboxField
                label={t('encoding.ordinal')}
                info={t('encoding.ordinalInfo')}
                checked={row.ordinal}
                onChange={(ordinal) => change({ ordinal })}
              />
            )}
          </>
        )}
      />
    </StepScreen>
  );
}
