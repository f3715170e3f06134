import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessionDataQueryKey, type TableData } from '../api/dataset';
import { ArrowLeftIcon } from '../components/icons';
import { LanguagePicker } from '../components/LanguagePicker/LanguagePicker';
import { Logo } from '../components/Logo/Logo';
import { StepBar, type StepItem } from '../components/StepBar/StepBar';
import { ANALYZE_STEP_ID, AnalyzeStep } from '../steps/analyze/AnalyzeStep';
import { useSessionTarget } from '../steps/common/sessionTarget';
import { CORRELATION_STEP_ID, CorrelationStep } from '../steps/correlation/CorrelationStep';
import { ENCODING_STEP_ID, EncodingStep } from '../steps/encoding/EncodingStep';
import { EVALUATION_STEP_ID, EvaluationStep } from '../steps/evaluation/EvaluationStep';
import { MISSING_STEP_ID, MissingStep } from '../steps/missing/MissingStep';
import { OPTIMIZATION_RESULT_STEP_ID, OPTIMIZATION_STEP_ID, OptimizationStep } from '../steps/optimization/OptimizationStep';
import { OUTLIERS_STEP_ID, OutliersStep } from '../steps/outliers/OutliersStep';
import { SCALING_STEP_ID, ScalingStep } from '../steps/scaling/ScalingStep';
import { TRAINING_STEP_ID, TrainingStep } from '../steps/training/TrainingStep';
import { UPLOAD_STEP_ID, UploadStep } from '../steps/upload/UploadStep';
import {
  canOpenStep,
  completeStep,
  emptySession,
  openStep,
  STEP_COUNT,
  stepStatus,
  withAnalysis,
  withoutStepResult,
  withTableData,
  type Session,
} from './session';
import './PipelineView.css';

type StepNameKey = `steps.${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`;

interface PipelineViewProps {
  session: Session;
  onSessionChange: (update: (session: Session) => Session) => void;
  onBack: () => void;
}

export function PipelineView({ session, onSessionChange, onBack }: PipelineViewProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hasData = session.sessionId !== null;
  const sessionTarget = useSessionTarget(hasData);

  const steps: StepItem[] = Array.from({ length: STEP_COUNT }, (_, index) => {
    const id = index + 1;
    return {
      id,
      name: t(`steps.${id}` as StepNameKey),
      status: stepStatus(session, id),
      clickable: canOpenStep(session, id),
    };
  });

  const onDataChange = (table: TableData) => onSessionChange((current) => withTableData(current, table));
  /** Completing a step stores its result under its number and opens the next one. */
  const complete = (stepId: number) => (result: unknown) =>
    onSessionChange((current) => completeStep(current, stepId, result));
  const transformProps = { session, onDataChange };

  const screen = (() => {
    switch (session.currentStep) {
      case UPLOAD_STEP_ID:
        return (
          <UploadStep
            session={session}
            onUploaded={(result, file) => {
              // a new dataset: its session data (and session target) is read again
              void queryClient.invalidateQueries({ queryKey: sessionDataQueryKey });
              onSessionChange((current) =>
                completeStep(
                  {
                    ...withTableData(current, result),
                    uploadedFile: file,
                    sessionId: result.session_id,
                  },
                  UPLOAD_STEP_ID,
                  { filename: result.filename, shape: result.shape, warnings: result.warnings },
                ),
              );
            }}
            onRemove={() => onSessionChange(emptySession)}
            onContinue={() =>
              onSessionChange((current) => completeStep(current, UPLOAD_STEP_ID, current.stepResults[UPLOAD_STEP_ID]))
            }
            onDataChange={onDataChange}
          />
        );
      case ANALYZE_STEP_ID:
        return (
          <AnalyzeStep
            session={session}
            onDataChange={onDataChange}
            onAnalysisChange={(analysis) => onSessionChange((current) => withAnalysis(current, analysis))}
            onContinue={(analysis) =>
              onSessionChange((current) =>
                completeStep(
                  analysis === null ? current : withAnalysis(current, analysis),
                  ANALYZE_STEP_ID,
                  analysis === null ? {} : { target: analysis.target, shape: analysis.shape, quality: analysis.quality },
                ),
              )
            }
          />
        );
      case MISSING_STEP_ID:
        return <MissingStep {...transformProps} onContinue={complete(MISSING_STEP_ID)} />;
      case OUTLIERS_STEP_ID:
        return <OutliersStep {...transformProps} onContinue={complete(OUTLIERS_STEP_ID)} />;
      case ENCODING_STEP_ID:
        return <EncodingStep {...transformProps} onContinue={complete(ENCODING_STEP_ID)} />;
      case CORRELATION_STEP_ID:
        return <CorrelationStep {...transformProps} onContinue={complete(CORRELATION_STEP_ID)} />;
      case SCALING_STEP_ID:
        return <ScalingStep {...transformProps} onContinue={complete(SCALING_STEP_ID)} />;
      case TRAINING_STEP_ID:
        return (
          <TrainingStep
            session={session}
            onContinue={(result) =>
              // new models replace the old ones, and the server forgets their optimizations with them
              onSessionChange((current) =>
                completeStep(withoutStepResult(current, OPTIMIZATION_RESULT_STEP_ID), TRAINING_STEP_ID, result),
              )
            }
          />
        );
      case EVALUATION_STEP_ID:
        return <EvaluationStep session={session} onContinue={complete(EVALUATION_STEP_ID)} />;
      case OPTIMIZATION_STEP_ID:
        return <OptimizationStep session={session} onOptimized={complete(OPTIMIZATION_RESULT_STEP_ID)} />;
      default:
        return <p className="pipeline__unavailable">{t('app.stepUnavailable')}</p>;
    }
  })();

  return (
    <div className="pipeline">
      <header className="pipeline__header">
        <div className="pipeline__header-inner">
          <button type="button" className="button button--ghost" onClick={onBack}>
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
        <main className="pipeline__screen">{screen}</main>
      </div>
    </div>
  );
}
