import { useTranslation } from 'react-i18next';
import type { ScalingMethod } from '../../api/transforms';
import { SelectField } from '../../components/fields/SelectField';
import { TargetedGlobalSettings, type TargetedSettingsProps } from '../common/TargetedGlobalSettings';
import { SCALING_METHODS } from './scalingRules';

interface GlobalScalingSettingsProps extends TargetedSettingsProps {
  method: ScalingMethod;
  onMethodChange: (method: ScalingMethod) => void;
}

/** One method for every column that can be scaled, the target excluded. */
export function GlobalScalingSettings({ method, onMethodChange, busy, ...targeted }: GlobalScalingSettingsProps) {
  const { t } = useTranslation();

  return (
    <TargetedGlobalSettings
      {...targeted}
      targetInfo={t('scaling.targetInfo')}
      noCandidates={t('scaling.noCandidates')}
      candidatesLabel={t('scaling.toScale')}
      candidatesInfo={t('scaling.candidatesInfo')}
      disabled={busy || targeted.candidates.length === 0}
    >
      <SelectField
        label={t('common.method')}
        info={t('scaling.methodInfo')}
        value={method}
        choices={SCALING_METHODS.map((value) => ({ value, label: t(`scaling.methods.${value}`) }))}
        onChange={onMethodChange}
      />
    </TargetedGlobalSettings>
  );
}
