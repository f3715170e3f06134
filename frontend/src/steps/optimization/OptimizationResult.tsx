import { useTranslation } from 'react-i18next';
import { GaugeIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { useMetricName } from '../evaluation/useMetricName';
import { METHOD_LABELS } from './OptimizationSettings';
import type { OptimizedModel } from './optimizationRules';
import { formatImprovement, formatParamValue, formatScore, relativeImprovement } from './scoreDisplay';

function improvementTone(improvement: number | null): string | undefined {
  if (improvement === null || improvement === 0) return undefined;
  return improvement > 0 ? 'optimization-result__change--up' : 'optimization-result__change--down';
}

/** A model's optimization: best and baseline scores, the relative improvement and the best parameters. */
export function OptimizationResult({ model, result }: { model: string; result: OptimizedModel }) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  const metric = result.primaryMetric;
  const improvement = relativeImprovement(result.bestScore, result.baselineScore);
  const params = Object.entries(result.bestParams);

  return (
    <SectionCard title={t('optimization.result.title', { model })} icon={<GaugeIcon />}>
      <div className="card-stack">
        <StatCards label={t('optimization.result.title', { model })}>
          <StatCard label={t('optimization.result.bestScore')} value={formatScore(metric, result.bestScore)}>
            <span className="stat-card__note">{metricName(metric)}</span>
          </StatCard>
          <StatCard
            label={t('optimization.result.baselineScore')}
            info={t('optimization.result.baselineInfo')}
            value={formatScore(metric, result.baselineScore)}
          />
          <StatCard
            label={t('optimization.result.improvement')}
            info={t('optimization.result.improvementInfo')}
            value={formatImprovement(improvement)}
            className={improvementTone(improvement)}
          />
          <StatCard label={t('optimization.result.method')} value={t(METHOD_LABELS[result.method])} />
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
      </div>
    </SectionCard>
  );
}
