import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { StoredAnalysis } from '../steps/analyze/analysisRun';
import { AnalyzeStep } from '../steps/analyze/AnalyzeStep';
import { preparedStepResults } from '../steps/analyze/preparedSteps';
import { CorrelationStep } from '../steps/correlation/CorrelationStep';
import { EncodingStep } from '../steps/encoding/EncodingStep';
import { EvaluationStep } from '../steps/evaluation/EvaluationStep';
import { MissingStep } from '../steps/missing/MissingStep';
import { OptimizationStep } from '../steps/optimization/OptimizationStep';
import { OutliersStep } from '../steps/outliers/OutliersStep';
import { ScalingStep } from '../steps/scaling/ScalingStep';
import { OPTIMIZATION_RECORD_ID, STEP_TABLE, stepId, type StepKey, type StepKind } from '../steps/stepKeys';
import { TrainingStep } from '../steps/training/TrainingStep';
import { trainingRecord } from '../steps/training/trainingRecord';
import { UploadStep } from '../steps/upload/UploadStep';
import { useConfirmDataChange } from '../components/ConfirmDialog/dataChangeGuard';
import { forgetSession, storeUpload } from '../queries/sessionData';
import {
  completeStep,
  completeSteps,
  completeTaskStep,
  emptySession,
  withAnalysis,
  withoutResultsAfter,
  type Session,
} from '../session/session';

/** What the pipeline gives every step screen. */
export interface StepScreenProps {
  session: Session;
  onSessionChange: (update: (session: Session) => Session) => void;
  /** Stores the step's result under its id and opens the next step. */
  onContinue: (result: unknown) => void;
}

export interface PipelineStep {
  id: number;
  key: StepKey;
  Component: ComponentType<StepScreenProps>;
  kind: StepKind;
}

function UploadScreen({ session, onSessionChange }: StepScreenProps) {
  const queryClient = useQueryClient();
  const confirmDataChange = useConfirmDataChange();
  const id = stepId('upload');
  return (
    <UploadStep
      session={session}
      onUploaded={(result, file) => {
        // a new dataset: its frame is shown, its session target read, and nothing computed from the old one stays
        void storeUpload(queryClient, result);
        onSessionChange((current) =>
          completeStep(
            {
              ...withoutResultsAfter(current, id),
              analysisResults: null,
              uploadedFile: file,
              sessionId: result.session_id,
            },
            id,
            { filename: result.filename, shape: result.shape, warnings: result.warnings, notes: result.notes },
          ),
        );
      }}
      onRemove={() => {
        // removing the file takes every model trained on it
        void confirmDataChange().then((go) => {
          if (!go) return;
          forgetSession(queryClient);
          onSessionChange(emptySession);
        });
      }}
      onContinue={() => onSessionChange((current) => completeStep(current, id, current.stepResults[id]))}
    />
  );
}

/** What Analyze records as its step result. */
function analyzeRecord(analysis: StoredAnalysis | null) {
  return analysis === null ? {} : { target: analysis.target, shape: analysis.shape, quality: analysis.quality };
}

function AnalyzeScreen({ session, onSessionChange }: StepScreenProps) {
  const id = stepId('analyze');
  return (
    <AnalyzeStep
      session={session}
      onAnalysisChange={(analysis) => onSessionChange((current) => withAnalysis(current, analysis))}
      onContinue={(analysis) =>
        onSessionChange((current) =>
          completeStep(analysis === null ? current : withAnalysis(current, analysis), id, analyzeRecord(analysis)),
        )
      }
      // steps 3–7 are done at once: Training opens, as the person wanting the automatic path expects
      onPrepared={(analysis, prepared) =>
        onSessionChange((current) =>
          completeSteps(
            withoutResultsAfter(current, id),
            { [id]: analyzeRecord(analysis), ...preparedStepResults(prepared) },
            stepId('training'),
          ),
        )
      }
    />
  );
}

function TrainingScreen({ session, onSessionChange }: StepScreenProps) {
  const id = stepId('training');
  return (
    <TrainingStep
      session={session}
      onSettingsChange={(settings) => onSessionChange((current) => ({ ...current, trainingSettings: { ...settings } }))}
      onContinue={(result) =>
        // new models replace the old ones: their evaluation and optimizations go with them
        onSessionChange((current) => completeTaskStep(withoutResultsAfter(current, id), id, trainingRecord(result)))
      }
    />
  );
}

function OptimizationScreen({ session, onSessionChange }: StepScreenProps) {
  return (
    <OptimizationStep
      session={session}
      onSettingsChange={(settings) => onSessionChange((current) => ({ ...current, optimizationSettings: { ...settings } }))}
      onOptimized={(record) =>
        onSessionChange((current) => completeTaskStep(current, OPTIMIZATION_RECORD_ID, record, stepId('optimization')))
      }
    />
  );
}

/** Each step's screen; TypeScript requires an entry for every key of the step table. */
const SCREENS: Record<StepKey, PipelineStep['Component']> = {
  upload: UploadScreen,
  analyze: AnalyzeScreen,
  missing: MissingStep,
  outliers: OutliersStep,
  encoding: EncodingStep,
  correlation: CorrelationStep,
  scaling: ScalingStep,
  training: TrainingScreen,
  evaluation: EvaluationStep,
  optimization: OptimizationScreen,
};

/** The pipeline's steps with their screens: they drive the step bar, the screen shown, the ids and the names. */
export const PIPELINE_STEPS: readonly PipelineStep[] = STEP_TABLE.map(({ key, kind }) => ({
  id: stepId(key),
  key,
  Component: SCREENS[key],
  kind,
}));

export function pipelineStep(id: number): PipelineStep | undefined {
  return PIPELINE_STEPS.find((step) => step.id === id);
}
