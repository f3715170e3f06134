import type { Cell } from '../../api/dataset';
import type { ScaleRequest, ScalingMethod } from '../../api/transforms';
import type { AppliedChange } from '../common/stepResult';
import { columnValues, isNumericDtype, NUMERIC_VALUE_SHARE, numericShare } from '../common/columnKinds';

export const SCALING_METHODS: readonly ScalingMethod[] = ['standard', 'minmax', 'robust'];
/** SPEC §9: standard by default. */
export const DEFAULT_SCALING_METHOD: ScalingMethod = 'standard';

export interface ScalingRow {
  column: string;
  method: ScalingMethod;
}

/**
 * SPEC §5: the columns that can be scaled: numeric by dtype, or at least 80 % of the
 * non-empty preview values numbers; never the target.
 */
export function scalingCandidates(
  columns: readonly string[],
  dtypes: Record<string, string> | null,
  rows: readonly Cell[][],
  target: string,
): string[] {
  return columns.filter(
    (column) =>
      column !== target &&
      (isNumericDtype(dtypes?.[column]) || numericShare(columnValues(columns, rows, column)) >= NUMERIC_VALUE_SHARE),
  );
}

function targetField(target: string): Pick<ScaleRequest, 'target_column'> {
  return target === '' ? {} : { target_column: target };
}

export function globalScaleRequest(method: ScalingMethod, target: string): ScaleRequest {
  return { method, ...targetField(target) };
}

export function columnScaleRequest(rows: readonly ScalingRow[], target: string): ScaleRequest {
  return {
    method: DEFAULT_SCALING_METHOD,
    ...targetField(target),
    column_specific_settings: Object.fromEntries(rows.map((row) => [row.column, row.method])),
  };
}

/** What completing the step stores: the changes made, or that it was skipped (SPEC §4). */
export type ScalingResult = { skipped: true } | { skipped: false; changes: AppliedChange[]; target_column: string | null };

export const SKIPPED_RESULT: ScalingResult = { skipped: true };
