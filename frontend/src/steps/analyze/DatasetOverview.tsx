import { useTranslation } from 'react-i18next';
import { GaugeIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { ColumnChips } from '../../components/StepScreen/StepScreen';
import { StatCard, StatCards } from '../../components/StatCards/StatCards';
import { ToneCue } from '../../components/ToneCue/ToneCue';
import type { StoredAnalysis } from './analysisRun';
import { firstNames, missingPercent, overviewCards, qualityLevel } from './overview';
import { useNumberFormat } from '../../i18n/format';

const COLUMN_KINDS = ['numeric', 'categorical', 'boolean', 'datetime'] as const;

interface DatasetOverviewProps {
  analysis: StoredAnalysis;
  /** The id-like and constant columns suggested for dropping; the suggestion shows when there are any. */
  suggested: string[];
  onDropSuggested: () => void;
  /** A drop or undo is running. */
  dropping: boolean;
}

/** Dataset Overview: the five cards, the column-type counts, the three quality notes and the drop suggestion. */
export function DatasetOverview({ analysis, suggested, onDropSuggested, dropping }: DatasetOverviewProps) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const cards = overviewCards(analysis);
  const level = qualityLevel(cards.qualityScore);

  const names = (list: readonly string[]) => {
    const { shown, more } = firstNames(list);
    const joined = shown.join(', ');
    return more > 0 ? t('analyze.moreNames', { names: joined, count: more }) : joined;
  };
  const constant = analysis.quality.constantCols;
  const highCardinality = analysis.quality.highCardCat;

  return (
    <SectionCard title={t('analyze.overview.title')} icon={<GaugeIcon />}>
      <div className="overview">
        <StatCards>
          <StatCard label={t('analyze.overview.rows')} value={number(cards.rows)} />
          <StatCard label={t('analyze.overview.columns')} value={number(cards.columns)} />
          <StatCard label={t('analyze.overview.missing')} value={number(cards.totalMissing)} />
          <StatCard label={t('analyze.overview.memory')} value={t('analyze.overview.memoryValue', { size: cards.memoryMb })} />
          <StatCard
            label={t('analyze.overview.quality')}
            info={t('analyze.overview.qualityInfo')}
            className={`overview__quality overview__quality--${level}`}
            value={
              <>
                {cards.qualityScore}
                <span className="stat-card__sub">{t('analyze.overview.qualityOutOf')}</span>
              </>
            }
          >
            <ToneCue tone={level} word={t(`analyze.overview.qualityLevel.${level}`)} showWord />
            <div
              className="overview__meter"
              role="meter"
              aria-label={t('analyze.overview.quality')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={cards.qualityScore}
            >
              <span className="overview__meter-fill" style={{ width: `${cards.qualityScore}%` }} />
            </div>
          </StatCard>
        </StatCards>

        <ul className="overview__types" aria-label={t('analyze.types.label')}>
          {COLUMN_KINDS.map((kind) => (
            <li key={kind} className={`overview__type overview__type--${kind}`}>
              <span className="overview__type-count">{number(analysis.column_types[kind].length)}</span>
              <span className="overview__type-name">{t(`analyze.types.${kind}`)}</span>
            </li>
          ))}
        </ul>

        <ul className="overview__notes">
          <li className={`overview__note${analysis.quality.missingPct > 0 ? ' overview__note--warn' : ''}`}>
            {t('analyze.notes.missing', { percent: missingPercent(analysis.quality.missingPct) })}
          </li>
          <li className={`overview__note${constant.length > 0 ? ' overview__note--warn' : ''}`}>
            {constant.length > 0 ? t('analyze.notes.constant', { names: names(constant) }) : t('analyze.notes.noConstant')}
          </li>
          <li className={`overview__note${highCardinality.length > 0 ? ' overview__note--warn' : ''}`}>
            {highCardinality.length > 0
              ? t('analyze.notes.highCardinality', { names: names(highCardinality) })
              : t('analyze.notes.noHighCardinality')}
          </li>
        </ul>

        {suggested.length > 0 && (
          <div className="overview__suggestion">
            <ColumnChips label={t('analyze.suggestion.title')} info={t('analyze.suggestion.info')} columns={suggested} />
            <button type="button" className="button button--ghost button--small" disabled={dropping} onClick={onDropSuggested}>
              {t('analyze.suggestion.drop')}
            </button>
          </div>
        )}

        {analysis.sampled_rows !== null && (
          <p className="analyze__sampled">{t('analyze.sampled', { rows: number(analysis.sampled_rows) })}</p>
        )}
      </div>
    </SectionCard>
  );
}
