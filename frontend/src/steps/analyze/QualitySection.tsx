import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/BarChart';
import { cutLabel } from '../../components/charts/chartLabel';
import { CHART_COLORS } from '../../components/charts/chartTheme';
import { MissingByColumnChart } from '../../components/charts/MissingByColumnChart';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { ShieldIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { coMissingPairs, rowsByMissingCount, topCramersPairs, type PairItem } from './analysisCharts';
import type { StoredAnalysis } from './analysisRun';
import { formatDecimal, useNumberFormat } from '../../i18n/format';

const PAIR_SEPARATOR = ' × ';

function pairBar(pair: PairItem) {
  return {
    name: `${pair.first}${PAIR_SEPARATOR}${pair.second}`,
    label: `${cutLabel(pair.first)}${PAIR_SEPARATOR}${cutLabel(pair.second)}`,
    value: pair.value,
    text: formatDecimal(pair.value, 2),
  };
}

function ChartBlock({ title, info, children }: { title: string; info?: string; children: ReactNode }) {
  return (
    <div className="analyze__chart-block">
      <h3 className="analyze__chart-title">
        {title}
        {info && <InfoTip>{info}</InfoTip>}
      </h3>
      {children}
    </div>
  );
}

/** The collapsible Data Quality & Associations section: its four charts. */
export function QualitySection({ analysis }: { analysis: StoredAnalysis }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const rows = analysis.shape[0] ?? 0;
  const histogram = rowsByMissingCount(analysis.missing_patterns.row_missing_hist);
  const missingPairs = coMissingPairs(analysis.missing_patterns.pairwise_missing_corr);
  const cramers = topCramersPairs(analysis.cat_assoc_pairs);

  return (
    <SectionCard title={t('analyze.quality.title')} icon={<ShieldIcon />} defaultOpen={false}>
      <div className="analyze__chart-grid">
        <ChartBlock title={t('charts.missingByColumn.title')}>
          <MissingByColumnChart missing={analysis.missing_values} rows={rows} emptyText={t('analyze.quality.noMissing')} />
        </ChartBlock>

        <ChartBlock title={t('analyze.quality.rowsByMissing')}>
          {histogram.length === 0 ? (
            <p className="analyze__empty">{t('analyze.quality.noMissing')}</p>
          ) : (
            <BarChart
              label={t('analyze.quality.rowsByMissing')}
              orientation="v"
              categoryTitle={t('analyze.quality.missingFields')}
              valueTitle={t('analyze.quality.rows')}
              bars={histogram.map(({ missing: fields, rows: count }) => ({
                name: String(fields),
                value: count,
                color: fields === 0 ? CHART_COLORS.good : CHART_COLORS.accent,
                hover: t('analyze.quality.rowsHover', { rows: number(count), missing: fields }),
              }))}
            />
          )}
        </ChartBlock>

        <ChartBlock title={t('analyze.quality.missingPairs')} info={t('analyze.quality.missingPairsInfo')}>
          {missingPairs.length === 0 ? (
            <p className="analyze__empty">{t('analyze.quality.noMissingPairs')}</p>
          ) : (
            <BarChart
              label={t('analyze.quality.missingPairs')}
              orientation="h"
              valueTitle={t('analyze.quality.correlation')}
              valueRange={[0, 1]}
              bars={missingPairs.map((pair) => ({ ...pairBar(pair), color: CHART_COLORS.warning }))}
            />
          )}
        </ChartBlock>

        <ChartBlock title={t('analyze.quality.cramers')} info={t('analyze.quality.cramersInfo')}>
          {cramers.length === 0 ? (
            <p className="analyze__empty">{t('analyze.quality.noCramers')}</p>
          ) : (
            <BarChart
              label={t('analyze.quality.cramers')}
              orientation="h"
              valueTitle={t('analyze.quality.cramersAxis')}
              valueRange={[0, 1]}
              bars={cramers.map(pairBar)}
            />
          )}
          {analysis.skipped_high_cardinality.length > 0 && (
            <p className="analyze__chart-note">{t('analyze.quality.skipped', { names: analysis.skipped_high_cardinality.join(', ') })}</p>
          )}
        </ChartBlock>
      </div>
    </SectionCard>
  );
}
