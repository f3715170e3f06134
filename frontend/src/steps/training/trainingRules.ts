import type { CatalogModel } from '../../api/models';
import type { DetectedProblemType, ProblemType, RequestedProblemType, TrainRequest, ValidationMethod } from '../../api/training';

/** The names of the catalogue's models per problem type, in the catalogue's order (SPEC §9). */
export type ModelLists = Record<ProblemType, readonly string[]>;

/** Groups `GET /api/model-catalog/` by problem type; the catalogue is the one list of models. */
export function modelLists(catalog: readonly Pick<CatalogModel, 'name' | 'problem_type'>[]): ModelLists {
  const lists: Record<ProblemType, string[]> = { classification: [], regression: [], clustering: [] };
  for (const model of catalog) lists[model.problem_type].push(model.name);
  return lists;
}

export const PROBLEM_TYPES: readonly RequestedProblemType[] = ['classification', 'regression', 'clustering', 'auto'];
export const VALIDATION_METHODS: readonly ValidationMethod[] = ['train_test', 'cross_validation'];

/** SPEC §5 and §9: test size 0.1 to 0.5 in steps of 0.05, default 0.2; CV folds 3 to 10, default 5. */
export const TEST_SIZE = { min: 0.1, max: 0.5, step: 0.05, default: 0.2 } as const;
export const CV_FOLDS = { min: 3, max: 10, step: 1, default: 5 } as const;

/** Train the chosen models, or find the best model of the catalogue within a time budget. */
export type TrainingMode = TrainRequest['mode'];
export const TRAINING_MODES: readonly TrainingMode[] = ['selected', 'best'];
/** The time budgets (seconds) a search may be given: 30 s to 1 h, by default 2 minutes. */
export const TIME_BUDGETS: readonly number[] = [30, 60, 120, 300, 600, 1800, 3600];
const DEFAULT_TIME_BUDGET = 120;

export interface TrainingSettings {
  problemType: RequestedProblemType;
  /** '' for none (clustering). */
  target: string;
  models: string[];
  validationMethod: ValidationMethod;
  /** Null while the field holds no valid number. */
  testSize: number | null;
  cvFolds: number | null;
  /**
   * The target for which the person chose the problem type themself; while it is the
   * target, the type no longer follows the type detected for it.
   */
  typeChosenFor: string | null;
  mode: TrainingMode;
  /** Seconds, one of `TIME_BUDGETS`. */
  timeBudget: number;
}

/** SPEC §4: classification with the first two classifiers, a train/test split of 0.2, 5 folds. */
export function defaultSettings(lists: ModelLists): TrainingSettings {
  return {
    problemType: 'classification',
    target: '',
    models: modelsFor([], lists.classification),
    validationMethod: 'train_test',
    testSize: TEST_SIZE.default,
    cvFolds: CV_FOLDS.default,
    typeChosenFor: null,
    mode: 'selected',
    timeBudget: DEFAULT_TIME_BUDGET,
  };
}

/**
 * The settings kept from the last visit (`Session.trainingSettings`), checked field by field
 * against what they may hold now; what does not fit falls back to its default, and models
 * that left the catalogue are dropped. The target is not kept: it follows the session target.
 */
export function restoredSettings(saved: Record<string, unknown> | null, lists: ModelLists): TrainingSettings {
  const defaults = defaultSettings(lists);
  if (saved === null) return defaults;
  const problemType = PROBLEM_TYPES.find((type) => type === saved.problemType) ?? defaults.problemType;
  const known = Object.values(lists).flat();
  const models = Array.isArray(saved.models)
    ? saved.models.filter((model): model is string => typeof model === 'string' && known.includes(model))
    : [];
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    problemType,
    target: '',
    models: models.length > 0 ? models : modelsFor([], lists[catalogueType(problemType, undefined)]),
    validationMethod: VALIDATION_METHODS.find((method) => method === saved.validationMethod) ?? defaults.validationMethod,
    testSize: number(saved.testSize) ?? defaults.testSize,
    cvFolds: number(saved.cvFolds) ?? defaults.cvFolds,
    typeChosenFor: typeof saved.typeChosenFor === 'string' ? saved.typeChosenFor : null,
    mode: TRAINING_MODES.find((mode) => mode === saved.mode) ?? defaults.mode,
    timeBudget: TIME_BUDGETS.find((budget) => budget === saved.timeBudget) ?? defaults.timeBudget,
  };
}

/**
 * The catalogue the models are chosen from: the type itself, or for auto-detect the type the
 * server detects for the target (`detected`), classification until it has answered.
 */
export function catalogueType(problemType: RequestedProblemType, detected: ProblemType | undefined): ProblemType {
  return problemType === 'auto' ? (detected ?? 'classification') : problemType;
}

/** SPEC §4: the selection kept when some of it belongs to the list, else the list's first two. */
export function modelsFor(selected: readonly string[], catalogue: readonly string[]): string[] {
  const kept = selected.filter((model) => catalogue.includes(model));
  return kept.length > 0 ? kept : catalogue.slice(0, 2);
}

/** The model list follows the catalogue of the type, for auto-detect the type `detected` for the target. */
export function withDetectedType(settings: TrainingSettings, detected: ProblemType | undefined, lists: ModelLists): TrainingSettings {
  return { ...settings, models: modelsFor(settings.models, lists[catalogueType(settings.problemType, detected)]) };
}

/** SPEC §4: a new problem type; clustering clears the target, and the model list follows the type. */
export function withProblemType(
  settings: TrainingSettings,
  problemType: RequestedProblemType,
  detected: ProblemType | undefined,
  lists: ModelLists,
): TrainingSettings {
  const target = problemType === 'clustering' ? '' : settings.target;
  return withDetectedType({ ...settings, problemType, target }, detected, lists);
}

/** A problem type the person chose themself for the target: it stays, whatever is detected. */
export function withChosenProblemType(
  settings: TrainingSettings,
  problemType: RequestedProblemType,
  detected: ProblemType | undefined,
  lists: ModelLists,
): TrainingSettings {
  return { ...withProblemType(settings, problemType, detected, lists), typeChosenFor: settings.target };
}

/**
 * The settings once the server has detected the target's type: auto-detect's model list
 * follows it, and so does a classification or regression the person did not choose for
 * this target (SPEC's default classification stands only until a target is chosen).
 */
export function withDetection(settings: TrainingSettings, detected: DetectedProblemType, lists: ModelLists): TrainingSettings {
  const found = detected.problem_type;
  if (settings.problemType === 'auto') return withDetectedType(settings, found, lists);
  if (!followsDetection(settings, detected) || settings.problemType === found) return settings;
  return withProblemType(settings, found, found, lists);
}

function followsDetection(settings: TrainingSettings, detected: DetectedProblemType): boolean {
  return (
    settings.target !== '' &&
    detected.target_column === settings.target &&
    settings.typeChosenFor !== settings.target &&
    (settings.problemType === 'classification' || settings.problemType === 'regression') &&
    detected.problem_type !== 'clustering'
  );
}

/** The type detected for the target when the type shown follows it: the note the person can overrule. */
export function detectedTypeNote(settings: TrainingSettings, detected: DetectedProblemType | undefined): ProblemTypeSuggestion | null {
  const type = settings.problemType;
  if (detected === undefined || !followsDetection(settings, detected) || detected.problem_type !== type) return null;
  if (type !== 'classification' && type !== 'regression') return null;
  return { problemType: type, target: detected.target_column, distinctValues: detected.distinct_values };
}

export function toggleModel(models: readonly string[], model: string, on: boolean): string[] {
  if (on) return models.includes(model) ? [...models] : [...models, model];
  return models.filter((name) => name !== model);
}

export type TrainingProblem = 'noModel' | 'noTarget' | 'testSize' | 'cvFolds';

/**
 * The mode training runs in: a search needs a target, so clustering trains the chosen models
 * whatever mode was chosen before it.
 */
export function trainingMode(settings: TrainingSettings): TrainingMode {
  return settings.problemType === 'clustering' ? 'selected' : settings.mode;
}

/**
 * SPEC §5: what keeps the settings from training; the train button is disabled while any is
 * found. A search takes every model and cross-validates, so only its folds are checked.
 */
export function trainingProblems(settings: TrainingSettings): TrainingProblem[] {
  const problems: TrainingProblem[] = [];
  const searching = trainingMode(settings) === 'best';
  if (!searching && settings.models.length === 0) problems.push('noModel');
  if (settings.problemType === 'clustering') return problems;
  if (settings.target === '') problems.push('noTarget');
  if (!searching && settings.validationMethod === 'train_test') {
    const size = settings.testSize;
    if (size === null || size < TEST_SIZE.min || size > TEST_SIZE.max) problems.push('testSize');
  } else {
    const folds = settings.cvFolds;
    if (folds === null || !Number.isInteger(folds) || folds < CV_FOLDS.min || folds > CV_FOLDS.max) problems.push('cvFolds');
  }
  return problems;
}

/**
 * The request of SPEC §7: clustering sends no target, validation method, test size or folds;
 * a search sends its mode and time budget instead of the models.
 */
export function trainRequest(settings: TrainingSettings): TrainRequest {
  if (settings.problemType === 'clustering') {
    // the server gives the three fields it ignores for clustering their defaults
    return { model_names: settings.models, problem_type: 'clustering' } as TrainRequest;
  }
  const request = {
    target_column: settings.target,
    problem_type: settings.problemType,
    test_size: settings.testSize ?? TEST_SIZE.default,
    cv_folds: settings.cvFolds ?? CV_FOLDS.default,
  };
  if (trainingMode(settings) === 'best') {
    // the server cross-validates every catalogue model; the method and models are not sent
    return { ...request, validation_method: 'cross_validation', mode: 'best', time_budget: settings.timeBudget };
  }
  // the server gives the time budget, which only a search takes, its default
  return { model_names: settings.models, ...request, validation_method: settings.validationMethod, mode: 'selected' } as TrainRequest;
}

/** A problem type to suggest instead of the chosen one. */
export interface ProblemTypeSuggestion {
  problemType: 'classification' | 'regression';
  target: string;
  distinctValues: number;
}

/**
 * The type auto-detect finds for the target when it differs from the chosen classification
 * or regression (a float target with many values under classification); null otherwise.
 */
export function problemTypeSuggestion(settings: TrainingSettings, detected: DetectedProblemType | undefined): ProblemTypeSuggestion | null {
  if (detected === undefined || detected.target_column !== settings.target || settings.target === '') return null;
  if (settings.problemType !== 'classification' && settings.problemType !== 'regression') return null;
  const found = detected.problem_type;
  if ((found !== 'classification' && found !== 'regression') || found === settings.problemType) return null;
  return { problemType: found, target: detected.target_column, distinctValues: detected.distinct_values };
}
