import type { DetectOutliersRequest, OutlierDetection, OutlierMethod, OutlierStrategy, RemoveOutliersRequest } from '../../api/transforms';
import { columnsOfKind, type ColumnKinds } from '../common/columnKinds';

export const OUTLIER_METHODS: readonly OutlierMethod[] = ['iqr', 'zscore', 'auto'];
export const OUTLIER_STRATEGIES: readonly OutlierStrategy[] = ['remove', 'nan', 'cap', 'impute_median', 'impute_mean'];

/** SPEC §5: the factor is a number, step 0.1, from 0.1 to 10. */
export const FACTOR_FIELD = { min: 0.1, max: 10, step: 0.1 } as const;

export interface DetectionSettings {
  method: OutlierMethod;
  /** Null while the field does not hold a valid factor. */
  factor: number | null;
}

export interface RemovalSettings extends DetectionSettings {
  strategy: OutlierStrategy;
}

/** SPEC §9 defaults: IQR, factor 1.5, remove. */
export const DEFAULT_DETECTION: DetectionSettings = { method: 'iqr', factor: 1.5 };
export const DEFAULT_STRATEGY: OutlierStrategy = 'remove';

export interface OutlierRow extends RemovalSettings {
  column: string;
}

/** SPEC §5: column configs only for numeric columns (the server's kinds; a kind not known yet is offered). */
export function outlierCandidates(columns: readonly string[], kinds: ColumnKinds): string[] {
  return columnsOfKind(columns, kinds, ['numeric']);
}

/** The live detection's request: the global method and factor, each configured column's own; null while a factor is not valid. */
export function detectionRequest(detection: DetectionSettings, rows: readonly OutlierRow[]): DetectOutliersRequest | null {
  if (detection.factor === null || rows.some((row) => row.factor === null)) return null;
  const request: DetectOutliersRequest = { method: detection.method, factor: detection.factor };
  if (rows.length > 0) {
    request.column_configs = Object.fromEntries(
      rows.map((row) => [row.column, { method: row.method, factor: row.factor ?? detection.factor ?? 0 }]),
    );
  }
  return request;
}

export function removalRequest(removal: RemovalSettings): RemoveOutliersRequest | null {
  if (removal.factor === null) return null;
  return { strategy: removal.strategy, method: removal.method, factor: removal.factor };
}

/** Only the configured columns, each with its own strategy, method and factor; null while a factor is not valid. */
export function columnRemovalRequest(rows: readonly OutlierRow[], removal: RemovalSettings): RemoveOutliersRequest | null {
  if (rows.some((row) => row.factor === null)) return null;
  return {
    strategy: removal.strategy,
    method: removal.method,
    factor: removal.factor ?? DEFAULT_DETECTION.factor ?? 1.5,
    column_configs: Object.fromEntries(
      rows.map((row) => [row.column, { strategy: row.strategy, method: row.method, factor: row.factor ?? 0 }]),
    ),
  };
}

export interface OutlierBar {
  column: string;
  count: number;
  lower: number | null;
  upper: number | null;
  method: string;
}

/** The columns with outliers, most first, for the chart. */
export function outlierBars(detection: OutlierDetection): OutlierBar[] {
  return Object.entries(detection.outliers)
    .filter(([, entry]) => entry.count > 0)
    .map(([column, entry]) => ({ column, ...entry }))
    .sort((a, b) => b.count - a.count);
}

/** SPEC: a removal of more than this share of the rows is confirmed first. */
export const CONFIRM_REMOVAL_SHARE = 0.1;

/**
 * How many rows the global removal will remove, read from the live detection: known when it
 * removes rows with the detection's own method and factor, and no column has settings of its
 * own (those change what the detection counts); null otherwise.
 */
export function rowsToRemove(
  detection: OutlierDetection | null,
  removal: RemovalSettings,
  detectionSettings: DetectionSettings,
  configuredColumns: number,
  rows: number | undefined,
): number | null {
  if (detection === null || rows === undefined || removal.strategy !== 'remove' || configuredColumns > 0) return null;
  if (removal.method !== detectionSettings.method || removal.factor !== detectionSettings.factor) return null;
  return Math.round((detection.percentage * rows) / 100);
}

export function needsRemovalConfirmation(removed: number | null, rows: number | undefined): boolean {
  return removed !== null && rows !== undefined && rows > 0 && removed > rows * CONFIRM_REMOVAL_SHARE;
}
