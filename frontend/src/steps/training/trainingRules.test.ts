import { describe, expect, it } from 'vitest';
import { catalogModel, TEST_CATALOG } from '../../test/catalog';
import {
  CV_FOLDS,
  defaultSettings,
  detectedTypeNote,
  modelLists,
  modelsFor,
  problemTypeSuggestion,
  restoredSettings,
  TEST_SIZE,
  trainingProblems,
  trainRequest,
  withChosenProblemType,
  withDetectedType,
  withDetection,
  withProblemType,
  type TrainingSettings,
} from './trainingRules';

const LISTS = modelLists(TEST_CATALOG);
const settings = (change: Partial<TrainingSettings> = {}): TrainingSettings => ({ ...defaultSettings(LISTS), target: 'y', ...change });

describe('defaults and catalogue', () => {
  it('start with classification, the first two classifiers, train_test 0.2, 5 folds', () => {
    expect(defaultSettings(LISTS)).toEqual({
      problemType: 'classification',
      target: '',
      models: ['LogisticRegression', 'RandomForestClassifier'],
      validationMethod: 'train_test',
      testSize: 0.2,
      cvFolds: 5,
      typeChosenFor: null,
      mode: 'selected',
      timeBudget: 120,
    });
    expect(TEST_SIZE).toEqual({ min: 0.1, max: 0.5, step: 0.05, default: 0.2 });
    expect(CV_FOLDS).toEqual({ min: 3, max: 10, step: 1, default: 5 });
  });

  it("groups the server's catalogue by problem type in its order, so a new model needs no change here", () => {
    const lists = modelLists([...TEST_CATALOG, catalogModel('NewForestClassifier', 'classification')]);
    expect(lists).toEqual({
      classification: ['LogisticRegression', 'RandomForestClassifier', 'SVC', 'NewForestClassifier'],
      regression: ['LinearRegression', 'RandomForestRegressor', 'Ridge'],
      clustering: ['KMeans', 'DBSCAN', 'Birch'],
    });
    expect(defaultSettings(modelLists([catalogModel('OnlyOne', 'classification')])).models).toEqual(['OnlyOne']);
  });
});

describe('switching the problem type', () => {
  it('to clustering clears the target and resets the models to the first two clusterers', () => {
    const next = withProblemType(settings(), 'clustering', 'classification', LISTS);
    expect(next.target).toBe('');
    expect(next.models).toEqual(['KMeans', 'DBSCAN']);
  });

  it('to regression keeps the target', () => {
    const next = withProblemType(settings(), 'regression', 'classification', LISTS);
    expect(next.target).toBe('y');
    expect(next.models).toEqual(['LinearRegression', 'RandomForestRegressor']);
  });

  it('keeps the selected models that belong to the new list', () => {
    const next = withProblemType(settings({ models: ['SVC'] }), 'auto', 'classification', LISTS);
    expect(next.models).toEqual(['SVC']);
  });

  it('with auto-detect, follows the type the server detects, classification until it answers', () => {
    expect(withProblemType(settings(), 'auto', 'regression', LISTS).models).toEqual(['LinearRegression', 'RandomForestRegressor']);
    expect(withProblemType(settings({ models: ['Ridge'] }), 'auto', undefined, LISTS).models).toEqual([
      'LogisticRegression',
      'RandomForestClassifier',
    ]);
    expect(withDetectedType(settings({ problemType: 'auto' }), 'regression', LISTS).models).toEqual([
      'LinearRegression',
      'RandomForestRegressor',
    ]);
    expect(withDetectedType(settings({ problemType: 'auto', models: ['SVC'] }), 'classification', LISTS).models).toEqual(['SVC']);
  });

  it('keeps the models of a chosen type whatever the detection finds', () => {
    expect(withDetectedType(settings({ problemType: 'classification', models: ['SVC'] }), 'regression', LISTS).models).toEqual(['SVC']);
  });
});

describe('modelsFor', () => {
  it('resets to the first two of the list only when none of the selected belong to it', () => {
    expect(modelsFor(['KMeans', 'SVC', 'Ridge'], LISTS.classification)).toEqual(['SVC']);
    expect(modelsFor(['KMeans'], LISTS.regression)).toEqual(['LinearRegression', 'RandomForestRegressor']);
    expect(modelsFor([], LISTS.clustering)).toEqual(['KMeans', 'DBSCAN']);
  });
});

describe('trainingProblems', () => {
  it('needs at least one model', () => {
    expect(trainingProblems(settings({ models: [] }))).toEqual(['noModel']);
  });

  it('needs a target unless clustering', () => {
    expect(trainingProblems(settings({ target: '' }))).toEqual(['noTarget']);
    expect(trainingProblems(settings({ problemType: 'clustering', target: '', models: ['KMeans'] }))).toEqual([]);
  });

  it('takes a test size from 0.1 to 0.5', () => {
    for (const testSize of [0.1, 0.2, 0.35, 0.5]) expect(trainingProblems(settings({ testSize }))).toEqual([]);
    for (const testSize of [0.05, 0.55, null]) expect(trainingProblems(settings({ testSize }))).toEqual(['testSize']);
  });

  it('takes 3 to 10 whole CV folds when cross-validating', () => {
    const cv = (cvFolds: number | null) => settings({ validationMethod: 'cross_validation', cvFolds, testSize: null });
    for (const folds of [3, 5, 10]) expect(trainingProblems(cv(folds))).toEqual([]);
    for (const folds of [2, 11, 4.5, null]) expect(trainingProblems(cv(folds))).toEqual(['cvFolds']);
  });

  it('needs no models, test size or method to find the best model, only whole folds', () => {
    const best = (change: Partial<TrainingSettings>) => settings({ mode: 'best', models: [], testSize: null, ...change });
    expect(trainingProblems(best({}))).toEqual([]);
    expect(trainingProblems(best({ cvFolds: 2 }))).toEqual(['cvFolds']);
    expect(trainingProblems(best({ target: '' }))).toEqual(['noTarget']);
    // clustering trains the chosen models whatever the mode
    expect(trainingProblems(best({ problemType: 'clustering', target: '' }))).toEqual(['noModel']);
  });

  it('ignores the validation settings for clustering', () => {
    expect(trainingProblems(settings({ problemType: 'clustering', models: ['KMeans'], testSize: null, cvFolds: null }))).toEqual([]);
  });
});

describe('trainRequest', () => {
  it('sends every field, or only the models and type for clustering', () => {
    expect(trainRequest(settings({ validationMethod: 'cross_validation', cvFolds: 4 }))).toEqual({
      model_names: ['LogisticRegression', 'RandomForestClassifier'],
      target_column: 'y',
      problem_type: 'classification',
      validation_method: 'cross_validation',
      test_size: 0.2,
      cv_folds: 4,
      mode: 'selected',
    });
    expect(trainRequest(settings({ problemType: 'clustering', target: '', models: ['KMeans'] }))).toEqual({
      model_names: ['KMeans'],
      problem_type: 'clustering',
    });
  });

  it('finds the best model with the time budget and folds, cross-validating, without a model list', () => {
    expect(trainRequest(settings({ mode: 'best', timeBudget: 30, cvFolds: 3, validationMethod: 'train_test' }))).toEqual({
      target_column: 'y',
      problem_type: 'classification',
      validation_method: 'cross_validation',
      test_size: 0.2,
      cv_folds: 3,
      mode: 'best',
      time_budget: 30,
    });
    expect(trainRequest(settings({ mode: 'best', problemType: 'clustering', target: '', models: ['KMeans'] }))).toEqual({
      model_names: ['KMeans'],
      problem_type: 'clustering',
    });
  });
});

describe('the problem type suggestion', () => {
  const detected = (problem_type: 'classification' | 'regression' | 'clustering', target_column = 'y') => ({
    target_column,
    problem_type,
    distinct_values: 812,
  });

  it('suggests the detected type when it differs from the chosen classification or regression', () => {
    expect(problemTypeSuggestion(settings(), detected('regression'))).toEqual({
      problemType: 'regression',
      target: 'y',
      distinctValues: 812,
    });
    expect(problemTypeSuggestion(settings({ problemType: 'regression' }), detected('classification'))).toEqual({
      problemType: 'classification',
      target: 'y',
      distinctValues: 812,
    });
  });

  it('suggests nothing when the types agree, for another target, for auto-detect or clustering, or before detection', () => {
    expect(problemTypeSuggestion(settings(), detected('classification'))).toBeNull();
    expect(problemTypeSuggestion(settings(), detected('regression', 'other'))).toBeNull();
    expect(problemTypeSuggestion(settings({ problemType: 'auto' }), detected('regression'))).toBeNull();
    expect(problemTypeSuggestion(settings({ problemType: 'clustering', target: '' }), detected('regression', ''))).toBeNull();
    expect(problemTypeSuggestion(settings(), detected('clustering'))).toBeNull();
    expect(problemTypeSuggestion(settings(), undefined)).toBeNull();
  });
});

describe('the type follows the detection', () => {
  const detected = (problem_type: 'classification' | 'regression', target_column = 'y') => ({
    target_column,
    problem_type,
    distinct_values: 288,
  });

  it("sets a chosen target's detected type, with its models and a note, until the person chooses a type", () => {
    const followed = withDetection(settings(), detected('regression'), LISTS);
    expect(followed).toMatchObject({ problemType: 'regression', models: ['LinearRegression', 'RandomForestRegressor'] });
    expect(detectedTypeNote(followed, detected('regression'))).toEqual({ problemType: 'regression', target: 'y', distinctValues: 288 });

    const forced = withChosenProblemType(followed, 'classification', 'regression', LISTS);
    expect(forced).toMatchObject({ problemType: 'classification', typeChosenFor: 'y' });
    expect(withDetection(forced, detected('regression'), LISTS)).toBe(forced);
    expect(detectedTypeNote(forced, detected('regression'))).toBeNull();
    expect(problemTypeSuggestion(forced, detected('regression'))).toMatchObject({ problemType: 'regression' });

    // a new target's detection is followed again
    const other = { ...forced, target: 'z' };
    expect(withDetection(other, detected('regression', 'z'), LISTS).problemType).toBe('regression');
  });

  it('waits for the detection of the target shown, and leaves clustering alone', () => {
    expect(withDetection(settings(), detected('regression', 'other'), LISTS).problemType).toBe('classification');
    const clustering = settings({ problemType: 'clustering', target: '' });
    expect(withDetection(clustering, detected('regression', ''), LISTS)).toBe(clustering);
  });
});

describe('restoredSettings', () => {
  const lists = { classification: ['LogisticRegression', 'SVC', 'Tree'], regression: ['Ridge', 'Lasso'], clustering: ['KMeans'] };

  it('keeps the model choice and validation of the last visit', () => {
    const saved = {
      problemType: 'regression',
      target: 'price',
      models: ['Lasso'],
      validationMethod: 'cross_validation',
      testSize: 0.3,
      cvFolds: 7,
      typeChosenFor: 'price',
      mode: 'best',
      timeBudget: 600,
    };
    expect(restoredSettings(saved, lists)).toEqual({
      problemType: 'regression',
      target: '',
      models: ['Lasso'],
      validationMethod: 'cross_validation',
      testSize: 0.3,
      cvFolds: 7,
      typeChosenFor: 'price',
      mode: 'best',
      timeBudget: 600,
    });
  });

  it('falls back to the defaults for what no longer fits', () => {
    const saved = { problemType: 'ranking', models: ['Gone'], validationMethod: 'loo', testSize: 'big', mode: 'all', timeBudget: 45 };
    expect(restoredSettings(saved, lists)).toEqual(defaultSettings(lists));
    expect(restoredSettings(null, lists)).toEqual(defaultSettings(lists));
  });
});
