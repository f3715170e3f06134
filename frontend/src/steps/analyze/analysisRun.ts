import type { Analysis } from '../../api/analysis';

/** The analysis as the session keeps it: without its preview rows, which the session already holds. */
export type StoredAnalysis = Omit<Analysis, 'data'>;

export function toStoredAnalysis(analysis: Analysis | StoredAnalysis): StoredAnalysis {
  return Object.fromEntries(Object.entries(analysis).filter(([name]) => name !== 'data')) as StoredAnalysis;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * The session's saved analysis when it has the shape this screen reads; anything else (none,
 * or one saved by an older version) counts as no analysis, so it runs again.
 */
export function readStoredAnalysis(saved: Record<string, unknown> | null): StoredAnalysis | null {
  if (
    saved === null ||
    !isStringArray(saved.columns) ||
    !Array.isArray(saved.shape) ||
    !(saved.target === null || typeof saved.target === 'string') ||
    typeof saved.memory !== 'number' ||
    !isRecord(saved.missing_values) ||
    !isRecord(saved.column_types) ||
    !isRecord(saved.missing_patterns) ||
    !isRecord(saved.vif) ||
    !isStringArray(saved.vif_infinite) ||
    !isRecord(saved.distribution_stats) ||
    !Array.isArray(saved.cat_assoc_pairs) ||
    !isRecord(saved.quality)
  ) {
    return null;
  }
  return saved as unknown as StoredAnalysis;
}

export function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, index) => name === b[index]);
}

/**
 * SPEC §4: the analysis runs again when none exists, when the dataset's column list is no
 * longer the one it was computed on, or when the target changes.
 */
export function needsAnalysis(stored: StoredAnalysis | null, columns: readonly string[], target: string | null): boolean {
  return stored === null || !sameColumns(stored.columns, columns) || stored.target !== target;
}
