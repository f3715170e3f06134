import type { Session } from '../session/session';
import { readOptimizationRecord } from '../steps/optimization/optimizationRules';
import { OPTIMIZATION_RECORD_ID, stepId } from '../steps/stepKeys';
import { readTrainingRecord } from '../steps/training/trainingRecord';

/** What a change of the data in the step shown would discard: the trained and the optimized models. */
export interface DiscardedResults {
  models: string[];
  optimized: string[];
}

/**
 * The models a change of the data in the step shown would take away (its later steps go
 * stale, `withChangedData`); null when it takes none: no training yet, or a step from
 * Training on, where nothing changes the data.
 */
export function discardedResults(session: Session): DiscardedResults | null {
  if (session.currentStep >= stepId('training')) return null;
  const models = readTrainingRecord(session.stepResults[stepId('training')])?.models ?? [];
  if (models.length === 0) return null;
  return { models, optimized: Object.keys(readOptimizationRecord(session.stepResults[OPTIMIZATION_RECORD_ID]).models) };
}
