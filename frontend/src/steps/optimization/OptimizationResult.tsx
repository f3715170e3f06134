import { useTranslation } from 'react-i18next';
import type { OptimizationRun } from '../../api/models';
import { GaugeIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { useMetricCatalog } from '../../queries/metricCatalog';
import { formatMetric } from '../evaluation/metrics';
import { useMetricName } from '../evaluation/useMetricName';
import { METHOD_LABELS } from './OptimizationSettings';
import { OptimizationRuns } from './OptimizationRuns';
import { formatDifference, formatImprovement, formatParamValue, formatScore, relativeImprovement } from './scoreDisplay';

function improvementTone(improvement: number | null): string | undefined {
  if (improvement === null || improvement === 0) return undefined;
  return improvement > 0 ? 'optimization-result__change--up' : 'optimization-result__change--down';
}

interface OptimizationResultProps {
  model: string;
  /** The run the model uses (exports and predicts with). */
  run: OptimizationRun;
  /** Every kept run of the model, oldest first. */
  runs: readonly OptimizationRun[];
  onPick: (runId: number) => void;
  picking: boolean;
}

/**
 * A model's optimized run: SPEC §9's best and baseline scores and relative improvement, the score
 * as Evaluation writes it and the difference in the metric's units, the best parameters, and
 * every kept run to pick from.
 */
export function OptimizationResult({ model, run, runs, onPick, picking }: OptimizationResultProps) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  const catalog = useMetricCatalog();
  const metric = run.primary_metric;
  const improvement = relativeImprovement(run.best_score, run.baseline_score);
  const params = Object.entries(run.best_params);
  const evaluationForm = catalog.data === undefined ? '' : formatMetric(catalog.data, metric, run.best_score);

  return (
    <SectionCard title={t('optimization.result.title', { model })} icon={<GaugeIcon />}>
      <div className="card-stack">
        <StatCards label={t('optimization.result.title', { model })}>
          <StatCard
            label={t('optimization.result.bestScore')}
            info={t('optimization.heldOut.info', { value: evaluationForm })}
            value={formatScore(metric, run.best_score)}
          >
            <span className="stat-card__note">{`${metricName(metric)} · ${evaluationForm}`}</span>
          </StatCard>
          <StatCard
            label={t('optimization.result.baselineScore')}
            info={t('optimization.result.baselineInfo')}
            value={formatScore(metric, run.baseline_score)}
          />
          <StatCard
            label={t('optimization.result.improvement')}
            info={t('optimization.result.improvementInfo')}
            value={formatImprovement(improvement)}
            className={improvementTone(improvement)}
          />
          <StatCard
            label={t('optimization.heldOut.difference')}
            info={t('optimization.heldOut.differenceInfo')}
            value={formatDifference(run.best_score, run.baseline_score)}
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
        <OptimizationRuns model={model} runs={runs} pickedRun={run.run_id} onPick={onPick} picking={picking} />
      </div>
    </SectionCard>
  );
}
