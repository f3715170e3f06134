import type { TFunction } from 'i18next';
import type { Evaluation, MetricCatalog } from '../../api/training';
import { formatPercent } from '../../i18n/format';
import { formatMetric } from './metrics';

/** The server's weakness notes on the best model, as sentences of the interface language. */
export function weaknessNotes(evaluation: Pick<Evaluation, 'weaknesses'>, catalog: MetricCatalog, t: TFunction): string[] {
  return (evaluation.weaknesses ?? []).map((weakness) => {
    const values = weakness.values;
    if (weakness.kind === 'imbalanced_target') {
      return t('evaluation.weakness.imbalancedTarget', {
        model: weakness.model ?? '',
        share: values.majority_share === undefined ? '—' : formatPercent(values.majority_share * 100, 0),
        accuracy: formatMetric(catalog, 'accuracy', values.accuracy),
        balanced: formatMetric(catalog, 'balanced_accuracy', values.balanced_accuracy),
      });
    }
    return t('evaluation.weakness.logLossAboveBaseline', {
      model: weakness.model ?? '',
      logLoss: formatMetric(catalog, 'log_loss', values.log_loss),
      baseline: formatMetric(catalog, 'log_loss', values.baseline_log_loss),
    });
  });
}
