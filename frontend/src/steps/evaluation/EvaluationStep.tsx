import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Evaluation, MetricCatalog } from '../../api/training';
import type { Session } from '../../session/session';
import { BarsIcon, CurveIcon, GaugeIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { BusyNote, CardNote, StepHeader } from '../../components/StepScreen/StepScreen';
import { DownloadReportButton } from '../../report/DownloadReportButton';
import { useNumberFormat } from '../../i18n/format';
import { ExportAndPredict } from '../export/ExportAndPredict';
import { leftOutClassesNote } from '../training/leftOutClasses';
import { comparisonFigure } from './evaluationCharts';
import { ExplanationCard } from './ExplanationCard';
import { ExplanationWaiting } from './ExplanationWaiting';
import { useModelExplanation } from './useModelExplanation';
import { FigureChart, ModelCharts } from './ModelCharts';
import { BaselineMetrics, ModelMetrics } from './ModelMetrics';
import { ensembleMembers } from './ensembleMembers';
import { formatMetric, formatSpread, primaryMetric } from './metrics';
import { PrimaryMetricField } from './PrimaryMetricField';
import { useMetricName } from './useMetricName';
import { weaknessNotes } from './weaknessNotes';
import { useMetricCatalog } from '../../queries/metricCatalog';
import { useChoosePrimaryMetric } from '../../queries/primaryMetric';
import { useEvaluation } from '../../queries/results';
import { hasTrainedModels } from '../training/trainingRecord';
import { pickedRun, useOptimizationResult } from '../../queries/optimizationResult';
import { OPTIMIZATION_RECORD_ID } from '../stepKeys';
import { hasOptimizedModels, optimizedRow } from '../optimization/optimizedRow';
import './EvaluationStep.css';

interface EvaluationStepProps {
  session: Session;
  onContinue: (result: { best_model: string | null; problem_type: string }) => void;
}

/** Step 9: the metrics and charts of every trained model, and the best of them. */
export function EvaluationStep({ session, onContinue }: EvaluationStepProps) {
  const { t } = useTranslation();
  const trained = hasTrainedModels(session);
  const evaluation = useEvaluation(trained, { completed: t('evaluation.completed'), failed: t('evaluation.failed') });
  const catalog = useMetricCatalog(trained);

  let body;
  if (!trained) body = <CardNote tone="warn">{t('evaluation.noResults')}</CardNote>;
  else if (evaluation.data && catalog.data) {
    body = (
      <EvaluationResults
        evaluation={evaluation.data}
        catalog={catalog.data}
        optimized={hasOptimizedModels(session.stepResults[OPTIMIZATION_RECORD_ID])}
      />
    );
  } else if (evaluation.isError || catalog.isError) body = <CardNote tone="warn">{t('evaluation.failed')}</CardNote>;
  else body = <BusyNote>{t('evaluation.evaluating')}</BusyNote>;

  return (
    <div className="step-screen evaluation">
      <StepHeader title={t('evaluation.title')} description={t('evaluation.description')} />
      {body}
      <div className="step-screen__actions">
        {(evaluation.isError || catalog.isError) && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void Promise.all([evaluation.isError && evaluation.refetch(), catalog.isError && catalog.refetch()])}
          >
            {t('evaluation.retry')}
          </button>
        )}
        {evaluation.data && (
          <DownloadReportButton
            session={session}
            evaluation={evaluation.data}
            optimization={null}
            usageModel={evaluation.data.best_model}
          />
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={!evaluation.data}
          onClick={() =>
            evaluation.data && onContinue({ best_model: evaluation.data.best_model, problem_type: evaluation.data.problem_type })
          }
        >
          {t('evaluation.continue')}
        </button>
      </div>
    </div>
  );
}

interface EvaluationResultsProps {
  evaluation: Evaluation;
  catalog: MetricCatalog;
  /** Models were optimized: each optimized run shows beside its untuned model. */
  optimized: boolean;
}

function EvaluationResults({ evaluation, catalog, optimized }: EvaluationResultsProps) {
  const { t } = useTranslation();
  const optimizations = useOptimizationResult(optimized);
  const number = useNumberFormat();
  const primary = primaryMetric(catalog, evaluation);
  const metricName = useMetricName();
  const trainedModels = evaluation.results.filter((result) => result.error === null);
  const best = evaluation.results.find((result) => result.model === evaluation.best_model);
  const scored = trainedModels.filter((result) => typeof result.metrics[primary] === 'number');
  const chartable = trainedModels.map((result) => result.model);
  const [chosen, setChosen] = useState(evaluation.best_model ?? chartable[0] ?? '');
  const shown = evaluation.results.find((result) => result.model === chosen && result.error === null);
  const explaining = useModelExplanation(evaluation, shown?.model ?? null);
  const leftOut = leftOutClassesNote(evaluation.left_out_classes, t);
  const ranking = useChoosePrimaryMetric();
  const notes = weaknessNotes(evaluation, catalog, t);
  const crossValidated = evaluation.validation_method === 'cross_validation';

  return (
    <>
      <SectionCard title={t('evaluation.summary.title')} icon={<GaugeIcon />}>
        <StatCards label={t('evaluation.summary.title')}>
          <StatCard label={t('evaluation.summary.modelsTrained')} value={number(trainedModels.length)} />
          <StatCard label={t('evaluation.summary.bestModel')} value={evaluation.best_model ?? '—'} className="evaluation__best">
            {best && (
              <span className="stat-card__note">{`${metricName(primary)}: ${formatSpread(catalog, primary, best.metrics[primary], best.metrics_std?.[primary])}`}</span>
            )}
          </StatCard>
          <StatCard label={t('evaluation.summary.problemType')} value={t(`training.problemTypes.${evaluation.problem_type}`)} />
          <StatCard label={t('evaluation.summary.primaryMetric')} value={metricName(primary)} />
        </StatCards>
        <div className="evaluation__rank">
          <PrimaryMetricField
            catalog={catalog}
            problemType={evaluation.problem_type}
            value={primary}
            disabled={ranking.isPending}
            onChange={(metric) => ranking.mutate(metric)}
          />
        </div>
        {leftOut !== null && (
          <div className="evaluation__note">
            <CardNote tone="warn">{leftOut}</CardNote>
          </div>
        )}
        {notes.map((note) => (
          <div key={note} className="evaluation__note">
            <CardNote tone="warn">{note}</CardNote>
          </div>
        ))}
      </SectionCard>

      <SectionCard title={t('evaluation.comparison.title')} icon={<BarsIcon />}>
        {scored.length === 0 ? (
          <CardNote>{t('evaluation.comparison.empty')}</CardNote>
        ) : (
          <FigureChart
            label={t('evaluation.comparison.chart', { metric: metricName(primary) })}
            figure={comparisonFigure(
              scored.map((result) => ({
                model: result.model,
                value: result.metrics[primary] ?? 0,
                text: formatMetric(catalog, primary, result.metrics[primary]),
                best: result.model === evaluation.best_model,
                spread: result.metrics_std?.[primary],
              })),
              metricName(primary),
            )}
          />
        )}
      </SectionCard>

      <SectionCard title={t('evaluation.details.title')} icon={<GaugeIcon />}>
        {crossValidated && <CardNote>{t('evaluation.details.foldSpread', { folds: evaluation.cv_folds ?? 0 })}</CardNote>}
        <div className="evaluation__models">
          {evaluation.results.map((result) => {
            const run = pickedRun(optimizations.data, result.model);
            return (
              <Fragment key={result.model}>
                <ModelMetrics
                  result={result}
                  best={result.model === evaluation.best_model}
                  catalog={catalog}
                  metricName={metricName}
                  baseline={evaluation.baseline?.metrics}
                  members={ensembleMembers(evaluation, result.model)}
                />
                {run && (
                  <ModelMetrics
                    result={optimizedRow(run, t)}
                    best={false}
                    catalog={catalog}
                    metricName={metricName}
                    baseline={evaluation.baseline?.metrics}
                  />
                )}
              </Fragment>
            );
          })}
          {evaluation.baseline && <BaselineMetrics baseline={evaluation.baseline} catalog={catalog} metricName={metricName} />}
        </div>
      </SectionCard>

      {shown && (
        <SectionCard title={t('evaluation.charts.title')} icon={<CurveIcon />}>
          <ModelCharts
            models={chartable}
            model={shown.model}
            onModelChange={setChosen}
            charts={shown.charts}
            problemType={evaluation.problem_type}
            importancesPending={explaining.pending}
          />
        </SectionCard>
      )}

      {shown && evaluation.problem_type !== 'clustering' && (
        <ExplanationCard
          models={chartable}
          model={shown.model}
          onModelChange={setChosen}
          explanation={shown.explanation ?? null}
          problemType={evaluation.problem_type}
          waiting={explaining.pending ? <ExplanationWaiting model={shown.model} explaining={explaining} /> : undefined}
        />
      )}

      <ExportAndPredict
        variants={trainedModels.map((result) => ({ model: result.model, optimized: false }))}
        initial={evaluation.best_model === null ? undefined : { model: evaluation.best_model, optimized: false }}
      />
    </>
  );
}
