import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ConfirmDialog/ConfirmDialog';
import { DataChangeGuard } from '../components/ConfirmDialog/dataChangeGuard';
import { DataDownloadContext } from '../components/DataDownload/dataDownload';
import { ErrorNote } from '../components/ErrorNote/ErrorNote';
import { ArrowLeftIcon } from '../components/icons';
import { LanguagePicker } from '../components/LanguagePicker/LanguagePicker';
import { Logo } from '../components/Logo/Logo';
import { StepBar, type StepItem } from '../components/StepBar/StepBar';
import { useFrameChanges, useSessionData } from '../queries/sessionData';
import { stepId } from '../steps/stepKeys';
import { PIPELINE_STEPS, pipelineStep } from './pipelineSteps';
import { canOpenStep, completeStep, openStep, stepStatus, withChangedData, type Session } from '../session/session';
import { discardedResults } from './discardedResults';
import { useFocusRescue } from './useFocusRescue';
import { useStepFocus } from './useStepFocus';
import './PipelineView.css';

interface PipelineViewProps {
  session: Session;
  onSessionChange: (update: (session: Session) => Session) => void;
  onBack: () => void;
}

export function PipelineView({ session, onSessionChange, onBack }: PipelineViewProps) {
  const { t } = useTranslation();
  const hasData = session.sessionId !== null;
  const sessionTarget = useSessionData({ read: hasData }).target;
  // a change of the data in the step shown: what later steps computed from the old data goes
  useFrameChanges(() => onSessionChange(withChangedData));
  // SPEC: going back clears the session, so it is confirmed first when there is one to lose
  const [confirmingBack, setConfirmingBack] = useState(false);
  const back = () => (hasData ? setConfirmingBack(true) : onBack());
  // a change of the data that would take trained or optimized models with it is confirmed first
  const discarded = discardedResults(session);
  const [answerDiscard, setAnswerDiscard] = useState<((go: boolean) => void) | null>(null);
  const confirmDataChange = () =>
    discarded === null ? Promise.resolve(true) : new Promise<boolean>((resolve) => setAnswerDiscard(() => resolve));
  const answer = (go: boolean) => {
    answerDiscard?.(go);
    setAnswerDiscard(null);
  };

  const steps: StepItem[] = PIPELINE_STEPS.map(({ id, key }) => ({
    id,
    name: t(`steps.${key}`),
    status: stepStatus(session, id),
    clickable: canOpenStep(session, id),
  }));

  const step = pipelineStep(session.currentStep);
  const mainRef = useRef<HTMLElement>(null);
  useStepFocus(
    mainRef,
    session.currentStep,
    t('a11y.stepOpened', { number: session.currentStep, total: PIPELINE_STEPS.length, name: step ? t(`steps.${step.key}`) : '' }),
  );
  const pipelineRef = useRef<HTMLDivElement>(null);
  useFocusRescue(pipelineRef);
  const screen =
    step === undefined ? (
      <p className="pipeline__unavailable">{t('app.stepUnavailable')}</p>
    ) : (
      // every step after the upload has a current frame: its header offers it for download
      <DataDownloadContext.Provider value={hasData && step.id > stepId('upload')}>
        <DataChangeGuard.Provider value={confirmDataChange}>
          <step.Component
            session={session}
            onSessionChange={onSessionChange}
            onContinue={(result) => onSessionChange((current) => completeStep(current, step.id, result))}
          />
        </DataChangeGuard.Provider>
      </DataDownloadContext.Provider>
    );

  return (
    <div ref={pipelineRef} className="pipeline">
      <a className="skip-link" href="#step-screen">
        {t('a11y.skipToStep')}
      </a>
      <header className="pipeline__header">
        <div className="pipeline__header-inner">
          <button type="button" className="button button--ghost" onClick={back}>
            <ArrowLeftIcon />
            <span className="pipeline__back-label">{t('app.backHome')}</span>
          </button>
          <div className="pipeline__brand">
            <Logo size={28} />
            {hasData && sessionTarget !== null && (
              <span className="pipeline__target" title={sessionTarget}>
                {t('app.sessionTarget', { column: sessionTarget })}
              </span>
            )}
          </div>
          <LanguagePicker />
        </div>
      </header>
      <div className="pipeline__body">
        <StepBar steps={steps} onSelect={(id) => onSessionChange((current) => openStep(current, id))} />
        <main ref={mainRef} id="step-screen" className="pipeline__screen" tabIndex={-1}>
          {screen}
          <ErrorNote />
        </main>
      </div>
      {confirmingBack && (
        <ConfirmDialog
          title={t('app.leave.title')}
          confirmLabel={t('app.leave.confirm')}
          cancelLabel={t('app.leave.cancel')}
          onConfirm={onBack}
          onCancel={() => setConfirmingBack(false)}
          irreversible
        >
          {t('app.leave.text', { file: session.uploadedFile?.name ?? '' })}
        </ConfirmDialog>
      )}
      {answerDiscard !== null && discarded !== null && (
        <ConfirmDialog
          title={t('app.discard.title')}
          confirmLabel={t('app.discard.confirm')}
          cancelLabel={t('app.discard.cancel')}
          onConfirm={() => answer(true)}
          onCancel={() => answer(false)}
        >
          {discarded.optimized.length === 0
            ? t('app.discard.text', { models: discarded.models.join(', ') })
            : t('app.discard.textOptimized', { models: discarded.models.join(', '), optimized: discarded.optimized.join(', ') })}
        </ConfirmDialog>
      )}
    </div>
  );
}
