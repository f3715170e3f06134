import { useTranslation } from 'react-i18next';
import { InfoTip } from '../../components/InfoTip/InfoTip';
import { CurveIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import type { StoredAnalysis } from './analysisRun';
import { formatSkew, skewAdvice, skewLevel, skewRows } from './skew';

/** Up to 12 numeric columns by absolute skew, each with a coloured dot and a suggestion. */
export function SkewnessPanel({ analysis }: { analysis: StoredAnalysis }) {
  const { t } = useTranslation();
  const rows = skewRows(analysis.distribution_stats);

  return (
    <SectionCard title={t('analyze.skew.title')} icon={<CurveIcon />} aside={<InfoTip>{t('analyze.skew.info')}</InfoTip>}>
      {rows.length === 0 ? (
        <p className="analyze__empty">{t('analyze.skew.empty')}</p>
      ) : (
        <table className="skew-table">
          <thead>
            <tr>
              <th scope="col">{t('analyze.skew.column')}</th>
              <th scope="col" className="skew-table__number">
                {t('analyze.skew.value')}
              </th>
              <th scope="col">{t('analyze.skew.suggestion')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ column, skew }) => {
              const level = skewLevel(skew);
              const advice = skewAdvice(skew);
              return (
                <tr key={column}>
                  <th scope="row" className="skew-table__column">
                    <span
                      className={`skew-dot skew-dot--${level}`}
                      role="img"
                      aria-label={t(`analyze.skew.level.${level}`)}
                      title={t(`analyze.skew.level.${level}`)}
                    />
                    <span className="skew-table__name" title={column}>
                      {column}
                    </span>
                  </th>
                  <td className="skew-table__number">{formatSkew(skew)}</td>
                  <td className={`skew-table__advice skew-table__advice--${advice}`}>
                    {advice === 'none' ? '—' : t(`analyze.skew.${advice}`)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </SectionCard>
  );
}
