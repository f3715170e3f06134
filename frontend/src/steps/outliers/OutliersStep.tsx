import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeOutliers } from '../../api/transforms';
import { notify } from '../../components/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog/ConfirmDialog';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { ColumnSettingsCard } from '../../components/SettingsRows/ColumnSettingsCard';
import { ContinueButton, StepScreen } from '../../components/StepScreen/StepScreen';
import { AutomaticChoices } from '../automatic/AutomaticChoices';
import { errorMessage } from '../../i18n/errorMessage';
import { formatInteger, formatPercent } from '../../i18n/format';
import type { AppliedChange } from '../common/stepResult';
import { tableVersion } from '../common/tableVersion';
import { useColumnRows } from '../common/useColumnRows';
import { useSettingsChanges, useTransformStep, type TransformStepProps } from '../common/useTransformStep';
import { DetectionSettings } from './DetectionSettings';
import {
  columnRemovalRequest,
  DEFAULT_DETECTION,
  DEFAULT_STRATEGY,
  detectionRequest,
  FACTOR_FIELD,
  needsRemovalConfirmation,
  OUTLIER_METHODS,
  OUTLIER_STRATEGIES,
  outlierCandidates,
  removalRequest,
  rowsToRemove,
  type DetectionSettings as Detection,
  type OutlierRow,
  type RemovalSettings as Removal,
} from './outlierRules';
import { RemovalSettings } from './RemovalSettings';
import { useOutlierDetection } from './useOutlierDetection';

/** 'Remove failed: {error}', or 'Remove failed' when the error has no text. */
export function removeFailedMessage(error: unknown, t: TFunction): string {
  const reason = errorMessage(error, t, '');
  return reason === '' ? t('outliers.removeFailed') : t('outliers.removeFailedWith', { error: reason });
}

/** Step 4: live outlier detection, then removal for every numeric column or per column. */
export function OutliersStep({ session, onContinue }: TransformStepProps<{ changes: AppliedChange[] }>) {
  const { t } = useTranslation();
  const step = useTransformStep('outliers', session);
  const { columns, preview } = step.frame;
  const [detectionSettings, setDetectionSettings] = useState<Detection>(DEFAULT_DETECTION);
  // the removal's method and factor follow the detection's until they are changed here
  const [ownRemoval, setOwnRemoval] = useState<Partial<Removal>>({});
  const removal: Removal = { strategy: DEFAULT_STRATEGY, ...detectionSettings, ...ownRemoval };
  const columnRows = useColumnRows<OutlierRow>('outliers', {
    present: columns,
    candidates: outlierCandidates(columns, step.info?.kinds ?? null),
    newRow: (column) => ({ column, strategy: removal.strategy, method: detectionSettings.method, factor: detectionSettings.factor }),
    noneLeft: t('outliers.columns.noneLeft'),
  });
  const { detection, detecting } = useOutlierDetection(detectionRequest(detectionSettings, columnRows.rows), tableVersion(preview));
  const changes = useSettingsChanges(step, removeOutliers, {
    onApplied: (result) =>
      notify.success(t('outliers.applied', { count: result.shape[0] ?? 0, rows: formatInteger(result.shape[0] ?? 0) })),
    onFailed: (error) => notify.error(removeFailedMessage(error, t)),
  });

  const rows = step.info?.shape[0];
  const removed = rowsToRemove(detection, removal, detectionSettings, columnRows.rows.length, rows);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const applyRemoval = () => changes.applyGlobal(removalRequest(removal));
  const removalShare = {
    count: removed ?? 0,
    removed: formatInteger(removed ?? 0),
    percent: formatPercent(rows ? ((removed ?? 0) / rows) * 100 : 0),
  };

  const strategyChoices = OUTLIER_STRATEGIES.map((value) => ({ value, label: t(`outliers.strategies.${value}`) }));
  const methodChoices = OUTLIER_METHODS.map((value) => ({ value, label: t(`outliers.methods.${value}`) }));

  return (
    <StepScreen
      {...step.screen}
      actions={<ContinueButton label={t('outliers.continue')} busy={changes.busy} onClick={() => onContinue({ changes: step.changes })} />}
    >
      <AutomaticChoices screen="outliers" />
      <DetectionSettings settings={detectionSettings} onChange={setDetectionSettings} detection={detection} detecting={detecting} />
      <RemovalSettings
        settings={removal}
        onChange={(change) => setOwnRemoval((own) => ({ ...own, ...change }))}
        {...changes.globalCard}
        removes={removed === null ? null : t('outliers.removal.removes', removalShare)}
        onApply={() => (needsRemovalConfirmation(removed, rows) ? setConfirmingRemoval(true) : applyRemoval())}
      />
      {confirmingRemoval && (
        <ConfirmDialog
          title={t('outliers.removal.confirmTitle', removalShare)}
          confirmLabel={t('outliers.removal.confirm')}
          cancelLabel={t('common.cancel')}
          onConfirm={() => {
            setConfirmingRemoval(false);
            applyRemoval();
          }}
          onCancel={() => setConfirmingRemoval(false)}
        >
          {t('outliers.removal.confirmText', { ...removalShare, rows: formatInteger(rows ?? 0) })}
        </ConfirmDialog>
      )}
      <ColumnSettingsCard
        {...columnRows}
        {...changes.columnsCard}
        invalid={columnRows.rows.some((row) => row.factor === null)}
        onApply={() => changes.applyColumns(columnRemovalRequest(columnRows.rows, removal))}
        renderFields={(row, change) => (
          <>
            <SelectField
              label={t('common.strategy')}
              value={row.strategy}
              choices={strategyChoices}
              onChange={(strategy) => change({ strategy })}
            />
            <SelectField label={t('common.method')} value={row.method} choices={methodChoices} onChange={(method) => change({ method })} />
            <NumberField label={t('common.factor')} value={row.factor} {...FACTOR_FIELD} onChange={(factor) => change({ factor })} />
          </>
        )}
      />
    </StepScreen>
  );
}
