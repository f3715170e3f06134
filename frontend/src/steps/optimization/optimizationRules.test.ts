import { describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../api/models';
import { optimizationRun, optimizeAnswer } from '../../test/optimizationRuns';
import {
  applicableEdits,
  CV_FOLDS,
  DEFAULT_SETTINGS,
  ITERATIONS,
  optimizationProblems,
  optimizeRequest,
  readOptimizationRecord,
  searchParams,
  usesIterations,
  withOptimizedModel,
  withPickedRun,
} from './optimizationRules';

const forest: CatalogModel = {
  name: 'RandomForestClassifier',
  problem_type: 'classification',
  row_limit: null,
  scaled_target: false,
  search_space: {
    grid: { n_estimators: [100, 200], max_depth: [null, 10] },
    distributions: {
      n_estimators: { distribution: 'randint', low: 50, high: 300 },
      learning_rate: { distribution: 'loguniform', low: 0.01, high: 0.5 },
      subsample: { distribution: 'uniform', low: 0.5, high: 1 },
      max_features: { choices: ['sqrt', null] },
    },
  },
};

describe('defaults and limits', () => {
  it('start with grid search, 5 folds and 20 iterations', () => {
    expect(DEFAULT_SETTINGS).toEqual({ model: '', method: 'grid_search', cvFolds: 5, nIterations: 20 });
    expect(CV_FOLDS).toMatchObject({ min: 2, max: 10 });
    expect(ITERATIONS).toMatchObject({ min: 1, max: 200 });
  });

  it('asks for iterations only for random and Bayesian search', () => {
    expect(['grid_search', 'random_search', 'bayesian'].map((method) => usesIterations(method as 'bayesian'))).toEqual([false, true, true]);
  });
});

describe('optimizationProblems and optimizeRequest', () => {
  it('needs a model, and iterations where they are used', () => {
    expect(optimizationProblems(DEFAULT_SETTINGS)).toEqual(['noModel']);
    const chosen = { ...DEFAULT_SETTINGS, model: 'SVC' };
    expect(optimizationProblems({ ...chosen, nIterations: null })).toEqual([]);
    expect(optimizationProblems({ ...chosen, method: 'random_search', nIterations: null })).toEqual(['iterations']);
  });

  it('sends every field, with defaults for empty ones', () => {
    expect(optimizeRequest({ model: 'SVC', method: 'bayesian', cvFolds: null, nIterations: 8 })).toEqual({
      selected_model: 'SVC',
      optimization_method: 'bayesian',
      cv_folds: 5,
      n_iterations: 8,
    });
  });
});

describe('searchParams', () => {
  it('lists the grid for grid search', () => {
    expect(searchParams(forest, 'grid_search')).toEqual([
      { name: 'n_estimators', kind: 'values', values: [100, 200] },
      { name: 'max_depth', kind: 'values', values: [null, 10] },
    ]);
  });

  it('lists the distributions, with their scales, for random and Bayesian search', () => {
    expect(searchParams(forest, 'random_search')).toEqual([
      { name: 'n_estimators', kind: 'range', low: 50, high: 300, scale: 'integer' },
      { name: 'learning_rate', kind: 'range', low: 0.01, high: 0.5, scale: 'log' },
      { name: 'subsample', kind: 'range', low: 0.5, high: 1, scale: 'linear' },
      { name: 'max_features', kind: 'values', values: ['sqrt', null] },
    ]);
  });

  it('is empty when the model or its space is missing', () => {
    expect(searchParams(undefined, 'grid_search')).toEqual([]);
    expect(searchParams({ ...forest, search_space: { grid: {}, distributions: {} } }, 'bayesian')).toEqual([]);
  });
});

describe('the optimization record', () => {
  const result = optimizeAnswer(optimizationRun({ selected_model: 'SVC', run_id: 1 }));

  it('keeps which run each optimized model uses, and the model optimized last', () => {
    const first = withOptimizedModel(readOptimizationRecord(undefined), result);
    const second = withOptimizedModel(first, { ...result, selected_model: 'LogisticRegression', run_id: 1 });
    expect(second).toEqual({ models: { SVC: { pickedRun: 1 }, LogisticRegression: { pickedRun: 1 } }, lastModel: 'LogisticRegression' });
    // a worse run is kept by the server but not used; the person may pick it later
    const worse = withOptimizedModel(second, { ...result, run_id: 2, picked: false });
    expect(worse.models.SVC).toEqual({ pickedRun: 1 });
    expect(worse.lastModel).toBe('SVC');
    expect(withPickedRun(worse, 'SVC', 2).models.SVC).toEqual({ pickedRun: 2 });
  });

  it('reads a saved record, and a record of scores saved before the server kept runs as none', () => {
    const saved = withOptimizedModel(readOptimizationRecord(null), result);
    expect(readOptimizationRecord(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
    const old = {
      models: { SVC: { bestScore: 0.9, bestParams: { C: 1 }, baselineScore: 0.85, primaryMetric: 'accuracy', method: 'grid_search' } },
      lastModel: 'SVC',
    };
    expect(readOptimizationRecord(old)).toEqual({ models: {}, lastModel: null });
    expect(readOptimizationRecord('corrupt')).toEqual({ models: {}, lastModel: null });
  });

  it('sends only the edits of the parameters the chosen search tries', () => {
    const params = searchParams(forest, 'grid_search');
    const edits = { max_depth: { choices: [10] }, min_samples_split: { low: 2, high: 4 } };
    expect(optimizeRequest({ ...DEFAULT_SETTINGS, model: 'RandomForestClassifier' }, applicableEdits(edits, params)).search_space).toEqual({
      max_depth: { choices: [10] },
    });
    expect(optimizeRequest({ ...DEFAULT_SETTINGS, model: 'RandomForestClassifier' }, {})).not.toHaveProperty('search_space');
  });
});
