import { useTranslation } from 'react-i18next';
import { metricNameKey } from './metrics';

/** A metric's name in the interface language; the metric itself when it has no translation. */
export function useMetricName(): (metric: string) => string {
  const { t } = useTranslation();
  return (metric) => t(metricNameKey(metric) as 'evaluation.metricNames.accuracy', { defaultValue: metric });
}
