import type { Session } from '../../session/session';

/** One change applied in a step, as its result records it. */
export interface AppliedChange {
  /** Which settings were applied: 'global' or 'columns' (or a step's own name, e.g. 'drop'). */
  action: string;
  /** The server's own summary of the change. */
  message: string;
  /** The frame's [rows, columns] after it. */
  shape: number[];
}

function isChange(value: unknown): value is AppliedChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  return typeof change.action === 'string' && typeof change.message === 'string' && Array.isArray(change.shape);
}

/** The changes a step's saved result lists, so a revisit keeps counting from them. */
export function savedChanges(session: Session, stepId: number): AppliedChange[] {
  const result = session.stepResults[stepId];
  if (typeof result !== 'object' || result === null) return [];
  const changes = (result as Record<string, unknown>).changes;
  return Array.isArray(changes) ? changes.filter(isChange) : [];
}
