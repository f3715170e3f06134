/**
 * The columns a settings row may choose: the candidates no other row has taken, and the
 * row's own column (SPEC §5: choices exclude already configured columns).
 */
export function columnChoices(candidates: readonly string[], rows: readonly { column: string }[], own?: string): string[] {
  const taken = new Set(rows.map((row) => row.column).filter((column) => column !== own));
  const choices = candidates.filter((column) => !taken.has(column));
  return own !== undefined && !choices.includes(own) ? [own, ...choices] : choices;
}

/** The first candidate no row has taken, for a new row; null when every one is taken. */
export function nextFreeColumn(candidates: readonly string[], rows: readonly { column: string }[]): string | null {
  return columnChoices(candidates, rows)[0] ?? null;
}
