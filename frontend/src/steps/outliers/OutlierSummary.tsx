import { useTranslation } from 'react-i18next';
import type { OutlierDetection } from '../../api/transforms';
import { BarChart } from '../../components/charts/BarChart';
import { CHART_COLORS } from '../../components/charts/chartTheme';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { formatDecimal, formatPreviewNumber, useNumberFormat } from '../../i18n/format';
import { outlierBars } from './outlierRules';

const UNKNOWN = '—';

function bound(value: number | null): string {
  return value === null ? UNKNOWN : formatPreviewNumber(Number(value.toPrecision(6)));
}

/** The live summary: total outliers, affected columns, outlier percentage and outliers by column. */
export function OutlierSummary({ detection }: { detection: OutlierDetection | null }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const bars = detection === null ? [] : outlierBars(detection);
  const columns = detection === null ? 0 : Object.keys(detection.outliers).length;

  return (
    <div className="card-stack">
      <StatCards label={t('outliers.summary.label')}>
        <StatCard
          label={t('outliers.summary.total')}
          value={detection === null ? UNKNOWN : number(detection.total)}
          className={detection !== null && detection.total > 0 ? 'stat-card--warn' : undefined}
        />
        <StatCard
          label={t('outliers.summary.affected')}
          value={
            detection === null ? (
              UNKNOWN
            ) : (
              <>
                {number(detection.affected_columns.length)}
                <span className="stat-card__sub">{t('outliers.summary.ofColumns', { total: number(columns) })}</span>
              </>
            )
          }
        />
        <StatCard
          label={t('outliers.summary.percentage')}
          info={t('outliers.summary.percentageInfo')}
          value={detection === null ? UNKNOWN : t('outliers.summary.percentValue', { percent: formatDecimal(detection.percentage, 1) })}
        />
      </StatCards>
      {detection !== null && (
        <div className="card-panel">
          <h3 className="card-subtitle">{t('outliers.summary.chart')}</h3>
          {bars.length === 0 ? (
            <CardNote>{t('outliers.summary.none')}</CardNote>
          ) : (
            <BarChart
              label={t('outliers.summary.chart')}
              orientation="h"
              counts
              valueTitle={t('outliers.summary.axis')}
              bars={bars.map((bar) => ({
                name: bar.column,
                value: bar.count,
                text: number(bar.count),
                color: CHART_COLORS.danger,
                hover: t('outliers.summary.hover', {
                  lower: bound(bar.lower),
                  upper: bound(bar.upper),
                  method: t(`outliers.methods.${bar.method === 'zscore' ? 'zscore' : 'iqr'}`),
                }),
              }))}
            />
          )}
        </div>
      )}
    </div>
  );
}
