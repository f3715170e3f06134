import { describe, expect, it } from 'vitest';
import { columnScaleRequest, globalScaleRequest, scalingCandidates, SKIPPED_RESULT } from './scalingRules';

describe('scaling candidates', () => {
  const columns = ['n', 'text85', 'flag', 'name', 'target'];
  // the server's candidates over the full frame: text85 is 85 % numbers there, whatever the preview shows
  const scalable = ['n', 'text85', 'target'];

  it('takes the columns the server finds scalable', () => {
    expect(scalingCandidates(columns, scalable, '')).toEqual(['n', 'text85', 'target']);
  });

  it('never takes the target', () => {
    expect(scalingCandidates(columns, scalable, 'target')).toEqual(['n', 'text85']);
    expect(scalingCandidates(columns, scalable, 'n')).toEqual(['text85', 'target']);
  });

  it('offers every column but the target until the server has answered', () => {
    expect(scalingCandidates(columns, null, 'target')).toEqual(['n', 'text85', 'flag', 'name']);
  });

  it('finds none when the server finds none', () => {
    expect(scalingCandidates(['name'], [], '')).toEqual([]);
  });
});

describe('scaling requests', () => {
  it('send the method and the target to leave out, or a method per column', () => {
    expect(globalScaleRequest('robust', 'y')).toEqual({ method: 'robust', target_column: 'y' });
    expect(globalScaleRequest('standard', '')).toEqual({ method: 'standard' });
    expect(
      columnScaleRequest(
        [
          { column: 'a', method: 'minmax' },
          { column: 'b', method: 'robust' },
        ],
        '',
      ),
    ).toEqual({
      method: 'standard',
      column_specific_settings: { a: 'minmax', b: 'robust' },
    });
  });

  it('completes a skipped step with skipped true', () => {
    expect(SKIPPED_RESULT).toEqual({ skipped: true });
  });
});
