import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableData } from '../../api/dataset';
import { removeOutliers, type FrameResult, type RemoveOutliersRequest } from '../../api/transforms';
import type { Session } from '../../app/session';
import { useStepSnapshot } from '../../components/DataTable/useStepSnapshot';
import { notify } from '../../components/notify';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { nextFreeColumn } from '../../components/SettingsRows/columnChoices';
import { ColumnSettingsCard } from '../../components/SettingsRows/ColumnSettingsCard';
import { useRowList } from '../../components/SettingsRows/useRowList';
import { ContinueButton, StepScreen } from '../../components/StepScreen/StepScreen';
import { errorMessage } from '../../i18n/errorMessage';
import { savedChanges, type AppliedChange } from '../common/stepResult';
import { tableVersion } from '../common/tableVersion';
import { useFrameChange } from '../common/useFrameChange';
import { useFrameInfo } from '../common/useFrameInfo';
import { DetectionSettings } from './DetectionSettings';
import {
  columnRemovalRequest,
  DEFAULT_DETECTION,
  DEFAULT_STRATEGY,
  detectionRequest,
  FACTOR_FIELD,
  OUTLIER_METHODS,
  OUTLIER_STRATEGIES,
  outlierCandidates,
  removalRequest,
  type DetectionSettings as Detection,
  type OutlierRow,
  type RemovalSettings as Removal,
} from './outlierRules';
import { RemovalSettings } from './RemovalSettings';
import { useOutlierDetection } from './useOutlierDetection';
import { stepId } from '../stepKeys';

interface OutliersStepProps {
  session: Session;
  onDataChange: (table: TableData) => void;
  onContinue: (result: { changes: AppliedChange[] }) => void;
}

/** 'Remove failed: {error}', or 'Remove failed' when the error has no text. */
export function removeFailedMessage(error: unknown, t: TFunction): string {
  const reason = errorMessage(error, t, '');
  return reason === '' ? t('outliers.removeFailed') : t('outliers.removeFailedWith', { error: reason });
}

/** Step 4: live outlier detection, then removal for every numeric column or per column. */
export function OutliersStep({ session, onDataChange, onContinue }: OutliersStepProps) {
  const { t } = useTranslation();
  const info = useFrameInfo();
  const snapshot = useStepSnapshot(stepId('outliers'));
  const change = useFrameChange(snapshot, onDataChange);
  const [detectionSettings, setDetectionSettings] = useState<Detection>(DEFAULT_DETECTION);
  // the removal's method and factor follow the detection's until they are changed here
  const [ownRemoval, setOwnRemoval] = useState<Partial<Removal>>({});
  const removal: Removal = { strategy: DEFAULT_STRATEGY, ...detectionSettings, ...ownRemoval };
  const rowList = useRowList<OutlierRow>();
  const [changes, setChanges] = useState(() => savedChanges(session, stepId('outliers')));

  const candidates = outlierCandidates(session.columns, info?.dtypes ?? null);
  const rows = rowList.rows.filter((row) => session.columns.includes(row.column));
  const { detection, detecting } = useOutlierDetection(
    detectionRequest(detectionSettings, rows),
    tableVersion(session.currentData),
  );

  const record = (action: string, result: FrameResult) => {
    setChanges((current) => [...current, { action, message: result.message, shape: result.shape }]);
    notify.success(t('outliers.applied', { rows: result.shape[0] }));
  };
  const removalMutation = (action: string) => ({
    mutationFn: (request: RemoveOutliersRequest) => change(() => removeOutliers(request)),
    onSuccess: (result: FrameResult) => record(action, result),
    onError: (error: unknown) => notify.error(removeFailedMessage(error, t)),
  });
  const removeGlobal = useMutation(removalMutation('global'));
  const removeColumns = useMutation(removalMutation('columns'));
  const busy = removeGlobal.isPending || removeColumns.isPending;

  const addRow = () => {
    const column = nextFreeColumn(candidates, rows);
    if (column === null) {
      notify.info(t('outliers.columns.noneLeft'));
      return;
    }
    rowList.add({ column, strategy: removal.strategy, method: detectionSettings.method, factor: detectionSettings.factor });
  };

  return (
    <StepScreen
      stepId={stepId('outliers')}
      title={t('outliers.title')}
      description={t('outliers.description')}
      columns={session.columns}
      data={session.currentData}
      snapshot={snapshot}
      onDataChange={onDataChange}
      actions={
        <ContinueButton label={t('outliers.continue')} busy={busy} onClick={() => onContinue({ changes })} />
      }
    >
      <DetectionSettings
        settings={detectionSettings}
        onChange={setDetectionSettings}
        detection={detection}
        detecting={detecting}
      />
      <RemovalSettings
        settings={removal}
        onChange={(change) => setOwnRemoval((own) => ({ ...own, ...change }))}
        applying={removeGlobal.isPending}
        busy={busy}
        onApply={() => {
          const request = removalRequest(removal);
          if (request !== null) removeGlobal.mutate(request);
        }}
      />
      <ColumnSettingsCard
        rows={rows}
        candidates={candidates}
        info={t('outliers.columns.info')}
        emptyText={t('outliers.columns.empty')}
        onAdd={addRow}
        onChange={rowList.update}
        onRemove={rowList.remove}
        applying={removeColumns.isPending}
        busy={busy}
        invalid={rows.some((row) => row.factor === null)}
        onApply={() => {
          const request = columnRemovalRequest(rows, removal);
          if (request !== null) removeColumns.mutate(request);
        }}
        renderFields={(row, change) => (
          <>
            <SelectField
              label={t('common.strategy')}
              value={row.strategy}
              choices={OUTLIER_STRATEGIES.map((value) => ({ value, label: t(`outliers.strategies.${value}`) }))}
              onChange={(strategy) => change({ strategy })}
            />
            <SelectField
              label={t('common.method')}
              value={row.method}
              choices={OUTLIER_METHODS.map((value) => ({ value, label: t(`outliers.methods.${value}`) }))}
              onChange={(method) => change({ method })}
            />
            <NumberField label={t('common.factor')} value={row.factor} {...FACTOR_FIELD} onChange={(factor) => change({ factor })} />
          </>
        )}
      />
    </StepScreen>
  );
}
