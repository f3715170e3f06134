/**
 * The pipeline's steps in order (SPEC §2). A step's id is its place here, counted from 1:
 * the number the step bar shows, the key of its result in the session, and the `step_id`
 * the server keeps its snapshot under. Its name is the locale key `steps.<key>`. The table
 * that gives each step its screen is `PIPELINE_STEPS` (app/pipelineSteps.tsx); this list
 * stays apart from it so that a step screen can read ids without importing the others.
 */
export const STEP_KEYS = [
  'upload',
  'analyze',
  'missing',
  'outliers',
  'encoding',
  'correlation',
  'scaling',
  'training',
  'evaluation',
  'optimization',
] as const;

export type StepKey = (typeof STEP_KEYS)[number];

export const STEP_COUNT = STEP_KEYS.length;

export function stepId(key: StepKey): number {
  return STEP_KEYS.indexOf(key) + 1;
}

/** SPEC §9: a finished optimization is recorded under this id, past the steps the bar shows. */
export const OPTIMIZATION_RECORD_ID = 12;
