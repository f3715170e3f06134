import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { TextField } from '../../components/fields/TextField';
import { SlidersIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { ApplyButton } from '../../components/StepScreen/StepScreen';
import {
  CATEGORICAL_STRATEGIES,
  DROP_STRATEGIES,
  globalRequest,
  NUMERIC_STRATEGIES,
  type GlobalMissingSettings as Settings,
} from './missingRules';

interface GlobalMissingSettingsProps {
  settings: Settings;
  onChange: (settings: Settings) => void;
  onApply: () => void;
  applying: boolean;
  busy: boolean;
}

/** One strategy for every numeric and every other column, an optional fill value, and an optional drop first. */
export function GlobalMissingSettings({ settings, onChange, onApply, applying, busy }: GlobalMissingSettingsProps) {
  const { t } = useTranslation();
  const change = (part: Partial<Settings>) => onChange({ ...settings, ...part });

  return (
    <SectionCard title={t('common.globalSettings')} icon={<SlidersIcon />}>
      <div className="settings-grid">
        <SelectField
          label={t('missing.global.numeric')}
          value={settings.strategy}
          choices={NUMERIC_STRATEGIES.map((value) => ({ value, label: t(`missing.strategies.${value}`) }))}
          onChange={(strategy) => change({ strategy })}
        />
        <SelectField
          label={t('missing.global.categorical')}
          value={settings.catStrategy}
          choices={CATEGORICAL_STRATEGIES.map((value) => ({ value, label: t(`missing.strategies.${value}`) }))}
          onChange={(catStrategy) => change({ catStrategy })}
        />
        {settings.catStrategy === 'constant' && (
          <TextField label={t('missing.fillValue')} value={settings.fillValue} onChange={(fillValue) => change({ fillValue })} />
        )}
        <SelectField
          label={t('missing.global.drop')}
          info={t('missing.global.dropInfo')}
          value={settings.dropStrategy}
          choices={DROP_STRATEGIES.map((value) => ({ value, label: t(`missing.drop.${value}`) }))}
          onChange={(dropStrategy) => change({ dropStrategy })}
        />
        {settings.dropStrategy !== 'none' && (
          <NumberField
            label={t('missing.global.threshold')}
            hint={t('missing.global.thresholdHint')}
            value={settings.dropThreshold}
            min={0}
            max={1}
            step={0.05}
            onChange={(dropThreshold) => change({ dropThreshold })}
          />
        )}
      </div>
      <div className="settings-actions">
        <ApplyButton
          label={t('common.applyGlobal')}
          applying={applying}
          disabled={busy || globalRequest(settings) === null}
          onClick={onApply}
        />
      </div>
    </SectionCard>
  );
}
