import { useProgress } from '../../queries/progress';
import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../i18n/format';
import { announce } from '../LiveRegion/announce';
import { runningButtonProps } from '../StepScreen/StepScreen';
import './TaskProgress.css';

/** How often the progress of a running task is read. */
const PROGRESS_POLL_MS = 400;
/** The live region reads the progress out each time it passes a multiple of this share. */
export const PROGRESS_MILESTONE_PERCENT = 25;

interface TaskProgressProps {
  label: string;
  /** Shows a Cancel button that calls this. */
  onCancel?: () => void;
  /** The cancel was sent: the button says so until the task ends. */
  cancelling?: boolean;
}

/**
 * The bar of the session's running long task (training, optimization), fed by
 * GET /api/progress/ for as long as it is shown; indeterminate until the first report, and
 * saying how many jobs are ahead while the task waits for a worker.
 */
export function TaskProgress({ label, onCancel, cancelling = false }: TaskProgressProps) {
  const { t } = useTranslation();
  const { data: progress } = useProgress({ pollMs: PROGRESS_POLL_MS });
  const known = progress !== undefined && progress.task !== null && progress.total > 0;
  const queued = progress?.task != null ? progress.queue_position : null;
  const percent = known ? Math.round((Math.min(progress.done, progress.total) / progress.total) * 100) : null;
  const milestone = percent === null ? 0 : Math.floor(percent / PROGRESS_MILESTONE_PERCENT) * PROGRESS_MILESTONE_PERCENT;
  const announced = useRef(0);
  useEffect(() => {
    if (milestone <= announced.current) return;
    announced.current = milestone;
    announce(t('a11y.progress', { label, percent: milestone }));
  }, [milestone, label, t]);
  return (
    <div className="task-progress">
      <div className="task-progress__label">
        <span className="busy-note__spinner" aria-hidden="true" />
        <span>{label}</span>
        {queued != null && <span className="task-progress__queue">{queueText(queued, t)}</span>}
        {known && <span className="task-progress__count">{t('common.progressCount', { done: progress.done, total: progress.total })}</span>}
        {onCancel !== undefined && (
          <button type="button" className="button button--ghost task-progress__cancel" {...runningButtonProps(cancelling, false, onCancel)}>
            {cancelling ? t('longTask.cancelling') : t('longTask.cancel')}
          </button>
        )}
      </div>
      <div
        className={`task-progress__track${percent === null ? ' task-progress__track--waiting' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        <span className="task-progress__fill" style={{ width: percent === null ? undefined : `${percent}%` }} />
      </div>
    </div>
  );
}

/** "Waiting for a worker: 2 jobs ahead" for queue place 3 (place 1 is the next to start). */
export function queueText(position: number, t: TFunction): string {
  const ahead = position - 1;
  return ahead === 0 ? t('longTask.queueNext') : t('longTask.queueAhead', { count: ahead, shown: formatInteger(ahead) });
}
