import { useTranslation } from 'react-i18next';
import type { Evaluation, MetricCatalog, ModelResult } from '../../api/training';
import { formatPercent, useNumberFormat } from '../../i18n/format';
import { formatSpread, metricTone, orderedMetrics } from './metrics';
import { ToneCue } from '../../components/ToneCue/ToneCue';
import type { EnsembleMembers } from './ensembleMembers';

type Metrics = Record<string, number | null>;

interface ModelMetricsProps {
  result: ModelResult;
  best: boolean;
  catalog: MetricCatalog;
  metricName: (metric: string) => string;
  /** The baseline's metrics, which colour the metrics in the data's units. */
  baseline?: Metrics;
  /** An ensemble's members and their weights. */
  members?: EnsembleMembers;
}

/**
 * One model's metrics to 4 decimals (cross-validated: mean ± standard deviation over the folds),
 * coloured as SPEC §9 says, and its own error beside them.
 */
export function ModelMetrics({ result, best, catalog, metricName, baseline, members }: ModelMetricsProps) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const imputed = result.imputed_cells ?? 0;
  return (
    <article className="model-metrics" aria-label={result.model}>
      <header className="model-metrics__header">
        <h3 className="model-metrics__name">{result.model}</h3>
        {best && <span className="model-metrics__badge">{t('evaluation.details.best')}</span>}
        {result.beats_baseline === false && (
          <span className="model-metrics__badge model-metrics__badge--warn">{t('evaluation.details.belowBaseline')}</span>
        )}
        {result.at_chance === true && (
          <span className="model-metrics__badge model-metrics__badge--warn">{t('evaluation.details.atChance')}</span>
        )}
        {result.sampling.length > 0 && (
          <span className="model-metrics__note">
            {result.sampling
              .map((note) => t(`evaluation.details.sampled.${note.purpose}`, { rows: note.rows, of: note.of_rows }))
              .join(' ')}
          </span>
        )}
      </header>
      {result.error !== null && (
        <p className="model-metrics__error" role="alert">
          {t('evaluation.details.error', { error: result.error })}
        </p>
      )}
      {members && members.length > 0 && (
        <p className="model-metrics__members">
          {t('evaluation.details.ensembleOf', {
            members: members.map((member) => `${member.model} ${formatPercent(member.weight * 100, 0)}`).join(', '),
          })}
        </p>
      )}
      {imputed > 0 && (
        <p className="model-metrics__imputed">{t('evaluation.details.imputed', { count: imputed, cells: number(imputed) })}</p>
      )}
      <MetricList metrics={result.metrics} spreads={result.metrics_std} baseline={baseline} catalog={catalog} metricName={metricName} />
    </article>
  );
}

type Baseline = NonNullable<Evaluation['baseline']>;

/** The baseline the models are measured against, scored on the same rows, as one more row of metrics. */
interface BaselineMetricsProps {
  baseline: Baseline;
  catalog: MetricCatalog;
  metricName: (metric: string) => string;
}

export function BaselineMetrics({ baseline, catalog, metricName }: BaselineMetricsProps) {
  const { t } = useTranslation();
  const name = t(`evaluation.baseline.${baseline.strategy}`);
  return (
    <article className="model-metrics model-metrics--baseline" aria-label={name}>
      <header className="model-metrics__header">
        <h3 className="model-metrics__name">{name}</h3>
        <span className="model-metrics__note">{t('evaluation.baseline.note')}</span>
      </header>
      <MetricList metrics={baseline.metrics} baseline={baseline.metrics} catalog={catalog} metricName={metricName} />
    </article>
  );
}

interface MetricListProps {
  metrics: Metrics;
  /** Cross-validation's standard deviations; absent for one held-out split. */
  spreads?: Metrics;
  baseline?: Metrics;
  catalog: MetricCatalog;
  metricName: (metric: string) => string;
}

function MetricList({ metrics, spreads, baseline, catalog, metricName }: MetricListProps) {
  const { t } = useTranslation();
  const ordered = orderedMetrics(catalog, metrics);
  if (ordered.length === 0) return null;
  return (
    <dl className="model-metrics__list">
      {ordered.map(([name, value]) => {
        const tone = metricTone(catalog, name, value, baseline?.[name]);
        return (
          <div key={name} className={`model-metrics__item model-metrics__item--${tone}`}>
            <dt>{metricName(name)}</dt>
            <dd>
              <span className="model-metrics__value">{formatSpread(catalog, name, value, spreads?.[name])}</span>
              {tone !== 'neutral' && <ToneCue tone={tone} word={t(`evaluation.details.tone.${tone}`)} />}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
