import type { Session } from '../../app/session';

function targetOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const target = record.target_column ?? record.target;
  return typeof target === 'string' && target !== '' ? target : null;
}

/**
 * The target column chosen last in the pipeline up to this step (the latest step result first, then the
 * analysis), when it is still a column of the data; '' when none.
 */
export function knownTarget(session: Session, uptoStep: number): string {
  const candidates = [
    ...Object.keys(session.stepResults)
      .map(Number)
      .filter((step) => Number.isInteger(step) && step <= uptoStep)
      .sort((a, b) => b - a)
      .map((step) => targetOf(session.stepResults[step])),
    targetOf(session.analysisResults),
  ];
  return candidates.find((target): target is string => target !== null && session.columns.includes(target)) ?? '';
}
