import { useState } from 'react';

/** A settings row with the id that keys it while its column changes. */
export type Keyed<Row> = Row & { id: number };

/** The rows of a column-specific settings editor. */
export function useRowList<Row extends { column: string }>() {
  const [state, setState] = useState<{ rows: Keyed<Row>[]; nextId: number }>({ rows: [], nextId: 1 });
  return {
    rows: state.rows,
    add: (row: Row) => setState(({ rows, nextId }) => ({ rows: [...rows, { ...row, id: nextId }], nextId: nextId + 1 })),
    update: (id: number, change: Partial<Row>) =>
      setState((current) => ({
        ...current,
        rows: current.rows.map((row) => (row.id === id ? { ...row, ...change } : row)),
      })),
    remove: (id: number) => setState((current) => ({ ...current, rows: current.rows.filter((row) => row.id !== id) })),
  };
}
