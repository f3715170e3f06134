import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { SlidersIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { CV_FOLDS, TEST_SIZE, VALIDATION_METHODS, type TrainingSettings } from './trainingRules';

const VALIDATION_LABELS = {
  train_test: 'training.validationMethods.trainTest',
  cross_validation: 'training.validationMethods.crossValidation',
} as const;

type Validation = Pick<TrainingSettings, 'validationMethod' | 'testSize' | 'cvFolds'>;

interface ValidationCardProps {
  settings: Validation;
  busy: boolean;
  onChange: (change: Partial<Validation>) => void;
}

/** The validation method, with the test size of a split or the folds of cross-validation (SPEC §5). */
export function ValidationCard({ settings, busy, onChange }: ValidationCardProps) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('training.validation.title')} icon={<SlidersIcon />}>
      <div className="settings-grid">
        <SelectField
          label={t('training.validation.method')}
          info={t('training.validation.methodInfo')}
          value={settings.validationMethod}
          disabled={busy}
          choices={VALIDATION_METHODS.map((value) => ({ value, label: t(VALIDATION_LABELS[value]) }))}
          onChange={(validationMethod) => onChange({ validationMethod })}
        />
        {settings.validationMethod === 'train_test' ? (
          <NumberField
            key="test-size"
            label={t('training.validation.testSize')}
            value={settings.testSize}
            min={TEST_SIZE.min}
            max={TEST_SIZE.max}
            step={TEST_SIZE.step}
            disabled={busy}
            onChange={(testSize) => onChange({ testSize })}
          />
        ) : (
          <CvFoldsField key="cv-folds" value={settings.cvFolds} busy={busy} onChange={(cvFolds) => onChange({ cvFolds })} />
        )}
      </div>
    </SectionCard>
  );
}

/** The folds of cross-validation, 3 to 10 (SPEC §5). */
export function CvFoldsField({
  value,
  busy,
  onChange,
}: {
  value: number | null;
  busy: boolean;
  onChange: (cvFolds: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <NumberField
      label={t('training.validation.cvFolds')}
      value={value}
      min={CV_FOLDS.min}
      max={CV_FOLDS.max}
      step={CV_FOLDS.step}
      integer
      disabled={busy}
      onChange={onChange}
    />
  );
}
