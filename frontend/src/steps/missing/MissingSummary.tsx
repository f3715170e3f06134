import { useTranslation } from 'react-i18next';
import { MissingByColumnChart } from '../../components/charts/MissingByColumnChart';
import { GaugeIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { formatDecimal, useNumberFormat } from '../../i18n/format';
import type { FrameInfo } from '../../queries/sessionData';
import { missingSummary } from './missingRules';

const UNKNOWN = '—';

/** Step 3's summary cards and the chart of missing values by column. */
export function MissingSummary({ info }: { info: FrameInfo | null }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const summary = info === null ? null : missingSummary(info);

  return (
    <SectionCard title={t('missing.summary.title')} icon={<GaugeIcon />}>
      <div className="card-stack">
        <StatCards label={t('missing.summary.title')}>
          <StatCard
            label={t('missing.summary.total')}
            value={summary === null ? UNKNOWN : number(summary.total)}
            className={summary !== null && summary.total > 0 ? 'stat-card--warn' : undefined}
          />
          <StatCard
            label={t('missing.summary.columns')}
            value={
              summary === null ? (
                UNKNOWN
              ) : (
                <>
                  {number(summary.columnsWithMissing)}
                  <span className="stat-card__sub">{t('missing.summary.ofColumns', { total: number(summary.columns) })}</span>
                </>
              )
            }
          />
          <StatCard
            label={t('missing.summary.share')}
            value={summary === null ? UNKNOWN : t('missing.summary.shareValue', { percent: formatDecimal(summary.percent, 1) })}
          />
          <StatCard label={t('missing.summary.rows')} value={summary === null ? UNKNOWN : number(summary.rows)} />
        </StatCards>
        {info !== null && (
          <div className="card-panel">
            <h3 className="card-subtitle">{t('charts.missingByColumn.title')}</h3>
            <MissingByColumnChart missing={info.missingValues} rows={info.shape[0] ?? 0} emptyText={t('missing.summary.none')} />
          </div>
        )}
      </div>
    </SectionCard>
  );
}
