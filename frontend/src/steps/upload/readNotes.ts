import type { TFunction } from 'i18next';
import type { Session } from '../../session/session';
import { codeKey, displayParams } from '../../i18n/errorMessage';
import { formatInteger } from '../../i18n/format';
import type en from '../../i18n/locales/en.json';
import { stepId } from '../stepKeys';

type NoteKey = `upload.notes.${keyof (typeof en)['upload']['notes']}`;

/** How the file was read, as the upload answers it: a code and the values it names. */
export interface ReadNote {
  code: string;
  params: Record<string, string | number>;
}

/** What the upload answers of how it read the file: the notes, and the same in English. */
export interface UploadNotes {
  notes: ReadNote[];
  warnings: string[];
}

/**
 * Each note in the language shown: its code's translation (`lines_above_table` reads
 * `upload.notes.linesAboveTable`, its count choosing the plural), else the server's English.
 */
export function uploadNotes({ notes, warnings }: UploadNotes, t: TFunction): string[] {
  if (notes.length !== warnings.length) return warnings;
  return notes.map((note, index) => {
    const { count } = note.params;
    const counted = typeof count === 'number' ? { count, shown: formatInteger(count) } : {};
    const key = `upload.notes.${codeKey(note.code)}` as NoteKey;
    const translated = t(key, { ...displayParams(note.params), ...counted, defaultValue: '' });
    return translated === '' ? (warnings[index] ?? '') : translated;
  });
}

function isNote(value: unknown): value is ReadNote {
  if (typeof value !== 'object' || value === null) return false;
  const note = value as Record<string, unknown>;
  return typeof note.code === 'string' && typeof note.params === 'object' && note.params !== null;
}

/** The notes the Upload step saved with its result, in the language shown. */
export function savedUploadNotes(session: Session, t: TFunction): string[] {
  const result = session.stepResults[stepId('upload')];
  if (typeof result !== 'object' || result === null) return [];
  const saved = result as Record<string, unknown>;
  const warnings = Array.isArray(saved.warnings) ? saved.warnings.filter((warning) => typeof warning === 'string') : [];
  const notes = Array.isArray(saved.notes) ? saved.notes.filter(isNote) : [];
  return uploadNotes({ notes, warnings }, t);
}
