import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/fields/SelectField';
import { TargetIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { TIME_BUDGETS, TRAINING_MODES, type TrainingMode, type TrainingSettings } from './trainingRules';
import { CvFoldsField } from './ValidationCard';

const MODE_LABELS = { selected: 'training.mode.selected', best: 'training.mode.best' } as const;

type ModeSettings = Pick<TrainingSettings, 'mode' | 'timeBudget' | 'cvFolds'>;

interface TrainingModeCardProps {
  settings: ModeSettings;
  busy: boolean;
  onChange: (change: Partial<ModeSettings>) => void;
}

/**
 * Train the chosen models, or find the best model: then the time budget and the folds every
 * model is cross-validated on, which replace the model list and the validation method.
 */
export function TrainingModeCard({ settings, busy, onChange }: TrainingModeCardProps) {
  const { t } = useTranslation();
  const budgetLabel = (seconds: number) =>
    seconds < 60 ? t('training.search.seconds', { count: seconds }) : t('training.search.minutes', { count: seconds / 60 });
  return (
    <SectionCard title={t('training.mode.title')} icon={<TargetIcon />}>
      <div className="card-stack">
        <fieldset className="segmented training__modes" role="radiogroup" aria-label={t('training.mode.title')} disabled={busy}>
          {TRAINING_MODES.map((mode: TrainingMode) => (
            <label key={mode} className={`segmented__option${settings.mode === mode ? ' segmented__option--on' : ''}`}>
              <input type="radio" name="training-mode" checked={settings.mode === mode} onChange={() => onChange({ mode })} />
              <span>{t(MODE_LABELS[mode])}</span>
            </label>
          ))}
        </fieldset>
        {settings.mode === 'best' && (
          <>
            <CardNote>{t('training.search.sameFolds')}</CardNote>
            <div className="settings-grid">
              <SelectField
                label={t('training.search.timeBudget')}
                info={t('training.search.timeBudgetInfo')}
                value={String(settings.timeBudget)}
                disabled={busy}
                choices={TIME_BUDGETS.map((seconds) => ({ value: String(seconds), label: budgetLabel(seconds) }))}
                onChange={(value) => onChange({ timeBudget: Number(value) })}
              />
              <CvFoldsField value={settings.cvFolds} busy={busy} onChange={(cvFolds) => onChange({ cvFolds })} />
            </div>
          </>
        )}
      </div>
    </SectionCard>
  );
}
