import type { PreparedResult } from '../../api/transforms';
import type { AppliedChange } from '../common/stepResult';
import { STEP_TABLE, stepId } from '../stepKeys';

/** The transforming steps' ids (3–7): the ones "Prepare automatically" completes together. */
const TRANSFORM_IDS = STEP_TABLE.filter((step) => step.kind === 'transform').map((step) => stepId(step.key));

/**
 * Each of steps 3–7's result after the recipe was prepared automatically: a screen the server
 * recorded steps for lists the change (as 'automatic'), the others none, as a step continued
 * without a change does.
 */
export function preparedStepResults(prepared: PreparedResult): Record<number, { changes: AppliedChange[] }> {
  const recorded = new Set(prepared.screens.map((screen) => screen.step_id));
  const change: AppliedChange = { action: 'automatic', message: prepared.message, shape: prepared.shape };
  return Object.fromEntries(TRANSFORM_IDS.map((id) => [id, { changes: recorded.has(id) ? [change] : [] }]));
}
