import type { ColumnKind } from '../../api/dataset';

/** The server's kind of each column of the current frame (`column_kinds`); null until it has answered. */
export type ColumnKinds = Readonly<Record<string, ColumnKind>> | null;

/**
 * The columns of one of the `offered` kinds, in order. A column whose kind is not known yet
 * (the server has not answered) is offered: the server decides when the step runs.
 */
export function columnsOfKind(columns: readonly string[], kinds: ColumnKinds, offered: readonly ColumnKind[]): string[] {
  return columns.filter((column) => {
    const kind = kinds?.[column];
    return kind === undefined || offered.includes(kind);
  });
}
