import type { TFunction } from 'i18next';

/**
 * The note naming the classes training left out (fewer rows than the validation needs),
 * each with its rows; null when none was left out.
 */
export function leftOutClassesNote(classes: Record<string, number> | undefined, t: TFunction): string | null {
  const entries = Object.entries(classes ?? {});
  if (entries.length === 0) return null;
  const named = entries.map(([name, rows]) => t('training.leftOut.class', { name, count: rows, rows }));
  return t('training.leftOut.note', { classes: named.join(', ') });
}
