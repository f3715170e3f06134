import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { encodeFeatures, type EncodeRequest } from '../../api/transforms';
import { notify } from '../../components/notify';
import { CheckboxField } from '../../components/fields/CheckboxField';
import { SelectField } from '../../components/fields/SelectField';
import { ColumnSettingsCard } from '../../components/SettingsRows/ColumnSettingsCard';
import { ContinueButton, StepScreen } from '../../components/StepScreen/StepScreen';
import { AutomaticChoices } from '../automatic/AutomaticChoices';
import { errorMessage } from '../../i18n/errorMessage';
import type { AppliedChange } from '../common/stepResult';
import { useStepTarget } from '../common/sessionTarget';
import { useColumnRows } from '../common/useColumnRows';
import { useSettingsChanges, useTransformStep, type TransformStepProps } from '../common/useTransformStep';
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
import { EncodedByAutoNote } from './EncodedByAutoNote';
import { GlobalEncodingSettings } from './GlobalEncodingSettings';

export interface EncodingResult {
  changes: AppliedChange[];
  target_column: string | null;
}

/**
 * SPEC §8: a refusal from the server reads as the step's failure with its reason; a call
 * that got no answer at all as 'An error occurred while applying.'.
 */
export function notifyEncodingFailure(error: unknown, t: TFunction, failed: string): void {
  const answered = error instanceof ApiError && error.status !== undefined;
  notify.error(answered ? failed : t('encoding.applyError'), errorMessage(error, t));
}

const APPLIED = { global: 'encoding.globalApplied', columns: 'encoding.columnsApplied' } as const;
const FAILED = { global: 'encoding.globalFailed', columns: 'encoding.columnsFailed' } as const;

/** Step 5: encode categorical columns globally or per column. */
export function EncodingStep({ session, onContinue }: TransformStepProps<EncodingResult>) {
  const { t } = useTranslation();
  const step = useTransformStep('encoding', session);
  const { columns } = step.frame;
  const [settings, setSettings] = useState(DEFAULT_GLOBAL_ENCODING);
  const [target, setTarget] = useStepTarget();
  const candidates = encodingCandidates(columns, step.info?.kinds ?? null, target);
  const columnRows = useColumnRows<EncodingRow>('encoding', {
    present: columns.filter((column) => column !== target),
    candidates,
    newRow: newEncodingRow,
    noneLeft: t('encoding.noColumnToAdd'),
  });
  const changes = useSettingsChanges(step, encodeFeatures, {
    onApplied: (result, _, action) => {
      notify.success(t(APPLIED[action]));
      const dropped = result.dropped_columns ?? [];
      if (dropped.length > 0) notify.info(t('encoding.droppedIdLike', { names: dropped.join(', ') }));
    },
    onFailed: (error, action) => notifyEncodingFailure(error, t, t(FAILED[action])),
  });

  /** A request the rules refused is said, not sent. */
  const checked = (result: Checked | null): EncodeRequest | null => {
    if (result !== null && 'error' in result) {
      notify.warning(t(result.error));
      return null;
    }
    return result?.request ?? null;
  };

  const strategyChoices = ENCODING_STRATEGIES.map((value) => ({ value, label: t(`encoding.strategies.${value}`) }));
  const targetChoice = { target, onTargetChange: setTarget, columns: columns, candidates };
  const applyGlobal = () => changes.applyGlobal(checked(globalEncodingRequest(settings, target)));
  const next = () => onContinue({ changes: step.changes, target_column: target === '' ? null : target });

  return (
    <StepScreen {...step.screen} actions={<ContinueButton label={t('encoding.continue')} busy={changes.busy} onClick={next} />}>
      <AutomaticChoices screen="encoding" />
      <GlobalEncodingSettings settings={settings} onChange={setSettings} {...targetChoice} {...changes.globalCard} onApply={applyGlobal} />
      <ColumnSettingsCard
        {...columnRows}
        {...changes.columnsCard}
        onApply={() => changes.applyColumns(checked(columnEncodingRequest(columnRows.rows, target, settings.maxCategories)))}
        renderFields={(row, change) => (
          <>
            <SelectField
              label={t('common.strategy')}
              value={row.strategy}
              choices={strategyChoices}
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
      <EncodedByAutoNote />
    </StepScreen>
  );
}
