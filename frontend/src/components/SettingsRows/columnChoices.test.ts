import { describe, expect, it } from 'vitest';
import { columnChoices, nextFreeColumn } from './columnChoices';

describe('settings row column choices', () => {
  const candidates = ['a', 'b', 'c', 'd'];
  const rows = [{ column: 'a' }, { column: 'c' }];

  it('exclude columns other rows have taken, but keep the row its own', () => {
    expect(columnChoices(candidates, rows)).toEqual(['b', 'd']);
    expect(columnChoices(candidates, rows, 'c')).toEqual(['b', 'c', 'd']);
  });

  it('keep a row its column even when it is no longer a candidate', () => {
    expect(columnChoices(['b'], [{ column: 'z' }], 'z')).toEqual(['z', 'b']);
  });

  it('give a new row the first free column, or none', () => {
    expect(nextFreeColumn(candidates, rows)).toBe('b');
    expect(nextFreeColumn(['a'], [{ column: 'a' }])).toBeNull();
    expect(nextFreeColumn([], [])).toBeNull();
  });
});
