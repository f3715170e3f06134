import { useTranslation } from 'react-i18next';
import { GaugeIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { useNumberFormat } from '../../i18n/format';

interface TrainingSummaryProps {
  rows: number;
  columns: number;
  /** The columns the models learn from: all but the target. */
  features: number;
  models: number;
  /** The models are every one of the catalogue a search tries, not a selection. */
  searching: boolean;
}

/** The shape of the data the models are trained on, and how many models are chosen (or searched). */
export function TrainingSummary({ rows, columns, features, models, searching }: TrainingSummaryProps) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  return (
    <SectionCard title={t('training.summary.title')} icon={<GaugeIcon />}>
      <StatCards label={t('training.summary.title')}>
        <StatCard
          label={t('training.summary.shape')}
          value={t('training.summary.shapeValue', { rows: number(rows), columns: number(columns) })}
        />
        <StatCard label={t('training.summary.features')} value={number(features)} />
        <StatCard label={t('training.summary.samples')} value={number(rows)} />
        <StatCard label={t(searching ? 'training.summary.modelsSearched' : 'training.summary.models')} value={number(models)} />
      </StatCards>
    </SectionCard>
  );
}
