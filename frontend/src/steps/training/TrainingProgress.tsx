import { useTranslation } from 'react-i18next';
import type { Progress } from '../../api/training';

/** The bar of a running training, fed by GET /api/progress/; indeterminate until the first report. */
export function TrainingProgress({ progress }: { progress: Progress | null }) {
  const { t } = useTranslation();
  const known = progress !== null && progress.task !== null && progress.total > 0;
  const percent = known ? Math.round((Math.min(progress.done, progress.total) / progress.total) * 100) : null;
  return (
    <div className="training-progress" role="status">
      <div className="training-progress__label">
        <span className="busy-note__spinner" aria-hidden="true" />
        <span>{t('training.inProgress')}</span>
        {known && <span className="training-progress__count">{t('training.progress', { done: progress.done, total: progress.total })}</span>}
      </div>
      <div
        className={`training-progress__track${percent === null ? ' training-progress__track--waiting' : ''}`}
        role="progressbar"
        aria-label={t('training.inProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        <span className="training-progress__fill" style={{ width: percent === null ? undefined : `${percent}%` }} />
      </div>
    </div>
  );
}
