import { useTranslation } from 'react-i18next';
import type { PreparedResult } from '../../api/transforms';
import { useConfirmDataChange } from '../../components/ConfirmDialog/dataChangeGuard';
import { notify } from '../../components/notify';
import { errorMessage } from '../../i18n/errorMessage';
import { usePrepareAutomatically } from '../../queries/recipe';

interface PrepareAutomaticallyProps {
  /** The session target; null (none yet, or its choice still on its way) keeps the button off. */
  target: string | null;
  onPrepared: (result: PreparedResult) => void;
}

/**
 * "Prepare automatically": records steps 3–7 chosen from the data for the session target, as
 * ordinary steps the person can see, change and undo on each screen. It asks first when trained
 * models would go.
 */
export function PrepareAutomatically({ target, onPrepared }: PrepareAutomaticallyProps) {
  const { t } = useTranslation();
  const confirmDataChange = useConfirmDataChange();
  const prepare = usePrepareAutomatically({
    onPrepared: (result) => {
      notify.success(t('automatic.prepared'));
      onPrepared(result);
    },
    onFailed: (error) => notify.error(t('automatic.failed'), errorMessage(error, t)),
  });
  const start = () =>
    void confirmDataChange().then((go) => {
      if (go) prepare.mutate();
    });
  return (
    <div className="analyze__prepare">
      <p className="analyze__prepare-text">{target === null ? t('automatic.needsTarget') : t('automatic.explanation', { target })}</p>
      <button
        type="button"
        className="button button--ghost"
        disabled={target === null || prepare.isPending}
        aria-busy={prepare.isPending}
        onClick={start}
      >
        {prepare.isPending ? t('automatic.preparing') : t('automatic.prepare')}
      </button>
    </div>
  );
}
