import type { TableData } from '../api/dataset';
import { STEP_COUNT, stepId } from '../steps/stepKeys';
import { readTrainingRecord } from '../steps/training/trainingRecord';
import { completedThrough, emptySession, type Session } from '../session/session';

export const VIEW_STORAGE_KEY = 'lathe.view';
export const SESSION_STORAGE_KEY = 'lathe.session';

export type View = 'welcome' | 'pipeline';

export interface AppState {
  view: View;
  session: Session;
}

/** What is saved: the session with SPEC §3's `columns` and `currentData`, the frame it last showed. */
export interface SavedSession {
  session: Session;
  table: TableData;
}

const NO_TABLE: TableData = { columns: [], data: [] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isRows(value: unknown): value is TableData['data'] {
  return Array.isArray(value) && value.every(Array.isArray);
}

function isUploadedFile(value: unknown): value is Session['uploadedFile'] {
  return value === null || (isRecord(value) && typeof value.name === 'string' && typeof value.size === 'number');
}

/** Step results as small records: sessions saved before kept the whole training result under step 8. */
function smallRecords(stepResults: Record<string, unknown>): Record<string, unknown> {
  const id = stepId('training');
  const training = readTrainingRecord(stepResults[id]);
  return training === null ? stepResults : { ...stepResults, [id]: training };
}

function isStep(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= STEP_COUNT;
}

/**
 * The furthest step reached, as saved; sessions saved before it was kept reach the step
 * after the last completed one, so a session saved while looking back finds its results again.
 */
function reachedStep(saved: unknown, currentStep: number, stepResults: Record<string, unknown>): number {
  const reached = isStep(saved) ? saved : Math.min(completedThrough({ ...emptySession(), stepResults }) + 1, STEP_COUNT);
  return Math.max(currentStep, reached);
}

/** Parses a saved session; throws when it is not one. */
export function parseSession(raw: string): SavedSession {
  const value: unknown = JSON.parse(raw);
  if (
    !isRecord(value) ||
    !isStep(value.currentStep) ||
    !isRows(value.currentData) ||
    !isStringArray(value.columns) ||
    !(value.analysisResults === null || isRecord(value.analysisResults)) ||
    !isRecord(value.stepResults) ||
    !isUploadedFile(value.uploadedFile) ||
    !(value.sessionId === null || typeof value.sessionId === 'string')
  ) {
    throw new Error('Saved session has an unexpected shape');
  }
  const stepResults = smallRecords(value.stepResults);
  const session: Session = {
    currentStep: value.currentStep,
    reachedStep: reachedStep(value.reachedStep, value.currentStep, stepResults),
    analysisResults: value.analysisResults,
    stepResults,
    uploadedFile: value.uploadedFile,
    sessionId: value.sessionId,
    // sessions saved before these settings were kept have none; each screen checks them field by field
    trainingSettings: isRecord(value.trainingSettings) ? value.trainingSettings : null,
    optimizationSettings: isRecord(value.optimizationSettings) ? value.optimizationSettings : null,
  };
  return { session, table: { columns: value.columns, data: value.currentData } };
}

export function clearSavedState(): void {
  localStorage.removeItem(VIEW_STORAGE_KEY);
  localStorage.removeItem(SESSION_STORAGE_KEY);
}

/**
 * SPEC §4: the pipeline is restored when the saved view is pipeline and the saved session
 * parses; a session that fails to parse clears both saved items. The saved frame comes
 * with it, for the query cache to start from.
 */
export function restoreState(): AppState & { table: TableData } {
  const nothing = { session: emptySession(), table: NO_TABLE };
  if (localStorage.getItem(VIEW_STORAGE_KEY) !== 'pipeline') return { view: 'welcome', ...nothing };
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  if (raw === null) return { view: 'pipeline', ...nothing };
  try {
    return { view: 'pipeline', ...parseSession(raw) };
  } catch {
    clearSavedState();
    return { view: 'welcome', ...nothing };
  }
}

export function saveView(view: View): void {
  localStorage.setItem(VIEW_STORAGE_KEY, view);
}

/**
 * SPEC §4: the session is saved once it is beyond step 1 or has a session id, with the
 * frame the page shows (`table`). A session that is back at its start (its file removed)
 * leaves nothing saved, so a reload does not bring the removed data back.
 */
export function saveSession(session: Session, table: TableData): void {
  if (session.currentStep > 1 || session.sessionId !== null) {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session, columns: table.columns, currentData: table.data }));
  } else {
    localStorage.removeItem(SESSION_STORAGE_KEY);
  }
}
