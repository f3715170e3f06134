import type { Cell } from '../../api/dataset';
import { formatDateText, formatPreviewNumber } from '../../i18n/format';

export const TRUNCATE_AT = 40;

/** Null, undefined and non-finite numbers are shown as missing. */
export function isMissingCell(value: Cell | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value));
}

/**
 * SPEC §3 cell display: a dash for missing values, True/False for booleans, numbers and
 * dates as the interface language writes them, else the text.
 */
export function formatCell(value: Cell | undefined, language?: string): string {
  if (value === null || value === undefined || isMissingCell(value)) return '—';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return formatPreviewNumber(value, language);
  return formatDateText(value, language) ?? value;
}

/** A float's full value, for the title of a cell that shows it shortened; nothing for other cells. */
export function fullNumber(value: Cell | undefined): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value) ? String(value) : undefined;
}

export function isTruncated(text: string): boolean {
  return text.length > TRUNCATE_AT;
}

export function truncate(text: string): string {
  return isTruncated(text) ? `${text.slice(0, TRUNCATE_AT)}…` : text;
}
