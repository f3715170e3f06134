import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleMissing } from '../../api/transforms';
import { notify } from '../../components/notify';
import { SelectField } from '../../components/fields/SelectField';
import { TextField } from '../../components/fields/TextField';
import { ColumnSettingsCard } from '../../components/SettingsRows/ColumnSettingsCard';
import { ContinueButton, StepScreen } from '../../components/StepScreen/StepScreen';
import { AutomaticChoices } from '../automatic/AutomaticChoices';
import { errorMessage } from '../../i18n/errorMessage';
import { formatInteger } from '../../i18n/format';
import type { AppliedChange } from '../common/stepResult';
import { useColumnRows } from '../common/useColumnRows';
import { useSettingsChanges, useTransformStep, type TransformStepProps } from '../common/useTransformStep';
import { GlobalMissingSettings } from './GlobalMissingSettings';
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

const FAILED = { global: 'missing.globalFailed', columns: 'missing.columnsFailed' } as const;

/** Step 3: the missing-value summary, global and column-specific strategies, and the preview. */
export function MissingStep({ session, onContinue }: TransformStepProps<{ changes: AppliedChange[] }>) {
  const { t } = useTranslation();
  const step = useTransformStep('missing', session);
  const { columns } = step.frame;
  const { info } = step;
  const [settings, setSettings] = useState(DEFAULT_GLOBAL_SETTINGS);
  const kinds = info?.kinds ?? {};
  const columnRows = useColumnRows<MissingRow>('missing', {
    present: columns,
    candidates: missingCandidates(columns, info?.missingValues ?? null),
    newRow: (column) => newRow(column, kinds[column]),
    noneLeft: t('missing.columns.noneLeft'),
  });
  const changes = useSettingsChanges(step, handleMissing, {
    onApplied: (result) =>
      notify.success(t('missing.applied', { rows: formatInteger(result.shape[0] ?? 0), columns: formatInteger(result.shape[1] ?? 0) })),
    onFailed: (error, action) => notify.error(t(FAILED[action]), errorMessage(error, t)),
  });

  return (
    <StepScreen
      {...step.screen}
      actions={<ContinueButton label={t('missing.continue')} busy={changes.busy} onClick={() => onContinue({ changes: step.changes })} />}
    >
      <AutomaticChoices screen="missing" />
      <MissingSummary info={info} />
      <GlobalMissingSettings
        settings={settings}
        onChange={setSettings}
        {...changes.globalCard}
        onApply={() => changes.applyGlobal(globalRequest(settings))}
      />
      <ColumnSettingsCard
        {...columnRows}
        {...changes.columnsCard}
        onApply={() => changes.applyColumns(columnRequest(columnRows.rows))}
        onColumnChange={(row, column) => ({ strategy: strategyForColumn(row.strategy, kinds[column]) })}
        renderFields={(row, change) => (
          <>
            <SelectField
              label={t('common.strategy')}
              value={row.strategy}
              choices={strategiesFor(kinds[row.column]).map((value) => ({ value, label: t(`missing.strategies.${value}`) }))}
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
