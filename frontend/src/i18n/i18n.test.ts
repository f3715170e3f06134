import { describe, expect, it } from 'vitest';
import { chooseLanguage, i18n, initI18n, LANGUAGE_STORAGE_KEY, storedLanguage } from './i18n';

describe('language persistence', () => {
  it('defaults to English', () => {
    expect(storedLanguage()).toBe('en');
  });

  it('ignores an unknown saved code', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(storedLanguage()).toBe('en');
  });

  it('restores the saved language on load', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'tr');
    await initI18n();
    expect(i18n.language).toBe('tr');
    expect(i18n.t('welcome.getStarted')).toBe('Hemen Başla');
    expect(document.documentElement.lang).toBe('tr');
  });

  it('remembers a chosen language', async () => {
    await chooseLanguage('ku');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ku');
    expect(i18n.t('welcome.getStarted')).toBe('Dest Pê Bike');
  });
});

describe('plural forms of counts', () => {
  it('says one column and one row in the singular, and uses the few and many forms in Russian', async () => {
    expect(i18n.t('correlation.dropped', { count: 1 })).toBe('1 column dropped');
    expect(i18n.t('correlation.dropped', { count: 2 })).toBe('2 columns dropped');
    expect(i18n.t('outliers.applied', { count: 1, rows: '1' })).toBe('Outliers handled: 1 row remains.');
    await chooseLanguage('ru');
    try {
      expect([1, 3, 5].map((count) => i18n.t('correlation.dropped', { count }))).toEqual([
        'Удалён 1 столбец',
        'Удалено 3 столбца',
        'Удалено 5 столбцов',
      ]);
    } finally {
      await chooseLanguage('en');
    }
  });
});
