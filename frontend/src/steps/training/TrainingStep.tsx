import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detectProblemType, trainModels, type TrainRequest, type TrainResult } from '../../api/training';
import type { Session } from '../../app/session';
import { CheckboxField } from '../../components/fields/CheckboxField';
import { NumberField } from '../../components/fields/NumberField';
import { SelectField } from '../../components/fields/SelectField';
import { BarsIcon, CheckIcon, GaugeIcon, SlidersIcon, TargetIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { TaskProgress } from '../../components/TaskProgress/TaskProgress';
import { BusyNote, CardNote } from '../../components/StepScreen/StepScreen';
import { errorMessage } from '../../i18n/errorMessage';
import { useNumberFormat } from '../../i18n/useNumberFormat';
import { TargetField } from '../common/TargetField';
import { rememberSessionTarget, useStepTarget } from '../common/sessionTarget';
import { useFrameInfo } from '../common/useFrameInfo';
import { useModelCatalog } from '../common/useModelCatalog';
import { leftOutClassesNote } from './leftOutClasses';
import {
  catalogueType,
  CV_FOLDS,
  defaultSettings,
  guessProblemType,
  modelLists,
  PROBLEM_TYPES,
  problemTypeSuggestion,
  TEST_SIZE,
  toggleModel,
  trainingProblems,
  trainRequest,
  VALIDATION_METHODS,
  withProblemType,
  withTarget,
  type ModelLists,
  type TrainingSettings,
} from './trainingRules';
import './TrainingStep.css';
import { stepId } from '../stepKeys';

const VALIDATION_LABELS = {
  train_test: 'training.validationMethods.trainTest',
  cross_validation: 'training.validationMethods.crossValidation',
} as const;

interface TrainingStepProps {
  session: Session;
  onContinue: (result: TrainResult) => void;
}

/** Step 8: choose the problem, the models (from the server's catalogue) and the validation, then train them all. */
export function TrainingStep({ session, onContinue }: TrainingStepProps) {
  const { t } = useTranslation();
  const catalog = useModelCatalog();
  if (catalog.data !== undefined) return <TrainingForm session={session} onContinue={onContinue} lists={modelLists(catalog.data)} />;
  return (
    <div className="step-screen training">
      <header className="step-screen__header">
        <h1 className="step-screen__title">{t('training.title')}</h1>
        <p className="step-screen__description">{t('training.description')}</p>
      </header>
      {catalog.isError ? (
        <>
          <CardNote tone="warn">{t('training.models.loadFailed')}</CardNote>
          <CardNote>{errorMessage(catalog.error, t)}</CardNote>
        </>
      ) : (
        <BusyNote>{t('training.models.loading')}</BusyNote>
      )}
    </div>
  );
}

function TrainingForm({ session, onContinue, lists }: TrainingStepProps & { lists: ModelLists }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const info = useFrameInfo();
  const queryClient = useQueryClient();
  const [target, chooseTarget] = useStepTarget(session, stepId('training'));
  const [settings, setSettings] = useState<TrainingSettings>(() => defaultSettings(lists));
  // clustering takes no target, whatever the default would be
  const current = { ...settings, target: settings.problemType === 'clustering' ? '' : target };
  /** A change of the settings; one that changes the target makes it the person's own choice. */
  const update = (next: TrainingSettings) => {
    if (next.target !== current.target) chooseTarget(next.target);
    setSettings(next);
  };
  const guess = (column: string) => guessProblemType(session.columns, session.currentData, column);
  const catalogue = lists[catalogueType(current.problemType, guess(current.target))];
  const problems = trainingProblems(current);
  const clustering = current.problemType === 'clustering';
  const checksType = current.target !== '' && (current.problemType === 'classification' || current.problemType === 'regression');

  // what auto-detect would choose, so a target that reads as the other type is pointed out before training
  const detection = useQuery({
    queryKey: ['detect-problem-type', session.sessionId, current.target],
    queryFn: checksType ? ({ signal }) => detectProblemType(current.target, signal) : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const suggestion = checksType ? problemTypeSuggestion(current, detection.data) : null;

  const training = useMutation({
    mutationFn: (request: TrainRequest) => trainModels(request),
    onSuccess: (result) => {
      // the target trained on becomes the session target on the server
      if (result.target_column !== null) rememberSessionTarget(queryClient, result.target_column);
      notify.success(t('training.completed'));
      const leftOut = leftOutClassesNote(result.left_out_classes, t);
      if (leftOut !== null) notify.warning(leftOut);
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
  const features = Math.max(0, columns - (current.target === '' ? 0 : 1));

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
              onChange={(problemType) => update(withProblemType(current, problemType, guess, lists))}
            />
            {clustering ? (
              <CardNote>{t('training.problem.noTargetForClustering')}</CardNote>
            ) : (
              <TargetField
                columns={session.columns}
                value={current.target}
                info={t('training.problem.targetInfo')}
                onChange={(column) => update(withTarget(current, column, guess, lists))}
              />
            )}
          </div>
          {problems.includes('noTarget') && <CardNote tone="warn">{t('training.noTarget')}</CardNote>}
          {suggestion !== null && (
            <div className="card-note card-note--warn training__suggestion">
              <span>
                {t(`training.suggestion.${suggestion.problemType}`, { column: suggestion.target, values: number(suggestion.distinctValues) })}
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={busy}
                onClick={() => update(withProblemType(current, suggestion.problemType, guess, lists))}
              >
                {t(suggestion.problemType === 'regression' ? 'training.suggestion.useRegression' : 'training.suggestion.useClassification')}
              </button>
            </div>
          )}
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
                onChange={(on) => update({ ...current, models: toggleModel(current.models, model, on) })}
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
              onChange={(validationMethod) => update({ ...current, validationMethod })}
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
                onChange={(testSize) => update({ ...current, testSize })}
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
                onChange={(cvFolds) => update({ ...current, cvFolds })}
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
