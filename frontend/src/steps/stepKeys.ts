/**
 * The pipeline's step table, in order (SPEC §2). A step's id is its place here, counted from 1:
 * the number the step bar shows, the key of its result in the session, and the `step_id`
 * the server keeps its snapshot under. Its name is the locale key `steps.<key>`. Each entry says
 * what the step does to the data (`kind`) and whether its screen has a column-specific settings
 * card; the lists of transforming and column-settings steps are derived from it. The table
 * that gives each step its screen is `PIPELINE_STEPS` (app/pipelineSteps.tsx); this one
 * stays apart from it so that a step screen can read ids without importing the others.
 */
export const STEP_TABLE = [
  { key: 'upload', kind: 'data' },
  { key: 'analyze', kind: 'data' },
  { key: 'missing', kind: 'transform', columnSettings: true },
  { key: 'outliers', kind: 'transform', columnSettings: true },
  { key: 'encoding', kind: 'transform', columnSettings: true },
  { key: 'correlation', kind: 'transform' },
  { key: 'scaling', kind: 'transform', columnSettings: true },
  { key: 'training', kind: 'model' },
  { key: 'evaluation', kind: 'model' },
  { key: 'optimization', kind: 'model' },
] as const satisfies readonly StepEntry[];

/** What a step does to the data: reads it in, changes it (a recipe step), or models it. */
export type StepKind = 'data' | 'transform' | 'model';

interface StepEntry {
  key: string;
  kind: StepKind;
  /** The screen has a column-specific settings card; its texts are `<key>.columns.info` and `.empty`. */
  columnSettings?: true;
}

type Entry = (typeof STEP_TABLE)[number];

export type StepKey = Entry['key'];

/** The transforming steps (3–7); each has its texts under its key (`missing.title`, …). */
export type TransformKey = Extract<Entry, { kind: 'transform' }>['key'];

/** The steps with a column-specific settings card. */
export type ColumnSettingsStep = Extract<Entry, { columnSettings: true }>['key'];

export const STEP_KEYS: readonly StepKey[] = STEP_TABLE.map((step) => step.key);

export const STEP_COUNT = STEP_TABLE.length;

export function stepId(key: StepKey): number {
  return STEP_KEYS.indexOf(key) + 1;
}

/** SPEC §9: a finished optimization is recorded under this id, past the steps the bar shows. */
export const OPTIMIZATION_RECORD_ID = 12;
