import { describe, expect, it } from 'vitest';
import { emptySession } from '../../session/session';
import { formatInteger } from '../../i18n/format';
import { chooseLanguage, i18n } from '../../i18n/i18n';
import { savedUploadNotes, uploadNotes, type UploadNotes } from './readNotes';

const t = i18n.t.bind(i18n);

const answer: UploadNotes = {
  notes: [
    { code: 'lines_above_table', params: { count: 2, first: 'Shop sales' } },
    { code: 'repeated_header_rows', params: { count: 1 } },
    { code: 'ragged_rows', params: { count: 1200, example: '1,2' } },
    { code: 'no_header_row', params: { count: 5 } },
    { code: 'sheet_read', params: { sheet: 'Data' } },
    { code: 'a_note_of_a_later_server', params: {} },
  ],
  warnings: ['w1', 'w2', 'w3', 'w4', 'w5', 'What a later server says.'],
};

describe('upload notes', () => {
  it('words each note with its values and plural, and keeps the English of an unknown one', () => {
    expect(uploadNotes(answer, t)).toEqual([
      '2 lines above the header row were not part of the table and were skipped (the first: "Shop sales").',
      '1 row repeated the header row and was skipped.',
      '1,200 rows had a different number of fields than the header and were skipped (for example "1,2").',
      'The first row holds values rather than column names, so it was read as a row and the columns were named col_1 to col_5.',
      'The sheet "Data" was read: the sheets before it hold no table.',
      'What a later server says.',
    ]);
  });

  it('speaks the language shown, with its plural forms', async () => {
    await chooseLanguage('ru');
    try {
      const [lines, repeated, ragged] = uploadNotes(answer, t);
      expect(lines).toBe('2 строки над строкой заголовков не относились к таблице и были пропущены (первая: «Shop sales»).');
      expect(repeated).toBe('1 строка повторяла строку заголовков и была пропущена.');
      expect(ragged).toContain(`${formatInteger(1200)} строк имели`);
      await chooseLanguage('de');
      expect(uploadNotes(answer, t)[4]).toBe('Das Blatt „Data“ wurde gelesen: Die Blätter davor enthalten keine Tabelle.');
    } finally {
      await chooseLanguage('en');
    }
  });

  it('reads the notes the Upload step saved, and the English alone of an older result', () => {
    const saved = (result: unknown) => savedUploadNotes({ ...emptySession(), stepResults: { 1: result } }, t);
    expect(saved({ ...answer, notes: answer.notes.slice(1, 2), warnings: ['w'] })).toEqual([
      '1 row repeated the header row and was skipped.',
    ]);
    expect(saved({ warnings: ['Column names were made unique.'] })).toEqual(['Column names were made unique.']);
    expect(saved(null)).toEqual([]);
  });
});
