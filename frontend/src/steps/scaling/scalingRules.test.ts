import { describe, expect, it } from 'vitest';
import { columnScaleRequest, globalScaleRequest, scalingCandidates, SKIPPED_RESULT } from './scalingRules';

describe('scaling candidates', () => {
  const columns = ['n', 'text80', 'text75', 'flag', 'name', 'target', 'when'];
  const dtypes = { n: 'float64', text80: 'str', text75: 'str', flag: 'bool', name: 'str', target: 'int64', when: 'datetime64[ns]' };
  const rows = [
    [1.5, '1', '1', true, 'ann', 0, '2024-01-01'],
    [2, '2', '2', false, 'bob', 1, '2024-01-02'],
    [null, '3', '3', true, 'cy', 0, '2024-01-03'],
    [4, '4.5', 'x', false, null, 1, '2024-01-04'],
    [5, 'n/a', null, true, 'dee', 0, '2024-01-05'],
  ];

  it('takes numeric columns by dtype and columns whose non-empty values are at least 80 % numbers', () => {
    // text80: 4 of 5 values are numbers; text75: 3 of 4 non-empty values
    expect(scalingCandidates(columns, dtypes, rows, '')).toEqual(['n', 'text80', 'target']);
  });

  it('never takes the target', () => {
    expect(scalingCandidates(columns, dtypes, rows, 'target')).toEqual(['n', 'text80']);
    expect(scalingCandidates(columns, dtypes, rows, 'n')).toEqual(['text80', 'target']);
  });

  it('reads the values when the dtypes are not known', () => {
    expect(scalingCandidates(columns, null, rows, '')).toEqual(['n', 'text80', 'target']);
  });

  it('finds none in a frame without numbers', () => {
    expect(scalingCandidates(['name'], { name: 'str' }, [['ann'], ['bob']], '')).toEqual([]);
  });
});

describe('scaling requests', () => {
  it('send the method and the target to leave out, or a method per column', () => {
    expect(globalScaleRequest('robust', 'y')).toEqual({ method: 'robust', target_column: 'y' });
    expect(globalScaleRequest('standard', '')).toEqual({ method: 'standard' });
    expect(columnScaleRequest([{ column: 'a', method: 'minmax' }, { column: 'b', method: 'robust' }], '')).toEqual({
      method: 'standard',
      column_specific_settings: { a: 'minmax', b: 'robust' },
    });
  });

  it('completes a skipped step with skipped true', () => {
    expect(SKIPPED_RESULT).toEqual({ skipped: true });
  });
});
