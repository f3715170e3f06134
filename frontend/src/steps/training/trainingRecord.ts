import type { TrainResult } from '../../api/training';
import type { Session } from '../../session/session';
import { stepId } from '../stepKeys';

/**
 * What the session keeps of a training (step 8's result): a small record, never the whole
 * result, which the server keeps (`GET /api/training-result/`).
 */
export interface TrainingRecord {
  done: true;
  /** The models that trained. */
  models: string[];
  bestModel: string | null;
  target: string | null;
  problemType: string;
}

export function trainingRecord(result: TrainResult): TrainingRecord {
  return {
    done: true,
    models: result.trained_models,
    bestModel: result.best_model,
    target: result.target_column,
    problemType: result.problem_type,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Step 8's saved result read as a record; null when it is none. Sessions saved before the
 * record kept the whole training result, which is read down to the record.
 */
export function readTrainingRecord(saved: unknown): TrainingRecord | null {
  if (!isRecord(saved)) return null;
  const whole = 'trained_models' in saved;
  if (!whole && !('models' in saved)) return null;
  return {
    done: true,
    models: names(whole ? saved.trained_models : saved.models),
    bestModel: textOrNull(whole ? saved.best_model : saved.bestModel),
    target: textOrNull(whole ? saved.target_column : saved.target),
    problemType: textOrNull(whole ? saved.problem_type : saved.problemType) ?? '',
  };
}

/** Whether step 8 has trained models (SPEC §4: evaluation and optimization need them). */
export function hasTrainedModels(session: Session): boolean {
  return (readTrainingRecord(session.stepResults[stepId('training')])?.models.length ?? 0) > 0;
}
