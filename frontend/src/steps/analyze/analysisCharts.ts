import type { FeatureTargetTest } from '../../api/analysis';
import type { StoredAnalysis } from './analysisRun';

/** SPEC §2: how many items each chart shows. */
export const CHART_LIMITS = {
  vif: 20,
  missingPairs: 10,
  cramersPairs: 12,
  featureTarget: 20,
} as const;

/** VIF above 10 is high multicollinearity; 5 to 10 needs attention. */
export const VIF_HIGH = 10;
export const VIF_ATTENTION = 5;

export interface VifItem {
  column: string;
  /** null for an infinite VIF (perfect collinearity). */
  vif: number | null;
}

export interface PairItem {
  first: string;
  second: string;
  value: number;
}

export interface FeatureTargetItem {
  column: string;
  score: number;
  test: FeatureTargetTest;
  pValue: number | null;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function vifLevel(vif: number | null): 'high' | 'attention' | 'ok' {
  if (vif === null || vif > VIF_HIGH) return 'high';
  if (vif >= VIF_ATTENTION) return 'attention';
  return 'ok';
}

/** The top 20 VIFs, largest first; infinite ones lead. */
export function topVif(analysis: Pick<StoredAnalysis, 'vif' | 'vif_infinite'>, limit: number = CHART_LIMITS.vif): VifItem[] {
  const infinite = new Set(analysis.vif_infinite);
  return Object.entries(analysis.vif)
    .flatMap(([column, vif]): VifItem[] => {
      if (infinite.has(column)) return [{ column, vif: null }];
      return isNumber(vif) ? [{ column, vif }] : [];
    })
    .sort((a, b) => (b.vif ?? Number.POSITIVE_INFINITY) - (a.vif ?? Number.POSITIVE_INFINITY))
    .slice(0, limit);
}

/** The bar length that stands for an infinite VIF: longer than every finite one. */
export function infiniteVifBar(items: readonly VifItem[]): number {
  const finite = items.map((item) => item.vif).filter(isNumber);
  return Math.max(VIF_HIGH * 1.5, ...finite) * 1.15;
}

/** Rows by how many of their fields are missing, in order of that count. */
export function rowsByMissingCount(histogram: number[][]): { missing: number; rows: number }[] {
  return histogram
    .flatMap(([missing, rows]) => (isNumber(missing) && isNumber(rows) ? [{ missing, rows }] : []))
    .sort((a, b) => a.missing - b.missing);
}

/**
 * Column pairs that go missing together: the correlation of their missing-value indicators,
 * each pair once, only positive ones, highest first.
 */
export function coMissingPairs(
  correlations: StoredAnalysis['missing_patterns']['pairwise_missing_corr'],
  limit: number = CHART_LIMITS.missingPairs,
): PairItem[] {
  const columns = Object.keys(correlations);
  const pairs: PairItem[] = [];
  columns.forEach((first, i) => {
    for (const second of columns.slice(i + 1)) {
      const value = correlations[first]?.[second] ?? correlations[second]?.[first];
      if (isNumber(value) && value > 0) pairs.push({ first, second, value });
    }
  });
  return pairs.sort((a, b) => b.value - a.value).slice(0, limit);
}

/** The strongest categorical associations by Cramér's V. */
export function topCramersPairs(pairs: StoredAnalysis['cat_assoc_pairs'], limit: number = CHART_LIMITS.cramersPairs): PairItem[] {
  return pairs
    .filter((pair) => isNumber(pair.cramers_v))
    .map((pair) => ({ first: pair.col1, second: pair.col2, value: pair.cramers_v }))
    .sort((a, b) => b.value - a.value)
    .slice(0, limit);
}

/** The features most associated with the target, strongest first. */
export function topFeatureTarget(
  assoc: StoredAnalysis['feature_target_assoc'],
  limit: number = CHART_LIMITS.featureTarget,
): FeatureTargetItem[] {
  return Object.entries(assoc ?? {})
    .filter(([, entry]) => isNumber(entry.score))
    .map(([column, entry]) => ({ column, score: entry.score, test: entry.test, pValue: entry.p_value }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
