import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/BarChart';
import { CHART_COLORS } from '../../components/charts/chartTheme';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { BarsIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { infiniteVifBar, topVif, VIF_ATTENTION, VIF_HIGH, vifLevel } from './analysisCharts';
import type { StoredAnalysis } from './analysisRun';
import { formatDecimal } from '../../i18n/format';

const VIF_COLORS = { high: CHART_COLORS.danger, attention: CHART_COLORS.warning, ok: CHART_COLORS.good } as const;

/** The top 20 variance inflation factors, infinite ones drawn longest and labelled ∞. */
export function VifPanel({ analysis }: { analysis: StoredAnalysis }) {
  const { t } = useTranslation();
  const items = topVif(analysis);
  const infiniteLength = infiniteVifBar(items);

  return (
    <SectionCard title={t('analyze.vif.title')} icon={<BarsIcon />} aside={<InfoTip>{t('analyze.vif.info')}</InfoTip>}>
      {items.length === 0 ? (
        <p className="analyze__empty">{t('analyze.vif.empty')}</p>
      ) : (
        <BarChart
          label={t('analyze.vif.chart')}
          orientation="h"
          valueTitle={t('analyze.vif.axis')}
          markers={[VIF_ATTENTION, VIF_HIGH]}
          bars={items.map(({ column, vif }) => ({
            name: column,
            value: vif ?? infiniteLength,
            text: vif === null ? t('analyze.vif.infinite') : formatDecimal(vif, 2),
            hover: vif === null ? t('analyze.vif.infiniteHover') : `${t('analyze.vif.axis')} ${formatDecimal(vif, 2)}`,
            color: VIF_COLORS[vifLevel(vif)],
          }))}
        />
      )}
      <p className="analyze__chart-note">{t('analyze.vif.note')}</p>
    </SectionCard>
  );
}
