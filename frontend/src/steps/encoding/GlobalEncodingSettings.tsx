import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { TargetedGlobalSettings, type TargetedSettingsProps } from '../common/TargetedGlobalSettings';
import { ENCODING_STRATEGIES, MAX_CATEGORIES_FIELD, type GlobalEncodingSettings as Settings } from './encodingRules';

interface GlobalEncodingSettingsProps extends TargetedSettingsProps {
  settings: Settings;
  onChange: (settings: Settings) => void;
}

/** The default strategy for every categorical column, max categories for auto, and the target column. */
export function GlobalEncodingSettings({ settings, onChange, busy, ...targeted }: GlobalEncodingSettingsProps) {
  const { t } = useTranslation();

  return (
    <TargetedGlobalSettings
      {...targeted}
      targetInfo={t('encoding.targetInfo')}
      noCandidates={t('encoding.noCategorical')}
      candidatesLabel={t('encoding.toEncode')}
      disabled={busy || (settings.strategy === 'auto' && settings.maxCategories === null)}
    >
      <SelectField
        label={t('encoding.defaultStrategy')}
        info={t('encoding.strategyInfo')}
        value={settings.strategy}
        choices={ENCODING_STRATEGIES.map((value) => ({ value, label: t(`encoding.strategies.${value}`) }))}
        onChange={(strategy) => onChange({ ...settings, strategy })}
      />
      {settings.strategy === 'auto' && (
        <NumberField
          label={t('encoding.maxCategories')}
          hint={t('encoding.maxCategoriesHint')}
          value={settings.maxCategories}
          {...MAX_CATEGORIES_FIELD}
          onChange={(maxCategories) => onChange({ ...settings, maxCategories })}
        />
      )}
    </TargetedGlobalSettings>
  );
}
