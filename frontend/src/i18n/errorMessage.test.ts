import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { errorKey, errorMessage } from './errorMessage';
import { i18n } from './i18n';

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

  it('shows the server text for an unknown code or no code', () => {
    expect(errorMessage(new ApiError('Something new', { code: 'brand_new' }), t)).toBe('Something new');
    expect(errorMessage(new ApiError('Failed to fetch'), t)).toBe('Failed to fetch');
  });

  it('uses the fallback for anything that is not an API error', () => {
    expect(errorMessage(new SyntaxError('bad'), t, 'Failed to upload file')).toBe('Failed to upload file');
    expect(errorMessage(new SyntaxError('bad'), t)).toBe('bad');
  });
});
