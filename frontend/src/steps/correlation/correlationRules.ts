import type { CorrelatedPair, CorrelationMethod } from '../../api/transforms';
import { columnsOfKind, type ColumnKinds } from '../common/columnKinds';

/** SPEC §5: threshold from 0 to 1, step 0.01, 0.95 by default. */
export const THRESHOLD_FIELD = { min: 0, max: 1, step: 0.01 } as const;
export const DEFAULT_THRESHOLD = 0.95;
export const CORRELATION_METHODS: readonly CorrelationMethod[] = ['pearson', 'spearman'];
/** The target-correlation chart shows the strongest this many columns. */
export const TARGET_CHART_LIMIT = 20;

/** Which side of a pair is to be dropped; null keeps both. */
export type PairChoice = 'col1' | 'col2' | null;

export function pairKey(pair: CorrelatedPair): string {
  return JSON.stringify([pair.col1, pair.col2]);
}

/** The columns chosen to drop among the listed pairs, each once, in list order. */
export function columnsToDrop(pairs: readonly CorrelatedPair[], choices: Record<string, PairChoice>): string[] {
  const chosen = pairs.flatMap((pair) => {
    const choice = choices[pairKey(pair)];
    return choice ? [pair[choice]] : [];
  });
  return [...new Set(chosen)];
}

/** Targets the correlations can be computed against: numeric or boolean columns (the server's kinds). */
export function targetCandidates(columns: readonly string[], kinds: ColumnKinds): string[] {
  return columnsOfKind(columns, kinds, ['numeric', 'boolean']);
}
