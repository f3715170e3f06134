import { describe, expect, it } from 'vitest';
import { chooseLanguage, i18n } from '../../i18n/i18n';
import { leftOutClassesNote } from './leftOutClasses';

describe('leftOutClassesNote', () => {
  const t = i18n.t.bind(i18n);

  it('names a few left-out classes one by one', async () => {
    await chooseLanguage('en');
    expect(leftOutClassesNote({ rare: 1, unusual: 3 }, t)).toBe(
      'Classes with fewer rows than the validation needs were left out: rare (1 row), unusual (3 rows).',
    );
    expect(leftOutClassesNote({}, t)).toBeNull();
  });

  it('summarizes many left-out classes by their row counts, never listing them all', async () => {
    await chooseLanguage('en');
    const classes: Record<string, number> = Object.fromEntries([
      ...Array.from({ length: 73 }, (_, index): [string, number] => [String(10 + index / 2), 1]),
      ['x', 2],
    ]);
    const note = leftOutClassesNote(classes, t) ?? '';
    expect(note).toBe(
      'Classes with fewer rows than the validation needs were left out: 73 classes with 1 row each, 1 class with 2 rows, e.g. 10, 11, 12, ….',
    );
    await chooseLanguage('ru');
    try {
      expect(leftOutClassesNote(classes, t)).toContain('73 класса по 1 строке');
    } finally {
      await chooseLanguage('en');
    }
  });
});
