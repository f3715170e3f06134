import { useTranslation } from 'react-i18next';
import { TaskProgress } from '../../components/TaskProgress/TaskProgress';
import { CardNote } from '../../components/StepScreen/StepScreen';
import type { useModelExplanation } from './useModelExplanation';

interface ExplanationWaitingProps {
  model: string;
  explaining: ReturnType<typeof useModelExplanation>;
}

/** While the shown model's explanation is still to be computed: the job's progress, or (cancelled, failed, another model's running) a button that asks for it. */
export function ExplanationWaiting({ model, explaining }: ExplanationWaitingProps) {
  const { t } = useTranslation();
  if (explaining.busy) {
    return (
      <TaskProgress
        label={t('evaluation.explanations.explaining', { model: explaining.running ?? model })}
        onCancel={explaining.cancel}
        cancelling={explaining.cancelling}
      />
    );
  }
  return (
    <div className="card-stack">
      <CardNote>{t('evaluation.explanations.notYet', { model })}</CardNote>
      <div>
        <button type="button" className="button button--ghost" onClick={explaining.explain}>
          {t('evaluation.explanations.explain', { model })}
        </button>
      </div>
    </div>
  );
}
