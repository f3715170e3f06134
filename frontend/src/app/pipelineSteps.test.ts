import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { OPTIMIZATION_RECORD_ID, STEP_COUNT, STEP_KEYS, stepId } from '../steps/stepKeys';
import { PIPELINE_STEPS, pipelineStep } from './pipelineSteps';

describe('the step table', () => {
  it('numbers the steps 1 to 10 in their order, keeping the ids sessions and snapshots are stored under', () => {
    expect(PIPELINE_STEPS.map((step) => [step.id, step.key])).toEqual([
      [1, 'upload'],
      [2, 'analyze'],
      [3, 'missing'],
      [4, 'outliers'],
      [5, 'encoding'],
      [6, 'correlation'],
      [7, 'scaling'],
      [8, 'training'],
      [9, 'evaluation'],
      [10, 'optimization'],
    ]);
    expect(STEP_COUNT).toBe(10);
    expect(STEP_KEYS.map(stepId)).toEqual(PIPELINE_STEPS.map((step) => step.id));
  });

  it('marks steps 3 to 7 as the transforms, and keeps the optimization record past the last step', () => {
    expect(PIPELINE_STEPS.filter((step) => step.kind === 'transform').map((step) => step.id)).toEqual([3, 4, 5, 6, 7]);
    expect(PIPELINE_STEPS.map((step) => step.kind)).toEqual([
      'data',
      'data',
      'transform',
      'transform',
      'transform',
      'transform',
      'transform',
      'model',
      'model',
      'model',
    ]);
    expect(OPTIMIZATION_RECORD_ID).toBeGreaterThan(STEP_COUNT);
  });

  it('gives every step a screen of its own and a name under steps.<key>', () => {
    expect(new Set(PIPELINE_STEPS.map((step) => step.Component)).size).toBe(STEP_COUNT);
    expect(PIPELINE_STEPS.map((step) => en.steps[step.key])).toEqual([
      'Upload',
      'Analyze',
      'Missing values',
      'Outliers',
      'Encoding',
      'Correlation',
      'Scaling',
      'Training',
      'Evaluation',
      'Optimization',
    ]);
    expect(Object.keys(en.steps)).toEqual([...STEP_KEYS]);
  });

  it('finds a step by its id, and none outside the pipeline', () => {
    expect(pipelineStep(8)?.key).toBe('training');
    expect([pipelineStep(0), pipelineStep(11), pipelineStep(OPTIMIZATION_RECORD_ID)]).toEqual([undefined, undefined, undefined]);
  });
});
