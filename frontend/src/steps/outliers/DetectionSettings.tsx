import { useTranslation } from 'react-i18next';
import type { OutlierDetection } from '../../api/transforms';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { ScatterIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { BusyNote } from '../../components/StepScreen/StepScreen';
import { OutlierSummary } from './OutlierSummary';
import { FACTOR_FIELD, OUTLIER_METHODS, type DetectionSettings as Settings } from './outlierRules';

interface DetectionSettingsProps {
  settings: Settings;
  onChange: (settings: Settings) => void;
  detection: OutlierDetection | null;
  detecting: boolean;
}

/** How outliers are found, and the live summary of what those settings find. */
export function DetectionSettings({ settings, onChange, detection, detecting }: DetectionSettingsProps) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t('outliers.detection.title')}
      icon={<ScatterIcon />}
      aside={detecting && <BusyNote>{t('outliers.detection.detecting')}</BusyNote>}
    >
      <div className="card-stack">
        <div className="settings-grid">
          <SelectField
            label={t('common.method')}
            info={t('outliers.methodInfo')}
            value={settings.method}
            choices={OUTLIER_METHODS.map((value) => ({ value, label: t(`outliers.methods.${value}`) }))}
            onChange={(method) => onChange({ ...settings, method })}
          />
          <NumberField
            label={t('common.factor')}
            info={t('outliers.factorInfo')}
            value={settings.factor}
            {...FACTOR_FIELD}
            onChange={(factor) => onChange({ ...settings, factor })}
          />
        </div>
        <OutlierSummary detection={detection} />
      </div>
    </SectionCard>
  );
}
