import { useTranslation } from 'react-i18next';
import type { ScalingMethod } from '../../api/transforms';
import { SelectField } from '../../components/fields/SelectField';
import { SlidersIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { ApplyButton, CardNote, ColumnChips } from '../../components/StepScreen/StepScreen';
import { TargetField } from '../common/TargetField';
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
    <SectionCard title={t('common.globalSettings')} icon={<SlidersIcon />}>
      <div className="card-stack">
        <div className="settings-grid">
          <SelectField
            label={t('common.method')}
            info={t('scaling.methodInfo')}
            value={method}
            choices={SCALING_METHODS.map((value) => ({ value, label: t(`scaling.methods.${value}`) }))}
            onChange={onMethodChange}
          />
          <TargetField columns={columns} value={target} onChange={onTargetChange} info={t('scaling.targetInfo')} />
        </div>
        {candidates.length === 0 ? (
          <CardNote tone="warn">{t('scaling.noCandidates')}</CardNote>
        ) : (
          <ColumnChips label={t('scaling.toScale')} info={t('scaling.candidatesInfo')} columns={candidates} />
        )}
      </div>
      <div className="settings-actions">
        <ApplyButton label={t('common.applyGlobal')} applying={applying} disabled={busy || candidates.length === 0} onClick={onApply} />
      </div>
    </SectionCard>
  );
}
