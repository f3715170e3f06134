import type { TFunction } from 'i18next';

/** Classes named one by one up to this many; more are summarized by their row counts. */
const SHOWN_CLASSES = 3;

/**
 * The note naming the classes training left out (fewer rows than the validation needs):
 * each with its rows when they are few, else how many have each row count and a few of
 * them ("73 classes with 1 row each, e.g. 18, 15.5, 14, …"); null when none was left out.
 */
export function leftOutClassesNote(classes: Record<string, number> | undefined, t: TFunction): string | null {
  const entries = Object.entries(classes ?? {});
  if (entries.length === 0) return null;
  if (entries.length <= SHOWN_CLASSES) {
    const named = entries.map(([name, rows]) => t('training.leftOut.class', { name, count: rows, rows }));
    return t('training.leftOut.note', { classes: named.join(', ') });
  }
  const classesByRows = new Map<number, number>();
  for (const [, rows] of entries) classesByRows.set(rows, (classesByRows.get(rows) ?? 0) + 1);
  const groups = [...classesByRows.entries()]
    .sort(([rows], [other]) => rows - other)
    .map(([rows, count]) => t('training.leftOut.group', { count, rows: t('training.leftOut.rows', { count: rows }) }));
  const examples = entries.slice(0, SHOWN_CLASSES).map(([name]) => name);
  return t('training.leftOut.note', {
    classes: t('training.leftOut.summary', { groups: groups.join(', '), examples: examples.join(', ') }),
  });
}
