import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { SlidersIcon } from '../../components/icons';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { ApplyButton, CardNote } from '../../components/StepScreen/StepScreen';
import { FACTOR_FIELD, OUTLIER_METHODS, OUTLIER_STRATEGIES, type RemovalSettings as Settings } from './outlierRules';

interface RemovalSettingsProps {
  settings: Settings;
  onChange: (change: Partial<Settings>) => void;
  onApply: () => void;
  applying: boolean;
  busy: boolean;
  /** How many rows applying will remove, when the live detection knows it. */
  removes: string | null;
}

/** What happens to the outliers of every numeric column. */
export function RemovalSettings({ settings, onChange, onApply, applying, busy, removes }: RemovalSettingsProps) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('outliers.removal.title')} icon={<SlidersIcon />} aside={<InfoTip>{t('outliers.removal.info')}</InfoTip>}>
      <div className="settings-grid">
        <SelectField
          label={t('common.strategy')}
          value={settings.strategy}
          choices={OUTLIER_STRATEGIES.map((value) => ({ value, label: t(`outliers.strategies.${value}`) }))}
          onChange={(strategy) => onChange({ strategy })}
        />
        <SelectField
          label={t('common.method')}
          value={settings.method}
          choices={OUTLIER_METHODS.map((value) => ({ value, label: t(`outliers.methods.${value}`) }))}
          onChange={(method) => onChange({ method })}
        />
        <NumberField label={t('common.factor')} value={settings.factor} {...FACTOR_FIELD} onChange={(factor) => onChange({ factor })} />
      </div>
      {removes !== null && <CardNote>{removes}</CardNote>}
      <div className="settings-actions">
        <ApplyButton
          label={t('outliers.removal.apply')}
          applying={applying}
          disabled={busy || settings.factor === null}
          onClick={onApply}
        />
      </div>
    </SectionCard>
  );
}
