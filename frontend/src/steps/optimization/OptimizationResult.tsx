import { useTranslation } from 'react-i18next';
import type { ModelOptimizations, OptimizationRun } from '../../api/models';
import { GaugeIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { useMetricCatalog } from '../../queries/metricCatalog';
import { formatMetric, metricDirection, type MetricDirection } from '../evaluation/metrics';
import { useMetricName } from '../evaluation/useMetricName';
import { METHOD_LABELS } from './OptimizationSettings';
import { OptimizationRuns } from './OptimizationRuns';
import { formatDifference, formatImprovement, formatParamValue, formatScore, relativeImprovement } from './scoreDisplay';

/** Green for a change for the better, red for the worse: for an error metric a fall is the better. */
function improvementTone(improvement: number | null, direction: MetricDirection | undefined): string | undefined {
  if (improvement === null || improvement === 0 || direction === undefined || direction === 'none') return undefined;
  const better = direction === 'higher' ? improvement > 0 : improvement < 0;
  return better ? 'optimization-result__change--better' : 'optimization-result__change--worse';
}

interface OptimizationResultProps {
  /** The model's kept runs, oldest first, and the one picked. */
  kept: ModelOptimizations;
  /** The run the model uses (exports and predicts with). */
  run: OptimizationRun;
  onPick: (runId: number) => void;
  picking: boolean;
}

/** Why the run in use is not the best or the newest: the person picked it, or the newest scored lower. */
function PickNote({ kept }: { kept: ModelOptimizations }) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  const metric = metricName(kept.primary_metric);
  const picked = kept.picked_run;
  const newest = kept.runs[kept.runs.length - 1]?.run_id ?? picked;
  if (kept.best_run !== picked) return <CardNote>{t('optimization.result.betterRun', { best: kept.best_run, picked, metric })}</CardNote>;
  if (newest !== picked) return <CardNote>{t('optimization.result.notApplied', { run: newest, picked, metric })}</CardNote>;
  return null;
}

/**
 * A model's optimized run: SPEC §9's best and baseline scores and relative improvement, the score
 * as Evaluation writes it and the difference in the metric's units, the best parameters, and
 * every kept run to pick from.
 */
export function OptimizationResult({ kept, run, onPick, picking }: OptimizationResultProps) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  const catalog = useMetricCatalog();
  const { model } = kept;
  // read in the primary metric chosen now, which may not be the one the run searched by
  const { metric, score, baseline_score: baseline } = run.ranked;
  const improvement = relativeImprovement(score, baseline);
  const params = Object.entries(run.best_params);
  const evaluationForm = catalog.data === undefined ? '' : formatMetric(catalog.data, metric, score);

  return (
    <SectionCard title={t('optimization.result.title', { model })} icon={<GaugeIcon />}>
      <div className="card-stack">
        <StatCards label={t('optimization.result.title', { model })}>
          <StatCard
            label={t('optimization.result.bestScore')}
            info={t('optimization.heldOut.info', { value: evaluationForm })}
            value={formatScore(metric, score)}
          >
            <span className="stat-card__note">{`${metricName(metric)} · ${evaluationForm}`}</span>
          </StatCard>
          <StatCard
            label={t('optimization.result.baselineScore')}
            info={t('optimization.result.baselineInfo')}
            value={formatScore(metric, baseline)}
          />
          <StatCard
            label={t('optimization.result.improvement')}
            info={t('optimization.result.improvementInfo')}
            value={formatImprovement(improvement)}
            className={improvementTone(improvement, catalog.data === undefined ? undefined : metricDirection(catalog.data, metric))}
          />
          <StatCard
            label={t('optimization.heldOut.difference')}
            info={t('optimization.heldOut.differenceInfo')}
            value={formatDifference(score, baseline)}
          />
          <StatCard label={t('optimization.result.method')} value={t(METHOD_LABELS[run.optimization_method])} />
        </StatCards>
        <div>
          <h3 className="search-space__title">{t('optimization.result.bestParams')}</h3>
          {params.length === 0 ? (
            <CardNote>{t('optimization.result.keptSettings')}</CardNote>
          ) : (
            <dl className="search-space__list" aria-label={t('optimization.result.bestParams')}>
              {params.map(([name, value]) => (
                <div key={name} className="search-space__param">
                  <dt>{name}</dt>
                  <dd>{formatParamValue(value)}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <PickNote kept={kept} />
        <OptimizationRuns
          model={model}
          runs={kept.runs}
          pickedRun={run.run_id}
          primaryMetric={kept.primary_metric}
          onPick={onPick}
          picking={picking}
        />
      </div>
    </SectionCard>
  );
}
