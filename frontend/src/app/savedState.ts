import { STEP_COUNT } from '../steps/stepKeys';
import { emptySession, type Session } from './session';

export const VIEW_STORAGE_KEY = 'lathe.view';
export const SESSION_STORAGE_KEY = 'lathe.session';

export type View = 'welcome' | 'pipeline';

export interface AppState {
  view: View;
  session: Session;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isRows(value: unknown): value is Session['currentData'] {
  return Array.isArray(value) && value.every(Array.isArray);
}

function isUploadedFile(value: unknown): value is Session['uploadedFile'] {
  return value === null || (isRecord(value) && typeof value.name === 'string' && typeof value.size === 'number');
}

/** Parses a saved session; throws when it is not one. */
export function parseSession(raw: string): Session {
  const value: unknown = JSON.parse(raw);
  if (
    !isRecord(value) ||
    typeof value.currentStep !== 'number' ||
    !Number.isInteger(value.currentStep) ||
    value.currentStep < 1 ||
    value.currentStep > STEP_COUNT ||
    !isRows(value.currentData) ||
    !isStringArray(value.columns) ||
    !(value.analysisResults === null || isRecord(value.analysisResults)) ||
    !isRecord(value.stepResults) ||
    !isUploadedFile(value.uploadedFile) ||
    !(value.sessionId === null || typeof value.sessionId === 'string')
  ) {
    throw new Error('Saved session has an unexpected shape');
  }
  return {
    currentStep: value.currentStep,
    currentData: value.currentData,
    columns: value.columns,
    analysisResults: value.analysisResults,
    stepResults: value.stepResults,
    uploadedFile: value.uploadedFile,
    sessionId: value.sessionId,
    // sessions saved before training settings were kept have none
    trainingSettings: isRecord(value.trainingSettings) ? value.trainingSettings : null,
  };
}

export function clearSavedState(): void {
  localStorage.removeItem(VIEW_STORAGE_KEY);
  localStorage.removeItem(SESSION_STORAGE_KEY);
}

/**
 * SPEC §4: the pipeline is restored when the saved view is pipeline and the saved session
 * parses; a session that fails to parse clears both saved items.
 */
export function restoreState(): AppState {
  if (localStorage.getItem(VIEW_STORAGE_KEY) !== 'pipeline') return { view: 'welcome', session: emptySession() };
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  if (raw === null) return { view: 'pipeline', session: emptySession() };
  try {
    return { view: 'pipeline', session: parseSession(raw) };
  } catch {
    clearSavedState();
    return { view: 'welcome', session: emptySession() };
  }
}

export function saveView(view: View): void {
  localStorage.setItem(VIEW_STORAGE_KEY, view);
}

/**
 * SPEC §4: the session is saved once it is beyond step 1 or has a session id. A session that
 * is back at its start (its file removed) leaves nothing saved, so a reload does not bring
 * the removed data back.
 */
export function saveSession(session: Session): void {
  if (session.currentStep > 1 || session.sessionId !== null) {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } else {
    localStorage.removeItem(SESSION_STORAGE_KEY);
  }
}
