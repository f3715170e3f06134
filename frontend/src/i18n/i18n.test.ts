import { describe, expect, it } from 'vitest';
import { queueText } from '../components/TaskProgress/TaskProgress';
import { uploadedMessage } from '../steps/upload/UploadStep';
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

describe('upload message and queue place', () => {
  const t = i18n.t.bind(i18n);
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('says rows and columns with their plural forms and grouped numbers', async () => {
    expect(uploadedMessage('a.csv', 1, 1, t)).toBe('“a.csv” uploaded: 1 row, 1 column.');
    expect(uploadedMessage('a.csv', 3201, 14, t)).toBe('“a.csv” uploaded: 3,201 rows, 14 columns.');
    await chooseLanguage('ru');
    try {
      expect(plain(uploadedMessage('a.csv', 3201, 14, t))).toBe('«a.csv» загружен: 3 201 строка, 14 столбцов.');
      expect(uploadedMessage('a.csv', 3, 22, t)).toBe('«a.csv» загружен: 3 строки, 22 столбца.');
      await chooseLanguage('de');
      expect(uploadedMessage('a.csv', 1, 3201, t)).toBe('„a.csv“ hochgeladen: 1 Zeile, 3.201 Spalten.');
    } finally {
      await chooseLanguage('en');
    }
  });

  it('says how many jobs wait ahead, with plural forms', async () => {
    expect([1, 2, 3].map((position) => queueText(position, t))).toEqual([
      'Waiting for a worker: next in line',
      'Waiting for a worker: 1 job ahead',
      'Waiting for a worker: 2 jobs ahead',
    ]);
    await chooseLanguage('ru');
    try {
      expect([2, 3, 6].map((position) => queueText(position, t))).toEqual([
        'Ожидание обработчика: впереди 1 задача',
        'Ожидание обработчика: впереди 2 задачи',
        'Ожидание обработчика: впереди 5 задач',
      ]);
    } finally {
      await chooseLanguage('en');
    }
  });
});
