import { useTranslation } from 'react-i18next';
import type { ModelResult } from '../../api/training';
import { useNumberFormat } from '../../i18n/format';
import { formatMetric, metricTone, orderedMetrics } from './metrics';

interface ModelMetricsProps {
  result: ModelResult;
  best: boolean;
  metricName: (metric: string) => string;
}

/** One model's metrics to 4 decimals, coloured as SPEC §9 says, and its own error beside them. */
export function ModelMetrics({ result, best, metricName }: ModelMetricsProps) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const imputed = result.imputed_cells ?? 0;
  const metrics = orderedMetrics(result.metrics);
  return (
    <article className="model-metrics" aria-label={result.model}>
      <header className="model-metrics__header">
        <h3 className="model-metrics__name">{result.model}</h3>
        {best && <span className="model-metrics__badge">{t('evaluation.details.best')}</span>}
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
      {imputed > 0 && (
        <p className="model-metrics__imputed">{t('evaluation.details.imputed', { count: imputed, cells: number(imputed) })}</p>
      )}
      {metrics.length > 0 && (
        <dl className="model-metrics__list">
          {metrics.map(([name, value]) => (
            <div key={name} className={`model-metrics__item model-metrics__item--${metricTone(name, value)}`}>
              <dt>{metricName(name)}</dt>
              <dd>{formatMetric(name, value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
