import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trainModels, type DetectedProblemType, type TrainRequest, type TrainResult } from '../../api/training';
import type { Session } from '../../session/session';
import { CheckIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { BusyNote, CardNote, runningButtonProps, StepHeader } from '../../components/StepScreen/StepScreen';
import { TaskProgress } from '../../components/TaskProgress/TaskProgress';
import { errorMessage } from '../../i18n/errorMessage';
import { keepLeaderboard, useLeaderboard } from '../../queries/leaderboard';
import { evaluateAgain, useTrainingResult } from '../../queries/results';
import { rememberSessionTarget, useSessionData } from '../../queries/sessionData';
import { useStepTarget } from '../common/sessionTarget';
import { useLongTask } from '../common/useLongTask';
import { useModelCatalog } from '../../queries/modelCatalog';
import { useDetectedProblemType } from '../../queries/problemType';
import { LeaderboardCard } from './LeaderboardCard';
import { leftOutClassesNote } from './leftOutClasses';
import { ModelsCard } from './ModelsCard';
import { PrimaryMetricCard, usePrimaryMetricChoice } from './PrimaryMetricCard';
import { ProblemCard } from './ProblemCard';
import { TrainingModeCard } from './TrainingModeCard';
import { TrainingSummary } from './TrainingSummary';
import {
  catalogueType,
  detectedTypeNote,
  modelLists,
  problemTypeSuggestion,
  restoredSettings,
  trainingMode,
  trainingProblems,
  trainRequest,
  withChosenProblemType,
  withDetection,
  type ModelLists,
  type TrainingSettings,
} from './trainingRules';
import { ValidationCard } from './ValidationCard';
import './TrainingStep.css';

interface TrainingStepProps {
  session: Session;
  onContinue: (result: TrainResult) => void;
  /** Keeps the settings in the session, so a return to this step finds them as they were. */
  onSettingsChange?: (settings: TrainingSettings) => void;
}

/**
 * Step 8: choose the problem, the models (from the server's catalogue) and the validation, then
 * train them all; or find the best model of the catalogue within a time budget, on a live leaderboard.
 */
export function TrainingStep({ session, onContinue, onSettingsChange }: TrainingStepProps) {
  const { t } = useTranslation();
  const catalog = useModelCatalog();
  if (catalog.data !== undefined) {
    return <TrainingForm session={session} onContinue={onContinue} onSettingsChange={onSettingsChange} lists={modelLists(catalog.data)} />;
  }
  return (
    <div className="step-screen training">
      <StepHeader title={t('training.title')} description={t('training.description')} />
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

function TrainingForm({ session, onContinue, onSettingsChange, lists }: TrainingStepProps & { lists: ModelLists }) {
  const { t } = useTranslation();
  const frame = useSessionData();
  const [settings, setSettings] = useState<TrainingSettings>(() => restoredSettings(session.trainingSettings, lists));
  const [target, chooseTarget] = useStepTarget();
  // clustering takes no target, whatever the default would be
  const current = { ...settings, target: settings.problemType === 'clustering' ? '' : target };
  /** A change of the settings; one that changes the target makes it the person's own choice. */
  const update = (next: TrainingSettings) => {
    if (next.target !== current.target) chooseTarget(next.target);
    setSettings(next);
    onSettingsChange?.(next);
  };
  // the server detects the target's type for auto-detect's model list and for the suggestion
  const detected = useDetectedProblemType(session.sessionId, current.target, current.target !== '' && current.problemType !== 'clustering');
  const detectedType = detected?.problem_type;
  useSettingsFollowDetection(current, detected, lists, update);
  const problems = trainingProblems(current);
  const suggestion = problemTypeSuggestion(current, detected);
  const training = useTraining(onContinue);
  const primaryMetric = usePrimaryMetricChoice(catalogueType(current.problemType, detectedType));
  const busy = training.busy;
  const mode = trainingMode(current);
  const catalogue = lists[catalogueType(current.problemType, detectedType)];
  // the kept board while idle; while training, only a running search's (a new one replaces it)
  const board = useLeaderboard(busy).data;
  const shownBoard = board != null && (board.running || !busy) ? board : null;

  const rows = frame.info?.shape[0] ?? frame.preview.length;
  const columns = frame.info?.shape[1] ?? frame.columns.length;

  return (
    <div className="step-screen training">
      <StepHeader title={t('training.title')} description={t('training.description')} />
      <ProblemCard
        problemType={current.problemType}
        target={current.target}
        columns={frame.columns}
        suggestion={suggestion}
        detectedNote={detectedTypeNote(current, detected)}
        noTarget={problems.includes('noTarget')}
        busy={busy}
        onProblemTypeChange={(problemType) => update(withChosenProblemType(current, problemType, detectedType, lists))}
        onTargetChange={(column) => update({ ...current, target: column })}
      />
      {current.problemType !== 'clustering' && (
        <TrainingModeCard settings={current} busy={busy} onChange={(change) => update({ ...current, ...change })} />
      )}
      {mode === 'selected' && (
        <ModelsCard catalogue={catalogue} selected={current.models} busy={busy} onChange={(models) => update({ ...current, models })} />
      )}
      {mode === 'selected' && current.problemType !== 'clustering' && (
        <ValidationCard settings={current} busy={busy} onChange={(change) => update({ ...current, ...change })} />
      )}
      <PrimaryMetricCard choice={primaryMetric} busy={busy} />
      <TrainingSummary
        rows={rows}
        columns={columns}
        features={Math.max(0, columns - (current.target === '' ? 0 : 1))}
        models={mode === 'best' ? catalogue.length : current.models.length}
        searching={mode === 'best'}
      />

      {busy && <TaskProgress label={t('training.inProgress')} onCancel={training.cancel} cancelling={training.cancelling} />}
      {training.cancelled && <CardNote>{t('longTask.cancelled.training')}</CardNote>}
      {shownBoard !== null && <LeaderboardCard board={shownBoard} />}

      <div className="step-screen__actions">
        <button
          type="button"
          className="button button--primary"
          {...runningButtonProps(busy, problems.length > 0, () => training.start({ ...trainRequest(current), ...primaryMetric.request }))}
        >
          {busy ? (
            t('training.inProgress')
          ) : (
            <>
              <CheckIcon />
              {mode === 'best' ? t('training.mode.best') : t('training.train')}
            </>
          )}
        </button>
      </div>
    </div>
  );
}

/**
 * The settings follow the type the server detects once it answers (`withDetection`: the last
 * answer shows while a new target's is on its way); a detection not known yet keeps them.
 */
function useSettingsFollowDetection(
  settings: TrainingSettings,
  detected: DetectedProblemType | undefined,
  lists: ModelLists,
  update: (next: TrainingSettings) => void,
) {
  const follow = useEffectEvent((answer: DetectedProblemType) => {
    const next = withDetection(settings, answer, lists);
    if (next.problemType !== settings.problemType || next.models.join('\n') !== settings.models.join('\n')) update(next);
  });
  useEffect(() => {
    if (detected !== undefined) follow(detected);
  }, [detected]);
}

/**
 * Trains the models, with the toasts of SPEC §8, and hands the result on, also when the
 * screen was left or the page reloaded while the training ran.
 */
function useTraining(onContinue: (result: TrainResult) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const loadResult = useTrainingResult();
  return useLongTask('training', {
    start: (request: TrainRequest) => trainModels(request),
    load: loadResult,
    failed: t('training.failed'),
    onSuccess: (result: TrainResult) => {
      // the target trained on becomes the session target on the server
      if (result.target_column !== null) void rememberSessionTarget(queryClient, result.target_column);
      void keepLeaderboard(queryClient, result.search ?? null);
      if (result.search?.stopped) notify.info(t('training.leaderboard.stopped'));
      void evaluateAgain(queryClient);
      notify.success(t('training.completed'));
      const leftOut = leftOutClassesNote(result.left_out_classes, t);
      if (leftOut !== null) notify.warning(leftOut);
      if (result.failed_models.length > 0) {
        notify.warning(t('training.someFailed', { models: result.failed_models.map((failed) => failed.model).join(', ') }));
      }
      onContinue(result);
    },
  });
}
