import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/fields/SelectField';

/** The trained model whose charts and explanation are shown. */
export function ModelPicker({ models, model, onChange }: { models: string[]; model: string; onChange: (model: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="settings-grid">
      <SelectField
        label={t('evaluation.charts.model')}
        value={model}
        choices={models.map((name) => ({ value: name, label: name }))}
        onChange={onChange}
      />
    </div>
  );
}
