import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { TargetedGlobalSettings } from '../common/TargetedGlobalSettings';
import { ENCODING_STRATEGIES, MAX_CATEGORIES_FIELD, type GlobalEncodingSettings as Settings } from './encodingRules';

interface GlobalEncodingSettingsProps {
  settings: Settings;
  onChange: (settings: Settings) => void;
  target: string;
  onTargetChange: (target: string) => void;
  columns: string[];
  /** The categorical columns the default strategy will encode. */
  candidates: string[];
  onApply: () => void;
  applying: boolean;
  busy: boolean;
}

/** The default strategy for every categorical column, max categories for auto, and the target column. */
export function GlobalEncodingSettings(props: GlobalEncodingSettingsProps) {
  const { settings, onChange, target, onTargetChange, columns, candidates, onApply, applying, busy } = props;
  const { t } = useTranslation();

  return (
    <TargetedGlobalSettings
      target={target}
      onTargetChange={onTargetChange}
      targetInfo={t('encoding.targetInfo')}
      columns={columns}
      candidates={candidates}
      noCandidates={t('encoding.noCategorical')}
      candidatesLabel={t('encoding.toEncode')}
      onApply={onApply}
      applying={applying}
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
