/** At most this many columns are drawn in a missing-values chart. */
export const MISSING_CHART_LIMIT = 30;

/** Columns with missing values, most missing first. */
export function missingByColumn(missing: Record<string, number>, limit: number = MISSING_CHART_LIMIT): { column: string; count: number }[] {
  return Object.entries(missing)
    .filter(([, count]) => count > 0)
    .map(([column, count]) => ({ column, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
}
