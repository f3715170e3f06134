import { STEP_COUNT } from '../steps/stepKeys';

export interface UploadedFile {
  name: string;
  size: number;
}

/**
 * The pipeline's state as SPEC §3 names it, but for the current frame (its columns and
 * preview rows), which lives in the query cache (`useSessionData`): the saved session adds
 * it (`savedState.ts`).
 */
export interface Session {
  currentStep: number;
  /**
   * The furthest step reached since the data last changed: looking back at an earlier step
   * keeps every step up to it reachable; only a change of the data brings it back.
   */
  reachedStep: number;
  analysisResults: Record<string, unknown> | null;
  stepResults: Record<string, unknown>;
  uploadedFile: UploadedFile | null;
  sessionId: string | null;
  /** Training's last settings (model choice, validation), kept across visits and invalidations. */
  trainingSettings: Record<string, unknown> | null;
  /** Optimization's last settings (method, folds, iterations), kept the same way. */
  optimizationSettings: Record<string, unknown> | null;
}

export function emptySession(): Session {
  return {
    currentStep: 1,
    reachedStep: 1,
    analysisResults: null,
    stepResults: {},
    uploadedFile: null,
    sessionId: null,
    trainingSettings: null,
    optimizationSettings: null,
  };
}

/** The highest step completed so far; every step up to it counts as completed. */
export function completedThrough(session: Session): number {
  return Math.max(0, ...Object.keys(session.stepResults).map(Number).filter(Number.isInteger));
}

export function isStepCompleted(session: Session, stepId: number): boolean {
  return stepId <= completedThrough(session);
}

/**
 * SPEC §2: a step can be opened if it is at or before the current step or already completed;
 * the current step is the furthest one reached, so opening an earlier one takes nothing away.
 */
export function canOpenStep(session: Session, stepId: number): boolean {
  const reached = Math.max(session.currentStep, session.reachedStep);
  return stepId >= 1 && stepId <= STEP_COUNT && (stepId <= reached || isStepCompleted(session, stepId));
}

export function openStep(session: Session, stepId: number): Session {
  return canOpenStep(session, stepId) ? { ...session, currentStep: stepId } : session;
}

/** Completes a step: stores its results under its number and moves to the next step. */
export function completeStep(session: Session, stepId: number, results: unknown = {}): Session {
  return { ...withStepResult(session, stepId, results), currentStep: Math.min(stepId + 1, STEP_COUNT) };
}

/**
 * Completes several steps at once (the recipe prepared automatically): each result under its
 * step's id, and `next` opened, with every step before it reached.
 */
export function completeSteps(session: Session, results: Record<number, unknown>, next: number): Session {
  return {
    ...session,
    stepResults: { ...session.stepResults, ...results },
    currentStep: next,
    reachedStep: Math.max(session.reachedStep, next),
  };
}

/**
 * Stores a step's results without moving (a long task that ended while another step was
 * shown); the step after it is reached, as if the person had moved on.
 */
export function withStepResult(session: Session, stepId: number, results: unknown): Session {
  return {
    ...session,
    stepResults: { ...session.stepResults, [stepId]: results },
    reachedStep: Math.max(session.reachedStep, Math.min(stepId + 1, STEP_COUNT)),
  };
}

/** Completes a step whose long task just ended: moves on only if the person is still on `shownOn`. */
export function completeTaskStep(session: Session, stepId: number, results: unknown, shownOn: number = stepId): Session {
  return session.currentStep === shownOn ? completeStep(session, stepId, results) : withStepResult(session, stepId, results);
}

/**
 * The session after its data or recipe changed in `stepId`: every later step (and the
 * optimization recorded past the bar) is no longer completed and its results are gone, so
 * no screen shows what was computed from other data.
 */
export function withoutResultsAfter(session: Session, stepId: number): Session {
  const kept = Object.entries(session.stepResults).filter(([id]) => Number(id) <= stepId);
  const reachedStep = Math.max(session.currentStep, Math.min(session.reachedStep, stepId));
  if (kept.length === Object.keys(session.stepResults).length && reachedStep === session.reachedStep) return session;
  return { ...session, stepResults: Object.fromEntries(kept), reachedStep };
}

/** The session after the data changed in the step being shown: the later steps are invalidated. */
export function withChangedData(session: Session): Session {
  return withoutResultsAfter(session, session.currentStep);
}

/** Keeps the analysis of the current data (SPEC §3 analysisResults); null forgets it. */
export function withAnalysis(session: Session, analysis: Record<string, unknown> | null): Session {
  return { ...session, analysisResults: analysis };
}

export function stepStatus(session: Session, stepId: number): 'completed' | 'active' | 'pending' {
  if (stepId === session.currentStep) return 'active';
  return isStepCompleted(session, stepId) ? 'completed' : 'pending';
}
