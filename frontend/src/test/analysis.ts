import type { Analysis } from '../api/analysis';

/** An analysis response for tests: a small dataset with missing values, overridable field by field. */
export function analysisFixture(overrides: Partial<Analysis> = {}): Analysis {
  return {
    columns: ['age', 'income', 'city', 'member'],
    data: [
      [31, 52000.5, 'Oslo', true],
      [null, 48000, null, false],
    ],
    shape: [1200, 4],
    dtypes: { age: 'float64', income: 'float64', city: 'str', member: 'boolean' },
    missing_values: { age: 30, income: 0, city: 12, member: 0 },
    column_kinds: { age: 'numeric', income: 'numeric', city: 'categorical', member: 'boolean' },
    scaling_candidates: ['age', 'income'],
    target: null,
    memory: 3 * 1024 * 1024,
    unique_counts: { age: 60, income: 1100, city: 5, member: 2 },
    column_types: { numeric: ['age', 'income'], categorical: ['city'], boolean: ['member'], datetime: [] },
    missing_patterns: {
      pairwise_missing_corr: {
        age: { age: 1, city: 0.42 },
        city: { age: 0.42, city: 1 },
      },
      row_missing_hist: [
        [0, 1170],
        [1, 18],
        [2, 12],
      ],
    },
    vif: { age: 1.8, income: 1.8 },
    vif_infinite: [],
    distribution_stats: { age: { skew: 0.12 }, income: { skew: 2.345 } },
    cat_assoc_pairs: [{ col1: 'city', col2: 'member', cramers_v: 0.31 }],
    skipped_high_cardinality: [],
    feature_target_assoc: null,
    quality: {
      rows: 1200,
      cols: 4,
      missingPct: 0.00875,
      constantCols: [],
      idLikeCols: [],
      highCardCat: [],
      score: 100,
    },
    sampled_rows: null,
    ...overrides,
  };
}
