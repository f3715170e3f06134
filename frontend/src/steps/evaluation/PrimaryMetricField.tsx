import { useTranslation } from 'react-i18next';
import type { MetricCatalog } from '../../api/training';
import { SelectField } from '../../components/fields/SelectField';
import { rankableMetrics } from './metrics';
import { useMetricName } from './useMetricName';

interface PrimaryMetricFieldProps {
  catalog: MetricCatalog;
  problemType: string;
  value: string;
  onChange: (metric: string) => void;
  disabled?: boolean;
}

/** The metric that names the best model, among those the catalogue lets `problemType` rank by. */
export function PrimaryMetricField({ catalog, problemType, value, onChange, disabled }: PrimaryMetricFieldProps) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  return (
    <SelectField
      label={t('evaluation.rankBy.label')}
      info={t('evaluation.rankBy.info')}
      value={value}
      disabled={disabled}
      choices={rankableMetrics(catalog, problemType).map((metric) => ({ value: metric, label: metricName(metric) }))}
      onChange={onChange}
    />
  );
}
