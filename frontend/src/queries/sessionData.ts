import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { getSessionData, type Cell, type ColumnKind, type SessionData, type TableData } from '../api/dataset';
import { cancelThenWrite } from './cacheWrite';
import { queryKeys } from './keys';

/**
 * What the preview rows do not carry: the full frame's dtypes, missing-value counts, shape,
 * and what only the server knows of it: each column's kind and the columns scaling takes.
 */
export interface FrameInfo {
  dtypes: Record<string, string>;
  missingValues: Record<string, number>;
  /** The full frame's [rows, columns]. */
  shape: number[];
  kinds: Record<string, ColumnKind>;
  /** SPEC §5's scaling candidates over the full frame, the target not yet left out. */
  scalingCandidates: string[];
}

/** The session's current frame as the page knows it: the one copy every screen reads. */
export interface SessionFrame {
  columns: string[];
  /** The preview rows. */
  preview: Cell[][];
  /** Null until the server has answered (a frame seeded from the saved session). */
  info: FrameInfo | null;
  /** The session target (the default target of every step); null when there is none or it is not known yet. */
  target: string | null;
  /** The steps the server keeps a snapshot of, so undo has something to go back to. */
  snapshotSteps: number[];
}

const NO_FRAME: SessionFrame = { columns: [], preview: [], info: null, target: null, snapshotSteps: [] };

/** A frame as a transforming call, the upload or the session data answer it. */
interface AnsweredFrame extends TableData {
  shape: number[];
  dtypes: Record<string, string>;
  missing_values: Record<string, number>;
  column_kinds: Record<string, ColumnKind>;
  scaling_candidates: string[];
}

function answeredInfo(answer: AnsweredFrame): FrameInfo {
  return {
    dtypes: answer.dtypes,
    missingValues: answer.missing_values,
    shape: answer.shape,
    kinds: answer.column_kinds,
    scalingCandidates: answer.scaling_candidates,
  };
}

function toFrame(answer: SessionData): SessionFrame {
  return {
    columns: answer.columns,
    preview: answer.data,
    info: answeredInfo(answer),
    target: answer.target_column === '' ? null : answer.target_column,
    snapshotSteps: answer.snapshot_steps ?? [],
  };
}

async function readSessionData(): Promise<SessionFrame> {
  return toFrame(await getSessionData());
}

/**
 * The session's current frame. `read` (the default) reads it from the server when the
 * screen opens; false only follows what is cached. An empty frame until anything is known.
 */
export function useSessionData({ read = true }: { read?: boolean } = {}): SessionFrame {
  const query = useQuery({ queryKey: queryKeys.sessionData, queryFn: readSessionData, enabled: read });
  return query.data ?? NO_FRAME;
}

type FrameChangeListener = () => void;
const frameChangeListeners = new WeakMap<QueryClient, Set<FrameChangeListener>>();

function frameChanged(queryClient: QueryClient): void {
  frameChangeListeners.get(queryClient)?.forEach((listener) => listener());
}

/**
 * Calls `listener` after each change of the frame made on this page (a step's change, a
 * drop, an undo, an upload), never after a read: the pipeline marks later steps stale, and
 * Analyze runs its analysis again.
 */
export function useFrameChanges(listener: FrameChangeListener): void {
  const queryClient = useQueryClient();
  const onChange = useEffectEvent(listener);
  useEffect(() => {
    const listeners = frameChangeListeners.get(queryClient) ?? new Set<FrameChangeListener>();
    frameChangeListeners.set(queryClient, listeners);
    const call = () => onChange();
    listeners.add(call);
    return () => {
      listeners.delete(call);
    };
  }, [queryClient]);
}

/**
 * Records a change's answer (a step's, or what a drop or undo left) as the session's
 * current frame; the target and snapshots stay. With no frame read yet, it is read again.
 */
export async function storeFrame(queryClient: QueryClient, answer: AnsweredFrame): Promise<void> {
  await cancelThenWrite<SessionFrame>(
    queryClient,
    queryKeys.sessionData,
    (cached) => cached && { ...cached, columns: answer.columns, preview: answer.data, info: answeredInfo(answer) },
  );
  frameChanged(queryClient);
}

/** Shows a table at once while the server has not answered yet (a drop on its way, or its undoing after a failure). */
export async function showTable(queryClient: QueryClient, table: TableData): Promise<void> {
  await cancelThenWrite<SessionFrame>(queryClient, queryKeys.sessionData, (cached) => ({
    ...(cached ?? NO_FRAME),
    columns: table.columns,
    preview: table.data,
  }));
  frameChanged(queryClient);
}

/** A new upload's frame: no target or snapshot yet; the session data is read again for the rest. */
export async function storeUpload(queryClient: QueryClient, answer: AnsweredFrame): Promise<void> {
  await cancelThenWrite<SessionFrame>(queryClient, queryKeys.sessionData, () => ({
    ...NO_FRAME,
    columns: answer.columns,
    preview: answer.data,
    info: answeredInfo(answer),
  }));
  frameChanged(queryClient);
  await queryClient.invalidateQueries({ queryKey: queryKeys.sessionData, exact: true });
}

/** Reads the session's whole current data again after a change of the frame on the server (a drop, an undo); throws when it fails. */
export async function readFrameAgain(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: queryKeys.sessionData, exact: true });
  await queryClient.query({ queryKey: queryKeys.sessionData, queryFn: readSessionData, staleTime: 0, retry: false });
  frameChanged(queryClient);
}

/** Records a new session target, so every screen and the header follow it. */
export function rememberSessionTarget(queryClient: QueryClient, target: string | null): Promise<void> {
  return cancelThenWrite<SessionFrame>(queryClient, queryKeys.sessionData, (cached) => cached && { ...cached, target });
}

/** Records a snapshot taken of `stepId`, so its undo is offered at once. */
export function rememberSnapshot(queryClient: QueryClient, stepId: number): Promise<void> {
  return cancelThenWrite<SessionFrame>(queryClient, queryKeys.sessionData, (cached) => {
    if (cached === undefined || cached.snapshotSteps.includes(stepId)) return cached;
    return { ...cached, snapshotSteps: [...cached.snapshotSteps, stepId].sort((a, b) => a - b) };
  });
}

/**
 * The saved session's frame, until the server answers: the preview shows at once after a
 * reload. It counts as old, so the first screen to read the session data reads it.
 */
export function seedSessionData(queryClient: QueryClient, table: TableData): void {
  if (table.columns.length === 0 || queryClient.getQueryData(queryKeys.sessionData) !== undefined) return;
  queryClient.setQueryData<SessionFrame>(
    queryKeys.sessionData,
    { ...NO_FRAME, columns: table.columns, preview: table.data },
    { updatedAt: 0 },
  );
}

/** Forgets everything read of the session: its file was removed, or the page went back to the welcome view. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: queryKeys.session });
}
