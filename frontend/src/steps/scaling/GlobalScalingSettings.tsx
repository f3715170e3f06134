import { useTranslation } from 'react-i18next';
import type { ScalingMethod } from '../../api/transforms';
import { SelectField } from '../../components/fields/SelectField';
import { TargetedGlobalSettings } from '../common/TargetedGlobalSettings';
import { SCALING_METHODS } from './scalingRules';

interface GlobalScalingSettingsProps {
  method: ScalingMethod;
  onMethodChange: (method: ScalingMethod) => void;
  target: string;
  onTargetChange: (target: string) => void;
  columns: string[];
  candidates: string[];
  onApply: () => void;
  applying: boolean;
  busy: boolean;
}

/** One method for every column that can be scaled, the target excluded. */
export function GlobalScalingSettings(props: GlobalScalingSettingsProps) {
  const { method, onMethodChange, target, onTargetChange, columns, candidates, onApply, applying, busy } = props;
  const { t } = useTranslation();

  return (
    <TargetedGlobalSettings
      target={target}
      onTargetChange={onTargetChange}
      targetInfo={t('scaling.targetInfo')}
      columns={columns}
      candidates={candidates}
      noCandidates={t('scaling.noCandidates')}
      candidatesLabel={t('scaling.toScale')}
      candidatesInfo={t('scaling.candidatesInfo')}
      onApply={onApply}
      applying={applying}
      disabled={busy || candidates.length === 0}
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
