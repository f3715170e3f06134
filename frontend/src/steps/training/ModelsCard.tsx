import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/fields/CheckboxField';
import { BarsIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { toggleModel } from './trainingRules';

interface ModelsCardProps {
  /** The catalogue's models of the problem type, in its order. */
  catalogue: readonly string[];
  selected: string[];
  busy: boolean;
  onChange: (models: string[]) => void;
}

/** A checkbox per model of the catalogue; at least one must be chosen. */
export function ModelsCard({ catalogue, selected, busy, onChange }: ModelsCardProps) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('training.models.title')} icon={<BarsIcon />}>
      <div className="card-stack">
        <fieldset className="training__models" disabled={busy}>
          <legend className="visually-hidden">{t('training.models.title')}</legend>
          {catalogue.map((model) => (
            <CheckboxField
              key={model}
              label={model}
              checked={selected.includes(model)}
              onChange={(on) => onChange(toggleModel(selected, model, on))}
            />
          ))}
        </fieldset>
        {selected.length === 0 && <CardNote tone="warn">{t('training.noModel')}</CardNote>}
      </div>
    </SectionCard>
  );
}
