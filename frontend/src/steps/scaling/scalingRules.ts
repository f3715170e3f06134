import type { ScaleRequest, ScalingMethod } from '../../api/transforms';
import type { AppliedChange } from '../common/stepResult';

export const SCALING_METHODS: readonly ScalingMethod[] = ['standard', 'minmax', 'robust'];
/** SPEC §9: standard by default. */
export const DEFAULT_SCALING_METHOD: ScalingMethod = 'standard';

export interface ScalingRow {
  column: string;
  method: ScalingMethod;
}

/**
 * SPEC §5: the columns that can be scaled, as the server finds them over the full frame
 * (numeric, or at least 80 % of the non-empty values numbers), never the target. Until the
 * server has answered (`scalable` null) every column is offered: the server decides.
 */
export function scalingCandidates(columns: readonly string[], scalable: readonly string[] | null, target: string): string[] {
  return columns.filter((column) => column !== target && (scalable === null || scalable.includes(column)));
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
