import { api, fileForm, unwrap } from './client';

export function uploadDataset(file: File) {
  return unwrap(
    api.POST('/api/upload/', {
      body: { file: file.name },
      bodySerializer: () => fileForm(file),
    }),
  );
}

export function getSessionData() {
  return unwrap(api.GET('/api/get-session-data/'));
}

/** Chooses the session target (the default target of every step), or clears it with null. */
export function setSessionTarget(target: string | null) {
  return unwrap(api.PUT('/api/session-target/', { body: { target_column: target } }));
}

export function dropColumns(columns: string[], stepId?: number) {
  return unwrap(api.POST('/api/drop-columns/', { body: { columns, ...(stepId ? { step_id: stepId } : {}) } }));
}

export function snapshotStep(stepId: number) {
  return unwrap(api.POST('/api/snapshot-step/', { body: { step_id: stepId } }));
}

export function undoStep(stepId: number) {
  return unwrap(api.POST('/api/undo-step/', { body: { step_id: stepId } }));
}

export type UploadResult = Awaited<ReturnType<typeof uploadDataset>>;
export type SessionData = Awaited<ReturnType<typeof getSessionData>>;
export type Cell = SessionData['data'][number][number];
/** A column's kind as the server decides it from the full frame's dtype: what each step may offer for it. */
export type ColumnKind = SessionData['column_kinds'][string];

/** The columns and preview rows a table shows. */
export interface TableData {
  columns: string[];
  data: Cell[][];
}
