import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scaleFeatures, type ScalingMethod } from '../../api/transforms';
import { notify } from '../../components/notify';
import { SelectField } from '../../components/fields/SelectField';
import { ColumnSettingsCard } from '../../components/SettingsRows/ColumnSettingsCard';
import { ContinueButton, StepScreen } from '../../components/StepScreen/StepScreen';
import { AutomaticChoices } from '../automatic/AutomaticChoices';
import { errorMessage } from '../../i18n/errorMessage';
import { formatInteger } from '../../i18n/format';
import { useStepTarget } from '../common/sessionTarget';
import { useColumnRows } from '../common/useColumnRows';
import { useSettingsChanges, useTransformStep, type TransformStepProps } from '../common/useTransformStep';
import { GlobalScalingSettings } from './GlobalScalingSettings';
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

const FAILED = { global: 'scaling.globalFailed', columns: 'scaling.columnsFailed' } as const;

/** Step 7: scale numeric columns globally or per column, or skip the step. */
export function ScalingStep({ session, onContinue }: TransformStepProps<ScalingResult>) {
  const { t } = useTranslation();
  const step = useTransformStep('scaling', session);
  const { columns } = step.frame;
  const [method, setMethod] = useState<ScalingMethod>(DEFAULT_SCALING_METHOD);
  const [target, setTarget] = useStepTarget();
  const candidates = scalingCandidates(columns, step.info?.scalingCandidates ?? null, target);
  const columnRows = useColumnRows<ScalingRow>('scaling', {
    present: columns.filter((column) => column !== target),
    candidates,
    newRow: (column) => ({ column, method }),
    noneLeft: candidates.length === 0 ? t('scaling.noCandidates') : t('scaling.columns.noneLeft'),
  });
  const changes = useSettingsChanges(step, scaleFeatures, {
    onApplied: (_, request) => {
      const count = request.column_specific_settings ? Object.keys(request.column_specific_settings).length : candidates.length;
      notify.success(t('scaling.applied', { count: formatInteger(count) }));
    },
    onFailed: (error, action) => notify.error(t(FAILED[action]), errorMessage(error, t)),
  });

  const methodChoices = SCALING_METHODS.map((value) => ({ value, label: t(`scaling.methods.${value}`) }));
  const targetChoice = { target, onTargetChange: setTarget, columns: columns, candidates };
  const applyGlobal = () => changes.applyGlobal(globalScaleRequest(method, target));
  const next = () => onContinue({ skipped: false, changes: step.changes, target_column: target === '' ? null : target });

  return (
    <StepScreen
      {...step.screen}
      actions={
        <>
          <button type="button" className="button button--ghost" disabled={changes.busy} onClick={() => onContinue(SKIPPED_RESULT)}>
            {t('scaling.skip')}
          </button>
          <ContinueButton label={t('scaling.continue')} busy={changes.busy} onClick={next} />
        </>
      }
    >
      <AutomaticChoices screen="scaling" />
      <GlobalScalingSettings method={method} onMethodChange={setMethod} {...targetChoice} {...changes.globalCard} onApply={applyGlobal} />
      <ColumnSettingsCard
        {...columnRows}
        {...changes.columnsCard}
        onApply={() => changes.applyColumns(columnScaleRequest(columnRows.rows, target))}
        renderFields={(row, change) => (
          <SelectField label={t('common.method')} value={row.method} choices={methodChoices} onChange={(method) => change({ method })} />
        )}
      />
    </StepScreen>
  );
}
