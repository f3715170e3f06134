import type { Cell } from '../../api/dataset';

export const TRUNCATE_AT = 40;

/** Null, undefined and non-finite numbers are shown as missing. */
export function isMissingCell(value: Cell | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value));
}

/** SPEC §3 cell display: a dash for missing values, True/False for booleans, else the text. */
export function formatCell(value: Cell | undefined): string {
  if (isMissingCell(value)) return '—';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

export function isTruncated(text: string): boolean {
  return text.length > TRUNCATE_AT;
}

export function truncate(text: string): string {
  return isTruncated(text) ? `${text.slice(0, TRUNCATE_AT)}…` : text;
}
