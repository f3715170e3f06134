import { useTranslation } from 'react-i18next';
import type { Leaderboard, LeaderboardRow } from '../../api/training';
import { BarsIcon } from '../../components/icons';
import { SectionCard } from '../../components/SectionCard/SectionCard';
import { CardNote } from '../../components/StepScreen/StepScreen';
import { formatDecimal, formatInteger, formatPercent } from '../../i18n/format';
import { useMetricName } from '../evaluation/useMetricName';
import { formatParamValue } from '../optimization/scoreDisplay';

const STATUS_LABELS = {
  running: 'training.leaderboard.status.running',
  finished: 'training.leaderboard.status.finished',
  stopped_early: 'training.leaderboard.status.stoppedEarly',
  skipped_for_time: 'training.leaderboard.status.skippedForTime',
  failed: 'training.leaderboard.status.failed',
} as const;

const STAGE_LABELS = { tuned: 'training.leaderboard.stage.tuned', ensemble: 'training.leaderboard.stage.ensemble' } as const;

/** A row's settings in short, `key=value` each; a model left at its defaults says so. */
function rowSettings(row: LeaderboardRow, defaults: string): string {
  const settings = Object.entries(row.settings).map(([name, value]) => `${name}=${formatParamValue(value)}`);
  if (settings.length > 0) return settings.join(', ');
  return row.stage === 'default' ? defaults : '—';
}

/**
 * Find the best model's leaderboard, as it fills while the search runs and as it was kept:
 * the server lists the finished rows first, best first, and only they are ranked. A polite
 * summary counts the finished models, so a screen reader hears them come without every cell.
 */
export function LeaderboardCard({ board }: { board: Leaderboard }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const metricName = useMetricName();
  const decimal = (value: number | null, digits: number) => (value === null ? '—' : formatDecimal(value, digits, language));
  const finished = board.rows.filter((row) => row.status === 'finished').length;
  const score = (row: LeaderboardRow) =>
    row.score === null ? '—' : row.score_std === null ? decimal(row.score, 4) : `${decimal(row.score, 4)} ± ${decimal(row.score_std, 4)}`;

  return (
    <SectionCard title={t('training.leaderboard.title')} icon={<BarsIcon />}>
      <div className="card-stack">
        <p className="leaderboard__summary" role="status">
          {t('training.leaderboard.finished', { count: finished })}
        </p>
        {board.stopped && !board.running && <CardNote>{t('training.leaderboard.stopped')}</CardNote>}
        {/* narrower than the table on a phone: a keyboard scrolls it once it has focus */}
        <div className="leaderboard__scroll" tabIndex={0} role="region" aria-label={t('training.leaderboard.title')}>
          <table className="leaderboard__table">
            <caption>
              {t('training.leaderboard.caption', {
                metric: metricName(board.primary_metric),
                elapsed: formatInteger(board.elapsed_seconds, language),
                budget: formatInteger(board.time_budget, language),
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('training.leaderboard.rank')}</th>
                <th scope="col">{t('training.leaderboard.model')}</th>
                <th scope="col">{t('training.leaderboard.settings')}</th>
                <th scope="col">{t('training.leaderboard.score', { metric: metricName(board.primary_metric) })}</th>
                <th scope="col">{t('training.leaderboard.fitSeconds')}</th>
                <th scope="col">{t('training.leaderboard.predictMs')}</th>
                <th scope="col">{t('training.leaderboard.status.title')}</th>
              </tr>
            </thead>
            <tbody>
              {board.rows.map((row, index) => (
                <tr key={row.model}>
                  <td>{row.status === 'finished' ? formatInteger(index + 1, language) : '—'}</td>
                  <th scope="row">
                    <span className="leaderboard__model">{row.model}</span>
                    {row.stage !== 'default' && (
                      <>
                        {' '}
                        <span className="leaderboard__stage">{t(STAGE_LABELS[row.stage])}</span>
                      </>
                    )}
                  </th>
                  <td className="leaderboard__settings">{rowSettings(row, t('training.leaderboard.defaults'))}</td>
                  <td className="leaderboard__number">{score(row)}</td>
                  <td className="leaderboard__number">{decimal(row.fit_seconds, 2)}</td>
                  <td className="leaderboard__number">{decimal(row.predict_ms_per_1000, 1)}</td>
                  <td>
                    {t(STATUS_LABELS[row.status])}
                    {row.error !== null && <span className="leaderboard__error">{row.error}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {board.ensemble.length > 0 && (
          <div>
            <h3 className="leaderboard__members-title">{t('training.leaderboard.members')}</h3>
            <ul className="leaderboard__members">
              {board.ensemble.map((member) => (
                <li key={member.model}>
                  {t('training.leaderboard.member', { model: member.model, weight: formatPercent(member.weight * 100, 1, language) })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
