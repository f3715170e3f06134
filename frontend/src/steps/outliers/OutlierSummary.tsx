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
      {detection !== null && <OutlierCauses detection={detection} />}
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

/** Which column flags the most rows and why, and what removing the flagged rows does to the target. */
function OutlierCauses({ detection }: { detection: OutlierDetection }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const cause = detection.most_flags;
  const effect = detection.target_effect;
  const share = (value: number) => t('outliers.summary.percentValue', { percent: formatDecimal(value * 100, 0) });
  return (
    <>
      {cause !== null && (
        <CardNote tone={cause.collapsed_iqr ? 'warn' : undefined}>
          {t(cause.collapsed_iqr ? 'outliers.summary.mostFlagsCollapsed' : 'outliers.summary.mostFlags', {
            column: cause.column,
            count: number(cause.count),
            share: share(cause.top_value_share),
          })}
        </CardNote>
      )}
      {effect !== null && effect.one_value && (
        <CardNote tone="warn">{t('outliers.summary.targetOneValue', { column: effect.column })}</CardNote>
      )}
      {effect !== null && !effect.one_value && effect.rows_after < effect.rows_before && (
        <CardNote>
          {t('outliers.summary.targetEffect', {
            column: effect.column,
            distinctAfter: number(effect.distinct_after),
            distinctBefore: number(effect.distinct_before),
            rowsAfter: number(effect.rows_after),
            rowsBefore: number(effect.rows_before),
          })}
          {effect.mean_before !== null && effect.mean_after !== null && (
            <> {t('outliers.summary.targetMean', { before: bound(effect.mean_before), after: bound(effect.mean_after) })}</>
          )}
        </CardNote>
      )}
    </>
  );
}
