import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trainModels, type TrainRequest, type TrainResult } from '../../api/training';
import type { Session } from '../../app/session';
import { CheckboxField } from '../../components/fields/CheckboxField';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { BarsIcon, CheckIcon, GaugeIcon, SlidersIcon, TargetIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { TaskProgress } from '../../components/TaskProgress/TaskProgress';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { errorMessage } from '../../i18n/errorMessage';
import { useNumberFormat } from '../../i18n/useNumberFormat';
import { TargetField } from '../common/TargetField';
import { knownTarget } from '../common/targetColumn';
import { useFrameInfo } from '../common/useFrameInfo';
import {
  catalogueType,
  CV_FOLDS,
  DEFAULT_SETTINGS,
  guessProblemType,
  MODEL_CATALOGUE,
  PROBLEM_TYPES,
  TEST_SIZE,
  toggleModel,
  trainingProblems,
  trainRequest,
  VALIDATION_METHODS,
  withProblemType,
  withTarget,
  type TrainingSettings,
} from './trainingRules';
import './TrainingStep.css';

export const TRAINING_STEP_ID = 8;

const VALIDATION_LABELS = {
  train_test: 'training.validationMethods.trainTest',
  cross_validation: 'training.validationMethods.crossValidation',
} as const;

interface TrainingStepProps {
  session: Session;
  onContinue: (result: TrainResult) => void;
}

/** Step 8: choose the problem, the models and the validation, then train them all. */
export function TrainingStep({ session, onContinue }: TrainingStepProps) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const info = useFrameInfo();
  const [settings, setSettings] = useState<TrainingSettings>(() => ({
    ...DEFAULT_SETTINGS,
    target: knownTarget(session, TRAINING_STEP_ID),
  }));
  const target = session.columns.includes(settings.target) ? settings.target : '';
  const current = { ...settings, target };
  const guess = (column: string) => guessProblemType(session.columns, session.currentData, column);
  const catalogue = MODEL_CATALOGUE[catalogueType(current.problemType, guess(target))];
  const problems = trainingProblems(current);
  const clustering = current.problemType === 'clustering';

  const training = useMutation({
    mutationFn: (request: TrainRequest) => trainModels(request),
    onSuccess: (result) => {
      notify.success(t('training.completed'));
      if (result.failed_models.length > 0) {
        notify.warning(t('training.someFailed', { models: result.failed_models.map((failed) => failed.model).join(', ') }));
      }
      onContinue(result);
    },
    onError: (error) => notify.error(t('training.failed'), errorMessage(error, t)),
  });
  const busy = training.isPending;

  const rows = info?.shape[0] ?? session.currentData.length;
  const columns = info?.shape[1] ?? session.columns.length;
  const features = Math.max(0, columns - (target === '' ? 0 : 1));

  return (
    <div className="step-screen training">
      <header className="step-screen__header">
        <h1 className="step-screen__title">{t('training.title')}</h1>
        <p className="step-screen__description">{t('training.description')}</p>
      </header>

      <SectionCard title={t('training.problem.title')} icon={<TargetIcon />}>
        <div className="card-stack">
          <div className="settings-grid">
            <SelectField
              label={t('training.problem.type')}
              info={t('training.problem.typeInfo')}
              value={current.problemType}
              disabled={busy}
              choices={PROBLEM_TYPES.map((value) => ({ value, label: t(`training.problemTypes.${value}`) }))}
              onChange={(problemType) => setSettings(withProblemType(current, problemType, guess))}
            />
            {clustering ? (
              <CardNote>{t('training.problem.noTargetForClustering')}</CardNote>
            ) : (
              <TargetField
                columns={session.columns}
                value={target}
                info={t('training.problem.targetInfo')}
                onChange={(column) => setSettings(withTarget(current, column, guess))}
              />
            )}
          </div>
          {problems.includes('noTarget') && <CardNote tone="warn">{t('training.noTarget')}</CardNote>}
        </div>
      </SectionCard>

      <SectionCard title={t('training.models.title')} icon={<BarsIcon />}>
        <div className="card-stack">
          <fieldset className="training__models" disabled={busy}>
            <legend className="visually-hidden">{t('training.models.title')}</legend>
            {catalogue.map((model) => (
              <CheckboxField
                key={model}
                label={model}
                checked={current.models.includes(model)}
                onChange={(on) => setSettings({ ...current, models: toggleModel(current.models, model, on) })}
              />
            ))}
          </fieldset>
          {problems.includes('noModel') && <CardNote tone="warn">{t('training.noModel')}</CardNote>}
        </div>
      </SectionCard>

      {!clustering && (
        <SectionCard title={t('training.validation.title')} icon={<SlidersIcon />}>
          <div className="settings-grid">
            <SelectField
              label={t('training.validation.method')}
              info={t('training.validation.methodInfo')}
              value={current.validationMethod}
              disabled={busy}
              choices={VALIDATION_METHODS.map((value) => ({ value, label: t(VALIDATION_LABELS[value]) }))}
              onChange={(validationMethod) => setSettings({ ...current, validationMethod })}
            />
            {current.validationMethod === 'train_test' ? (
              <NumberField
                key="test-size"
                label={t('training.validation.testSize')}
                value={current.testSize}
                min={TEST_SIZE.min}
                max={TEST_SIZE.max}
                step={TEST_SIZE.step}
                disabled={busy}
                onChange={(testSize) => setSettings({ ...current, testSize })}
              />
            ) : (
              <NumberField
                key="cv-folds"
                label={t('training.validation.cvFolds')}
                value={current.cvFolds}
                min={CV_FOLDS.min}
                max={CV_FOLDS.max}
                step={CV_FOLDS.step}
                integer
                disabled={busy}
                onChange={(cvFolds) => setSettings({ ...current, cvFolds })}
              />
            )}
          </div>
        </SectionCard>
      )}

      <SectionCard title={t('training.summary.title')} icon={<GaugeIcon />}>
        <StatCards label={t('training.summary.title')}>
          <StatCard label={t('training.summary.shape')} value={t('training.summary.shapeValue', { rows: number(rows), columns: number(columns) })} />
          <StatCard label={t('training.summary.features')} value={number(features)} />
          <StatCard label={t('training.summary.samples')} value={number(rows)} />
          <StatCard label={t('training.summary.models')} value={number(current.models.length)} />
        </StatCards>
      </SectionCard>

      {busy && <TaskProgress label={t('training.inProgress')} />}

      <div className="step-screen__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || problems.length > 0}
          aria-busy={busy}
          onClick={() => training.mutate(trainRequest(current))}
        >
          {busy ? t('training.inProgress') : (
            <>
              <CheckIcon />
              {t('training.train')}
            </>
          )}
        </button>
      </div>
    </div>
  );
}
