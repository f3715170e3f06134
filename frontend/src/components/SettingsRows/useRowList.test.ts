import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRowList } from './useRowList';

type Row = { column: string; method: string };

describe('useRowList', () => {
  it('keys each added row with a new id, and never gives an id again', () => {
    const { result } = renderHook(() => useRowList<Row>());
    act(() => result.current.add({ column: 'age', method: 'standard' }));
    act(() => result.current.add({ column: 'income', method: 'minmax' }));
    act(() => result.current.remove(2));
    act(() => result.current.add({ column: 'score', method: 'robust' }));
    expect(result.current.rows).toEqual([
      { column: 'age', method: 'standard', id: 1 },
      { column: 'score', method: 'robust', id: 3 },
    ]);
  });

  it('changes only the row with the id, and keeps its id when its column changes', () => {
    const { result } = renderHook(() => useRowList<Row>());
    act(() => result.current.add({ column: 'age', method: 'standard' }));
    act(() => result.current.add({ column: 'income', method: 'minmax' }));
    act(() => result.current.update(1, { column: 'height' }));
    expect(result.current.rows).toEqual([
      { column: 'height', method: 'standard', id: 1 },
      { column: 'income', method: 'minmax', id: 2 },
    ]);
    act(() => result.current.update(9, { method: 'robust' }));
    expect(result.current.rows.map((row) => row.method)).toEqual(['standard', 'minmax']);
  });
});
