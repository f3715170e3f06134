import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './optimizationRules';
import { restoredOptimizationSettings } from './savedSettings';

const MODELS = ['LogisticRegression', 'RandomForestClassifier'];

describe('the optimization settings kept from the last visit', () => {
  it('come back as they were', () => {
    const saved = { model: 'RandomForestClassifier', method: 'random_search', cvFolds: 3, nIterations: 40 };
    expect(restoredOptimizationSettings(saved, MODELS, 'LogisticRegression')).toEqual(saved);
  });

  it('start at the defaults and the model optimized last when none are kept', () => {
    expect(restoredOptimizationSettings(null, MODELS, null)).toEqual(DEFAULT_SETTINGS);
    expect(restoredOptimizationSettings(null, MODELS, 'LogisticRegression')).toEqual({ ...DEFAULT_SETTINGS, model: 'LogisticRegression' });
  });

  it('take the default of each field that does not fit any more', () => {
    const saved = { model: 'SVC', method: 'annealing', cvFolds: 11, nIterations: 2.5 };
    expect(restoredOptimizationSettings(saved, MODELS, 'SVC')).toEqual(DEFAULT_SETTINGS);
    expect(restoredOptimizationSettings({ cvFolds: '3', nIterations: null }, MODELS, null)).toEqual(DEFAULT_SETTINGS);
  });
});
