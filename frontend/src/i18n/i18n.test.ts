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
