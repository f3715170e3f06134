import type { QualitySummary } from '../../api/analysis';
import type { StoredAnalysis } from './analysisRun';
import { formatDecimal, formatMegabytes } from '../../i18n/format';
import type { QualityTone } from '../../components/ToneCue/ToneCue';

/** SPEC §2: the quality card shows 100 when the analysis has no score. */
export const DEFAULT_QUALITY_SCORE = 100;

/** SPEC §2: the notes name the first three constant and high-cardinality columns. */
export const NOTE_NAME_COUNT = 3;

export interface OverviewCards {
  rows: number;
  columns: number;
  totalMissing: number;
  /** Memory in MB, two decimals. */
  memoryMb: string;
  /** 0–100. */
  qualityScore: number;
}

/** The quality score to show: the summary's score within 0–100, else 100. */
export function qualityScore(quality: Partial<QualitySummary> | null | undefined): number {
  const score = quality?.score;
  if (typeof score !== 'number' || !Number.isFinite(score)) return DEFAULT_QUALITY_SCORE;
  return Math.min(100, Math.max(0, Math.round(score)));
}

/** The colour band of the score bar, at the same cut-offs as the metric colours (0.8 and 0.6). */
export function qualityLevel(score: number): QualityTone {
  if (score >= 80) return 'good';
  if (score >= 60) return 'fair';
  return 'poor';
}

/** The five Dataset Overview cards. */
export function overviewCards(analysis: StoredAnalysis): OverviewCards {
  return {
    rows: analysis.shape[0] ?? 0,
    columns: analysis.shape[1] ?? analysis.columns.length,
    totalMissing: Object.values(analysis.missing_values).reduce((sum, count) => sum + count, 0),
    memoryMb: formatMegabytes(analysis.memory),
    qualityScore: qualityScore(analysis.quality),
  };
}

/** The quality note's missing share as a percentage to one decimal (missingPct is a fraction). */
export function missingPercent(missingFraction: number | undefined): string {
  const fraction = typeof missingFraction === 'number' && Number.isFinite(missingFraction) ? missingFraction : 0;
  return formatDecimal(fraction * 100, 1);
}

/** The first names of a list for a note, and how many more there are. */
export function firstNames(names: readonly string[], count: number = NOTE_NAME_COUNT): { shown: string[]; more: number } {
  return { shown: names.slice(0, count), more: Math.max(0, names.length - count) };
}

/**
 * The columns to suggest dropping: the id-like and constant ones that are still columns of
 * the data, each once; never a target (Analyze's choice or the session target).
 */
export function dropSuggestion(
  quality: Pick<QualitySummary, 'idLikeCols' | 'constantCols'>,
  columns: readonly string[],
  targets: readonly (string | null)[],
): string[] {
  const names = [...new Set([...quality.idLikeCols, ...quality.constantCols])];
  return names.filter((name) => columns.includes(name) && !targets.includes(name));
}
