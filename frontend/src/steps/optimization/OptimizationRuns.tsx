import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OptimizationRun } from '../../api/models';
import { useMetricName } from '../evaluation/useMetricName';
import { usesIterations } from './optimizationRules';
import { METHOD_LABELS } from './OptimizationSettings';
import { formatParamValue, formatScore } from './scoreDisplay';

interface OptimizationRunsProps {
  model: string;
  runs: readonly OptimizationRun[];
  pickedRun: number;
  /** The primary metric chosen now, which each run's score is read in. */
  primaryMetric: string;
  onPick: (runId: number) => void;
  picking: boolean;
}

/** The space a run searched, in short: each parameter with its values or range. */
function searchedSpace(run: OptimizationRun): string {
  const { grid, distributions } = run.search_space;
  const values = Object.entries(grid).map(([name, list]) => `${name}: ${list.map(formatParamValue).join(', ')}`);
  const ranges = Object.entries(distributions).map(([name, described]) =>
    Array.isArray(described.choices)
      ? `${name}: ${described.choices.map(formatParamValue).join(', ')}`
      : `${name}: ${formatParamValue(described.low)}–${formatParamValue(described.high)}`,
  );
  return [...values, ...ranges].join('; ');
}

/** How a run searched: its iterations (for the methods that draw candidates) and folds. */
function runSettings(run: OptimizationRun, t: TFunction): string {
  const settings = usesIterations(run.optimization_method) ? [`${t('optimization.settings.iterations')}: ${run.n_iterations}`] : [];
  if (run.cv_folds !== null) settings.push(`${t('optimization.settings.cvFolds')}: ${run.cv_folds}`);
  return settings.join(' · ');
}

/** Every kept search run of a model, newest first; the person picks the one that exports and predicts. */
export function OptimizationRuns({ model, runs, pickedRun, primaryMetric, onPick, picking }: OptimizationRunsProps) {
  const { t, i18n } = useTranslation();
  const metricName = useMetricName();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="optimization-runs">
      <h3 className="search-space__title">{t('optimization.history.title', { model })}</h3>
      {/* narrower than the table on a phone: a keyboard scrolls it once it has focus */}
      <div className="optimization-runs__scroll" tabIndex={0} role="region" aria-label={t('optimization.history.title', { model })}>
        <table className="optimization-runs__table" aria-label={t('optimization.history.title', { model })}>
          <thead>
            <tr>
              <th scope="col">{t('optimization.history.run')}</th>
              <th scope="col">{t('optimization.history.method')}</th>
              <th scope="col">{t('optimization.history.score')}</th>
              <th scope="col">{t('optimization.history.space')}</th>
              <th scope="col">{t('optimization.history.finished')}</th>
              <th scope="col">{t('optimization.history.inUse')}</th>
            </tr>
          </thead>
          <tbody>
            {[...runs].reverse().map((run) => (
              <tr key={run.run_id}>
                <td>{run.run_id}</td>
                <td>
                  {t(METHOD_LABELS[run.optimization_method])}
                  <span className="optimization-runs__settings">{runSettings(run, t)}</span>
                </td>
                <td>
                  {formatScore(run.ranked.metric, run.ranked.score)}
                  {run.ranked.metric !== primaryMetric && (
                    <span className="optimization-runs__settings">
                      {t('optimization.history.otherMetric', { metric: metricName(run.ranked.metric), primary: metricName(primaryMetric) })}
                    </span>
                  )}
                </td>
                <td>{searchedSpace(run)}</td>
                <td>{time.format(new Date(run.finished_at))}</td>
                <td>
                  {run.run_id === pickedRun ? (
                    <span className="optimization-runs__in-use">{t('optimization.history.inUse')}</span>
                  ) : (
                    <button type="button" className="button button--ghost" disabled={picking} onClick={() => onPick(run.run_id)}>
                      {t('optimization.history.use', { run: run.run_id })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
