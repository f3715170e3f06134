// An export as files come: a title and its date above the header row, and the header row
// again halfway. The upload says how it read the file, and the Upload step keeps saying
// it, after a reload too, in the language chosen.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts } from '../support/server.mjs';

const HALF = 20;

function exportFile() {
  const rows = (from) => Array.from({ length: HALF }, (_, i) => `${from + i},${i % 2 ? 'north' : 'south'},${(from + i) * 2.5}`);
  const lines = ['Shop sales', 'Exported 2024-05-01', '', 'day,region,amount', ...rows(1), 'day,region,amount', ...rows(HALF + 1)];
  const path = join(artifacts, 'shop-export.csv');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const NOTES = [
  '2 lines above the header row were not part of the table and were skipped (the first: "Shop sales").',
  '1 row repeated the header row and was skipped.',
];

const scenario = {
  name: 'How the file was read',
  checks: (ui) => {
    const { page, url, shot, expectVisible, header, expectNoPageErrors } = ui;
    const notes = () => page.getByRole('region', { name: 'How the file was read' });
    const expectNotes = async () => {
      await expectVisible(notes());
      const items = await notes().getByRole('listitem').allTextContents();
      if (items.join('|') !== NOTES.join('|')) throw new Error(`the notes say: ${items.join(' | ')}`);
    };
    return [
      [
        'an export with a title and its header row twice uploads whole, and says so',
        async () => {
          await page.goto(url);
          await page.getByRole('button', { name: 'Get Started' }).click();
          await page.locator('input[type="file"]').setInputFiles(exportFile());
          // the notes toast as the upload answers, while the analysis runs
          await expectVisible(page.locator('.Toastify').getByText(NOTES[0]));
          await expectVisible(page.getByRole('heading', { name: 'Dataset Overview' }));
          for (const name of ['day', 'region', 'amount']) await expectVisible(header(name));
          await expectVisible(page.getByText(`Showing 10 of ${2 * HALF} rows`));
        },
      ],
      [
        'the Upload step keeps the notes above the preview, after a reload too',
        async () => {
          await page.getByRole('button', { name: '1 Upload (completed)' }).click();
          await expectNotes();
          await shot('60-read-notes');
          await page.reload();
          await expectNotes();
        },
      ],
      [
        'the notes speak the language chosen',
        async () => {
          await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
          const notes = page.getByRole('region', { name: 'So wurde die Datei gelesen' });
          await expectVisible(
            notes.getByText('2 Zeilen über der Kopfzeile gehörten nicht zur Tabelle und wurden übersprungen (die erste: „Shop sales“).'),
          );
          await expectVisible(notes.getByText('1 Zeile wiederholte die Kopfzeile und wurde übersprungen.'));
          expectNoPageErrors();
        },
      ],
    ];
  },
};

export default scenario;
