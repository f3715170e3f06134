import type { CategoricalMissingStrategy, DropStrategy, MissingRequest, NumericMissingStrategy } from '../../api/transforms';
import type { ColumnKind } from '../../api/dataset';

export const NUMERIC_STRATEGIES: readonly NumericMissingStrategy[] = ['mean', 'median', 'zero', 'ffill', 'bfill'];
export const CATEGORICAL_STRATEGIES: readonly CategoricalMissingStrategy[] = ['mode', 'constant', 'ffill', 'bfill'];
export const DROP_STRATEGIES: readonly DropStrategy[] = ['none', 'rows', 'columns'];
export const DEFAULT_FILL_VALUE = 'unknown';

export type ColumnStrategy = NumericMissingStrategy | CategoricalMissingStrategy;

export interface GlobalMissingSettings {
  strategy: NumericMissingStrategy;
  catStrategy: CategoricalMissingStrategy;
  fillValue: string;
  dropStrategy: DropStrategy;
  /** The missing share above which a row or column is dropped; null while the field is not valid. */
  dropThreshold: number | null;
}

/** SPEC §9 defaults: mean, mode, 'unknown', no drop (threshold 0: any missing value). */
export const DEFAULT_GLOBAL_SETTINGS: GlobalMissingSettings = {
  strategy: 'mean',
  catStrategy: 'mode',
  fillValue: DEFAULT_FILL_VALUE,
  dropStrategy: 'none',
  dropThreshold: 0,
};

export interface MissingRow {
  column: string;
  strategy: ColumnStrategy;
  fillValue: string;
}

/**
 * SPEC §5: numeric columns (the server's kind, `undefined` until it has answered) offer mean,
 * median, zero, ffill, bfill; others mode, constant, ffill, bfill.
 */
export function strategiesFor(kind: ColumnKind | undefined): readonly ColumnStrategy[] {
  return kind === 'numeric' ? NUMERIC_STRATEGIES : CATEGORICAL_STRATEGIES;
}

/** The strategy a row keeps when its column changes: its own if the new column offers it, else the first offered. */
export function strategyForColumn(current: ColumnStrategy, kind: ColumnKind | undefined): ColumnStrategy {
  const offered = strategiesFor(kind);
  return offered.includes(current) ? current : (offered[0] ?? current);
}

/** A fill value field shows for the constant strategy. */
export function needsFillValue(strategy: ColumnStrategy): boolean {
  return strategy === 'constant';
}

/**
 * The columns a row may configure (SPEC §5): every column, except, when the counts are
 * known, those without missing values.
 */
export function missingCandidates(columns: readonly string[], missingValues: Record<string, number> | null): string[] {
  if (missingValues === null) return [...columns];
  return columns.filter((column) => (missingValues[column] ?? 1) > 0);
}

export function newRow(column: string, kind: ColumnKind | undefined): MissingRow {
  return { column, strategy: strategiesFor(kind)[0] ?? 'mode', fillValue: DEFAULT_FILL_VALUE };
}

/** The global request, or null while the drop threshold is not a valid share. */
export function globalRequest(settings: GlobalMissingSettings): MissingRequest | null {
  if (settings.dropStrategy !== 'none' && settings.dropThreshold === null) return null;
  return {
    strategy: settings.strategy,
    cat_strategy: settings.catStrategy,
    fill_value: settings.fillValue,
    drop_strategy: settings.dropStrategy,
    drop_threshold: settings.dropStrategy === 'none' ? 0 : (settings.dropThreshold ?? 0),
  };
}

/**
 * The column-specific request: each row's column and strategy, and its fill value for
 * constant. The global fields the contract requires go along at their defaults; the server
 * ignores them when column settings are given.
 */
export function columnRequest(rows: readonly MissingRow[]): MissingRequest {
  return {
    strategy: DEFAULT_GLOBAL_SETTINGS.strategy,
    cat_strategy: DEFAULT_GLOBAL_SETTINGS.catStrategy,
    fill_value: DEFAULT_FILL_VALUE,
    drop_strategy: 'none',
    drop_threshold: 0,
    column_specific_settings: rows.map((row) => ({
      column: row.column,
      strategy: row.strategy,
      ...(needsFillValue(row.strategy) ? { fillValue: row.fillValue } : {}),
    })),
  };
}

export interface MissingSummaryNumbers {
  total: number;
  columnsWithMissing: number;
  columns: number;
  rows: number;
  /** Missing cells as a percentage of all cells. */
  percent: number;
}

/** The numbers of the summary cards. */
export function missingSummary(info: { missingValues: Record<string, number>; shape: number[] }): MissingSummaryNumbers {
  const counts = Object.values(info.missingValues);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const [rows = 0, columns = 0] = info.shape;
  const cells = rows * columns;
  return {
    total,
    columnsWithMissing: counts.filter((count) => count > 0).length,
    columns,
    rows,
    percent: cells > 0 ? (total / cells) * 100 : 0,
  };
}
