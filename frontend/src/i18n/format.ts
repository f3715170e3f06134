import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

/**
 * Numbers, percentages, sizes and dates written as the interface language writes them
 * (`Intl`): 3,201.5 in en, 3.201,5 in de, 3 201,5 in ru. Each function takes the language,
 * by default the interface's current one, so screens that re-render on a language change
 * (every `useTranslation` user) show the new format.
 */

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, options);
    formatters.set(key, format);
  }
  return format;
}

const current = () => i18n.language || 'en';

/** A count, with the language's thousands separator: 3,201 or 3.201. */
export function formatInteger(value: number, language = current()): string {
  return numberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** Any number, grouped, with up to 3 decimals where it has them: 10,000,000 or 0,5. */
export function formatNumber(value: number, language = current()): string {
  return numberFormat(language, {}).format(value);
}

/** A number to exactly `digits` decimals: metrics to 4 (SPEC §9), skews to 2. */
export function formatDecimal(value: number, digits: number, language = current()): string {
  return numberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A number to `digits` significant digits, grouped: contributions, which run from 0.0012 to 12,340. */
export function formatSignificant(value: number, digits = 4, language = current()): string {
  return numberFormat(language, { maximumSignificantDigits: digits }).format(value);
}

/** A share given in percent (12.5 for 12.5 %), with the language's sign and spacing: 12.5%, 12,5 %, %12,5. */
export function formatPercent(percent: number, digits = 1, language = current()): string {
  return numberFormat(language, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(percent / 100);
}

const BYTES_PER_MB = 1024 * 1024;

/**
 * Plotly's `separators` for the language: its decimal mark then its thousands separator, as
 * `Intl` writes 12,345.6 (".," in en, ",." in de), so chart axes and hovers read like the rest.
 */
export function chartSeparators(language = current()): string {
  const parts = numberFormat(language, { minimumFractionDigits: 1 }).formatToParts(12345.6);
  const mark = (type: 'decimal' | 'group', fallback: string) => parts.find((part) => part.type === type)?.value ?? fallback;
  return mark('decimal', '.') + mark('group', ',');
}

/** A size in megabytes to two decimals (the number only; the unit is part of the sentence). */
export function formatMegabytes(bytes: number, language = current()): string {
  return formatDecimal(bytes / BYTES_PER_MB, 2, language);
}

/** Below this size a preview number is float noise (scaling leaves -1.3e-15 for a mean of 0): it reads 0. */
const PREVIEW_NOISE = 1e-12;
/** Below this size a preview number is written with an exponent. */
const PREVIEW_PLAIN_MIN = 1e-6;

/**
 * A number of the data preview: whole numbers as they are (no grouping, so years and ids
 * read as written), others to at most 6 significant digits, float noise as 0, and only very
 * small ones with an exponent (a float of 2^53 or more is whole).
 */
export function formatPreviewNumber(value: number, language = current()): string {
  const size = Math.abs(value);
  const whole = numberFormat(language, { useGrouping: false, maximumFractionDigits: 0 });
  // noise and -0 both read 0, without a sign
  if (size < PREVIEW_NOISE) return whole.format(0);
  if (Number.isInteger(value)) return whole.format(value);
  const notation = size < PREVIEW_PLAIN_MIN ? 'scientific' : 'standard';
  return numberFormat(language, { useGrouping: false, maximumSignificantDigits: 6, notation }).format(value);
}

/** An ISO date-time as the server writes dates (`2024-03-01T00:00:00`); a midnight reads as a date alone. */
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;
const MIDNIGHT = /^00:00(?::00(?:\.0+)?)?$/;

/** A date (or date-time) text as a date of the language, or null when the text is not one. */
export function formatDateText(text: string, language = current()): string | null {
  const match = ISO_DATE_TIME.exec(text) ?? /^(\d{4}-\d{2}-\d{2})$/.exec(text);
  if (match === null) return null;
  const [, day, time] = match;
  const date = new Date(`${day}T${time ?? '00:00'}Z`);
  if (Number.isNaN(date.getTime())) return null;
  const dateOnly = time === undefined || MIDNIGHT.test(time);
  return new Intl.DateTimeFormat(
    language,
    dateOnly ? { dateStyle: 'medium', timeZone: 'UTC' } : { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' },
  ).format(date);
}

/** Whole numbers written as the interface language writes them (1,200 or 1.200). */
export function useNumberFormat(): (value: number) => string {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return (value) => formatInteger(value, language);
}

/** A moment as a long date and a short time of the language: "5 March 2025 at 14:02". */
export function formatDateTime(moment: Date, language = current()): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(moment);
}
