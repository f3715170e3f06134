import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { optimizeModel, type OptimizationHistory, type OptimizeRequest, type OptimizeResult } from '../../api/models';
import { errorMessage } from '../../i18n/errorMessage';
import {
  optimizedModels,
  pickedRun,
  readOptimizationsAgain,
  useOptimizationResult,
  usePickOptimization,
} from '../../queries/optimizationResult';
import type { Evaluation } from '../../api/training';
import type { Session } from '../../session/session';
import { CheckIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { BusyNote, CardNote, runningButtonProps, StepHeader } from '../../components/StepScreen/StepScreen';
import { TaskProgress } from '../../components/TaskProgress/TaskProgress';
import { useLongTask } from '../common/useLongTask';
import { useModelCatalog } from '../../queries/modelCatalog';
import { useEvaluation } from '../../queries/results';
import { hasTrainedModels } from '../training/trainingRecord';
import { OPTIMIZATION_RECORD_ID } from '../stepKeys';
import { ExportAndPredict } from '../export/ExportAndPredict';
import { DownloadReportButton } from '../../report/DownloadReportButton';
import { defaultFileStem, type ModelVariant } from '../export/modelVariants';
import { OptimizationResult } from './OptimizationResult';
import { OptimizationSettings } from './OptimizationSettings';
import { restoredOptimizationSettings } from './savedSettings';
import {
  applicableEdits,
  optimizationProblems,
  optimizedModel,
  optimizeRequest,
  readOptimizationRecord,
  searchParams,
  withOptimizedModel,
  withPickedRun,
  type OptimizationRecord,
  type OptimizationSettings as Settings,
  type SpaceEdits,
} from './optimizationRules';
import './OptimizationStep.css';

interface OptimizationStepProps {
  session: Session;
  /** Records every optimization so far, with the new one. */
  onOptimized: (record: OptimizationRecord) => void;
  /** Keeps the settings for the next visit (`Session.optimizationSettings`). */
  onSettingsChange?: (settings: Settings) => void;
}

/** Step 10: search a trained model's parameters, then export or use the optimized model. */
export function OptimizationStep({ session, onOptimized, onSettingsChange }: OptimizationStepProps) {
  const { t } = useTranslation();
  const trained = hasTrainedModels(session);
  const evaluation = useEvaluation(trained, { failed: t('optimization.evaluationFailed') });
  const usable = evaluation.data?.results.filter((result) => result.error === null).map((result) => result.model) ?? [];

  let body;
  if (!trained || (evaluation.data && usable.length === 0)) body = <CardNote tone="warn">{t('optimization.noEvaluation')}</CardNote>;
  else if (evaluation.data) {
    body = (
      <OptimizationWorkbench
        session={session}
        evaluation={evaluation.data}
        models={usable}
        record={readOptimizationRecord(session.stepResults[OPTIMIZATION_RECORD_ID])}
        onOptimized={onOptimized}
        onSettingsChange={onSettingsChange}
      />
    );
  } else if (evaluation.isError) {
    body = (
      <>
        <CardNote tone="warn">{t('optimization.evaluationFailed')}</CardNote>
        <div className="step-screen__actions">
          <button type="button" className="button button--ghost" onClick={() => void evaluation.refetch()}>
            {t('evaluation.retry')}
          </button>
        </div>
      </>
    );
  } else body = <BusyNote>{t('optimization.loadingEvaluation')}</BusyNote>;

  return (
    <div className="step-screen optimization">
      <StepHeader title={t('optimization.title')} description={t('optimization.description')} />
      {body}
    </div>
  );
}

interface OptimizationWorkbenchProps {
  session: Session;
  evaluation: Evaluation;
  /** The models that trained. */
  models: string[];
  record: OptimizationRecord;
  onOptimized: (record: OptimizationRecord) => void;
  onSettingsChange: OptimizationStepProps['onSettingsChange'];
}

/** The run the screen shows after a reload: the one that finished last, as its request would have answered. */
function latestRun(history: OptimizationHistory): OptimizeResult {
  const runs = history.models.flatMap((entry) =>
    entry.runs.map((run) => ({ ...run, message: '', picked: run.run_id === entry.picked_run })),
  );
  const latest = runs.reduce((last, run) => (run.finished_at > last.finished_at ? run : last));
  return latest;
}

function OptimizationWorkbench({ session, evaluation, models, record, onOptimized, onSettingsChange }: OptimizationWorkbenchProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<Settings>(() =>
    restoredOptimizationSettings(session.optimizationSettings, models, record.lastModel),
  );
  const [edits, setEdits] = useState<SpaceEdits>({});
  const changeSettings = (next: Settings) => {
    setSettings(next);
    onSettingsChange?.(next);
  };
  // a result that arrives after a reload or a visit elsewhere shows its own model
  const [lastModel, setLastModel] = useState(record.lastModel);
  if (record.lastModel !== lastModel) {
    setLastModel(record.lastModel);
    if (record.lastModel !== null) setSettings({ ...settings, model: record.lastModel });
  }
  const catalog = useModelCatalog();
  const history = useOptimizationResult();
  const pick = usePickOptimization();
  const optimizing = useLongTask('optimization', {
    start: (request: OptimizeRequest) => optimizeModel(request),
    load: async () => latestRun(await readOptimizationsAgain(queryClient)),
    failed: t('optimization.failed'),
    onSuccess: (result: OptimizeResult) => {
      void readOptimizationsAgain(queryClient);
      const model = result.selected_model;
      if (result.picked) notify.success(t('optimization.completed', { model }));
      else notify.warning(t('optimization.notPicked', { model, run: pickedRun(history.data, model)?.run_id ?? '' }));
      onOptimized(withOptimizedModel(record, result));
    },
  });
  const busy = optimizing.busy;

  const optimized = optimizedModels(history.data).filter((model) => models.includes(model));
  const kept = history.data?.models.find((entry) => entry.model === settings.model);
  const shown = pickedRun(history.data, settings.model);
  const variants: ModelVariant[] = models.flatMap((model) =>
    optimized.includes(model)
      ? [
          { model, optimized: true },
          { model, optimized: false },
        ]
      : [{ model, optimized: false }],
  );
  const lastOptimized = record.lastModel !== null && optimized.includes(record.lastModel) ? record.lastModel : null;
  const lastRun = lastOptimized === null ? undefined : pickedRun(history.data, lastOptimized);
  const best = evaluation.best_model !== null && models.includes(evaluation.best_model) ? evaluation.best_model : null;
  // export and prediction start at the model optimized last, else at the best trained one
  let initial: ModelVariant | undefined;
  if (lastOptimized !== null) initial = { model: lastOptimized, optimized: true };
  else if (best !== null) initial = { model: best, optimized: false };

  const params = searchParams(
    catalog.data?.find((entry) => entry.name === settings.model),
    settings.method,
  );
  const start = () => {
    if (optimizationProblems(settings).includes('noModel')) {
      notify.warning(t('optimization.selectModel'));
      return;
    }
    optimizing.start(optimizeRequest(settings, applicableEdits(edits, params)));
  };
  const choosePick = (runId: number) =>
    pick.mutate(
      { model: settings.model, runId },
      {
        onSuccess: () => onOptimized(withPickedRun(record, settings.model, runId)),
        onError: (error) => notify.error(t('optimization.failed'), errorMessage(error, t)),
      },
    );

  return (
    <>
      <OptimizationSettings
        models={models}
        settings={settings}
        onChange={(next) => {
          if (next.model !== settings.model || next.method !== settings.method) setEdits({});
          changeSettings(next);
        }}
        catalog={catalog.data}
        disabled={busy}
        edits={edits}
        onEdit={setEdits}
      />
      {busy && <TaskProgress label={t('optimization.inProgress')} onCancel={optimizing.cancel} cancelling={optimizing.cancelling} />}
      {optimizing.cancelled && <CardNote>{t('longTask.cancelled.optimization')}</CardNote>}
      <div className="step-screen__actions">
        <button
          type="button"
          className="button button--primary"
          {...runningButtonProps(busy, optimizationProblems(settings).includes('iterations'), start)}
        >
          {busy ? (
            t('optimization.inProgress')
          ) : (
            <>
              <CheckIcon />
              {t('optimization.run')}
            </>
          )}
        </button>
        <DownloadReportButton
          session={session}
          evaluation={evaluation}
          optimization={lastRun === undefined || lastOptimized === null ? null : { model: lastOptimized, result: optimizedModel(lastRun) }}
          usageModel={initial === undefined ? null : defaultFileStem(initial)}
        />
      </div>
      {shown && kept && <OptimizationResult kept={kept} run={shown} onPick={choosePick} picking={pick.isPending} />}
      {/* a new optimization remounts it, so its choices start at the optimized model */}
      <ExportAndPredict key={`${lastOptimized ?? ''}:${optimized.join(',')}`} variants={variants} initial={initial} />
    </>
  );
}
