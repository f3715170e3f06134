import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { errorKey, errorMessage } from './errorMessage';
import { chooseLanguage, i18n } from './i18n';

describe('errorMessage', () => {
  const t = i18n.t.bind(i18n);

  it('maps a snake_case code to its key', () => {
    expect(errorKey('no_dataset')).toBe('errors.noDataset');
  });

  it('translates a known code with its params', async () => {
    const error = new ApiError('Unknown columns: a, b', { code: 'unknown_columns', params: { columns: ['a', 'b'] } });
    expect(errorMessage(error, t)).toBe('Unknown columns: a, b');
    await i18n.changeLanguage('en');
    const noSnapshot = new ApiError('No snapshot exists for step 3.', { code: 'no_snapshot', params: { step_id: 3 } });
    expect(errorMessage(noSnapshot, t)).toBe('No snapshot exists for step 3.');
  });

  it('translates the upload and storage refusals, with numbers written per language', async () => {
    const cells = new ApiError('server text', { code: 'too_many_cells', params: { cells: 12_000_000, max_cells: 10_000_000 } });
    expect(errorMessage(cells, t)).toBe(
      'The first sheet spans 12,000,000 cells (rows × columns from its first to its last used cell), more than the 10,000,000 a spreadsheet may have; save the data as CSV, or delete stray cells far from the table.',
    );
    const full = new ApiError('server text', { code: 'store_full', params: { limit_gb: 0.5 } });
    await chooseLanguage('de');
    try {
      expect(errorMessage(cells, t)).toContain('umfasst 12.000.000 Zellen');
      expect(errorMessage(full, t)).toContain('Budget von 0,5 GB');
      for (const code of ['malformed_upload', 'body_too_large', 'header_too_long']) {
        expect(errorMessage(new ApiError('server text', { code, params: { limit_kb: 1024, limit_kib: 64 } }), t)).not.toBe('server text');
      }
    } finally {
      await chooseLanguage('en');
    }
  });

  it('translates the refusals of long tasks in every language', async () => {
    const codes = [
      'task_cancelled',
      'task_running',
      'no_task_running',
      'data_changed_during_training',
      'data_changed_during_optimization',
      'optimization_run_unknown',
      'task_ended',
    ];
    const refusals = codes.map((code) => new ApiError('server text', { code, params: { task: 'training' } }));
    expect(errorMessage(refusals[0], t)).toBe('The task was cancelled.');
    const english = refusals.map((refusal) => errorMessage(refusal, t));
    try {
      for (const language of ['tr', 'ku', 'de', 'es', 'ru', 'fr', 'it'] as const) {
        await chooseLanguage(language);
        const shown = refusals.map((refusal) => errorMessage(refusal, t));
        shown.forEach((text, index) => {
          expect(text).not.toBe('server text');
          expect(text).not.toBe(english[index]);
        });
      }
    } finally {
      await chooseLanguage('en');
    }
  });

  it('shows the server text for an unknown code or no code', () => {
    expect(errorMessage(new ApiError('Something new', { code: 'brand_new' }), t)).toBe('Something new');
    expect(errorMessage(new ApiError('Failed to fetch'), t)).toBe('Failed to fetch');
  });

  it('uses the fallback for anything that is not an API error', () => {
    expect(errorMessage(new SyntaxError('bad'), t, 'Failed to upload file')).toBe('Failed to upload file');
    expect(errorMessage(new SyntaxError('bad'), t)).toBe('bad');
  });
});
