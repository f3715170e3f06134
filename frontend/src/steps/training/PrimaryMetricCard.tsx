import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProblemType, TrainRequest } from '../../api/training';
import { GaugeIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { useMetricCatalog } from '../../queries/metricCatalog';
import { chosenPrimaryMetric } from '../evaluation/metrics';
import { PrimaryMetricField } from '../evaluation/PrimaryMetricField';

export interface PrimaryMetricChoice {
  problemType: ProblemType;
  /** The metric shown: the person's choice when this problem type may rank by it, else SPEC's. */
  shown: string | null;
  choose: (metric: string) => void;
  /** What the train request adds: the person's choice, or nothing for SPEC's default. */
  request: Pick<TrainRequest, 'primary_metric'>;
}

/** The primary metric a person chose on Training, kept while the problem type lets it rank. */
export function usePrimaryMetricChoice(problemType: ProblemType): PrimaryMetricChoice {
  const catalog = useMetricCatalog();
  const [chosen, choose] = useState<string | null>(null);
  if (catalog.data === undefined) return { problemType, shown: null, choose, request: {} };
  const shown = chosenPrimaryMetric(catalog.data, problemType, chosen);
  return { problemType, shown, choose, request: shown === chosen ? { primary_metric: chosen } : {} };
}

/** Step 8's choice of the metric that names the best model (SPEC's default until changed). */
export function PrimaryMetricCard({ choice, busy }: { choice: PrimaryMetricChoice; busy: boolean }) {
  const { t } = useTranslation();
  const catalog = useMetricCatalog();
  if (catalog.data === undefined || choice.shown === null) return null;
  return (
    <SectionCard title={t('training.primaryMetric.title')} icon={<GaugeIcon />}>
      <div className="settings-grid">
        <PrimaryMetricField
          catalog={catalog.data}
          problemType={choice.problemType}
          value={choice.shown}
          disabled={busy}
          onChange={choice.choose}
        />
      </div>
    </SectionCard>
  );
}
