import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';
import { formatNumber } from './format';
import type en from './locales/en.json';

type ErrorKey = `errors.${keyof (typeof en)['errors']}`;

/** A server code as a translation key's last part: `no_dataset` reads `noDataset`. */
export function codeKey(code: string): string {
  return code.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The translation key of an error code: `no_dataset` reads `errors.noDataset`. */
export function errorKey(code: string): string {
  return `errors.${codeKey(code)}`;
}

/** Params as the message shows them: lists joined, numbers written as the language writes them. */
export function displayParams(params: Record<string, unknown>): Record<string, string> {
  const shown = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : String(value));
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.map(shown).join(', ') : shown(value)]),
  );
}

/**
 * The text to show for a failed call: the translation of the server's error code when there
 * is one, else the server's (or the client's) English message; for any other error,
 * `fallback` or else the error's own message.
 */
export function errorMessage(error: unknown, t: TFunction, fallback?: string): string {
  if (!(error instanceof ApiError)) return fallback ?? (error instanceof Error ? error.message : String(error));
  if (error.code === undefined) return error.message;
  const key = errorKey(error.code) as ErrorKey;
  const translated = t(key, { ...displayParams(error.params), defaultValue: '' });
  return translated === '' ? error.message : translated;
}
