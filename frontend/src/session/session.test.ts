import { describe, expect, it } from 'vitest';
import {
  canOpenStep,
  completeStep,
  completeSteps,
  completeTaskStep,
  emptySession,
  openStep,
  stepStatus,
  withAnalysis,
  withChangedData,
  withoutResultsAfter,
} from './session';

describe('the step-bar click rule', () => {
  it('opens steps at or before the current step, and completed ones', () => {
    const session = completeStep(completeStep(emptySession(), 1), 2);
    expect(session.currentStep).toBe(3);
    expect([1, 2, 3, 4, 10].map((id) => canOpenStep(session, id))).toEqual([true, true, true, false, false]);

    const back = openStep(session, 1);
    expect(back.currentStep).toBe(1);
    // step 2 was completed and step 3 reached: looking back takes neither away
    expect([1, 2, 3, 4].map((id) => canOpenStep(back, id))).toEqual([true, true, true, false]);
  });

  it('keeps Evaluation and Optimization reachable after a look at an earlier step', () => {
    let session = emptySession();
    for (let id = 1; id <= 9; id += 1) session = completeStep(session, id);
    expect(session.currentStep).toBe(10);
    const looked = [2, 3, 4, 5, 6, 7].reduce(openStep, session);
    expect(looked.currentStep).toBe(7);
    expect(looked.stepResults).toBe(session.stepResults);
    expect([8, 9, 10].map((id) => canOpenStep(looked, id))).toEqual([true, true, true]);
    expect(openStep(looked, 10).currentStep).toBe(10);
  });

  it('keeps a first optimization reachable while another step is shown', () => {
    let session = emptySession();
    for (let id = 1; id <= 9; id += 1) session = completeStep(session, id);
    // no step-12 record yet: the optimization runs
    expect(canOpenStep(openStep(session, 8), 10)).toBe(true);
  });

  it('ignores a click on a step that cannot be opened', () => {
    const session = emptySession();
    expect(openStep(session, 4)).toBe(session);
    expect(canOpenStep(session, 0)).toBe(false);
    expect(canOpenStep(session, 11)).toBe(false);
  });

  it('marks steps completed, active or pending', () => {
    const session = openStep(completeStep(completeStep(emptySession(), 1), 2), 1);
    expect([1, 2, 3].map((id) => stepStatus(session, id))).toEqual(['active', 'completed', 'pending']);
  });
});

describe('session changes', () => {
  it('stores results under the step number and advances', () => {
    const session = completeStep(emptySession(), 1, { filename: 'a.csv' });
    expect(session.stepResults).toEqual({ 1: { filename: 'a.csv' } });
    expect(session.currentStep).toBe(2);
  });

  it('completes several steps at once and opens the one after them, as Prepare automatically does', () => {
    const analyzed = completeStep(emptySession(), 1);
    const session = completeSteps(analyzed, { 2: {}, 3: { changes: [] }, 7: { changes: [] } }, 8);
    expect(session.currentStep).toBe(8);
    expect([3, 5, 7].map((id) => stepStatus(session, id))).toEqual(['completed', 'completed', 'completed']);
    expect(canOpenStep(session, 8)).toBe(true);
    expect(canOpenStep(session, 9)).toBe(false);
  });

  it('never advances past the last step', () => {
    expect(completeStep(emptySession(), 10).currentStep).toBe(10);
  });

  it('records the optimization as step 12 (SPEC §9) without breaking the ten-step bar', () => {
    let session = emptySession();
    for (let id = 1; id <= 9; id += 1) session = completeStep(session, id);
    session = completeStep(session, 12, { lastModel: 'SVC' });
    expect(session.currentStep).toBe(10);
    expect(session.stepResults[12]).toEqual({ lastModel: 'SVC' });
    expect([1, 9, 10].map((id) => stepStatus(session, id))).toEqual(['completed', 'completed', 'active']);
    expect([1, 10, 11, 12].map((id) => canOpenStep(session, id))).toEqual([true, true, false, false]);

    const retrained = withoutResultsAfter(session, 8);
    expect(Object.keys(retrained.stepResults)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(stepStatus({ ...retrained, currentStep: 8 }, 9)).toBe('pending');
    expect(stepStatus({ ...retrained, currentStep: 8 }, 10)).toBe('pending');
  });

  it('invalidates every step after a change of the data, and the optimization record with them', () => {
    let session = emptySession();
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9, 12]) session = completeStep(session, id, { id });
    const back = openStep(session, 4);
    const changed = withChangedData(back);

    expect(Object.keys(changed.stepResults)).toEqual(['1', '2', '3', '4']);
    expect([4, 5, 8, 9, 10].map((id) => stepStatus(changed, id))).toEqual(['active', 'pending', 'pending', 'pending', 'pending']);
    expect([5, 8].map((id) => canOpenStep(changed, id))).toEqual([false, false]);
    expect(changed.reachedStep).toBe(4);
  });

  it('leaves a session with no later results as it is', () => {
    const session = completeStep(emptySession(), 1);
    expect(withoutResultsAfter(session, 3)).toBe(session);
  });

  it('keeps or forgets the analysis', () => {
    const analysed = withAnalysis(emptySession(), { columns: ['a'], target: null });
    expect(analysed.analysisResults).toEqual({ columns: ['a'], target: null });
    expect(withAnalysis(analysed, null).analysisResults).toBeNull();
  });
});

describe('a long task that ends', () => {
  const at = (step: number) => {
    let session = emptySession();
    for (let id = 1; id < 8; id += 1) session = completeStep(session, id, {});
    return { ...session, currentStep: step };
  };

  it('on its own screen completes its step and moves on', () => {
    const done = completeTaskStep(at(8), 8, { trained_models: ['A'] });
    expect(done.currentStep).toBe(9);
    expect(stepStatus(done, 8)).toBe('completed');
  });

  it('while another step is shown marks its step done and leaves the person where they are', () => {
    const done = completeTaskStep(at(3), 8, { trained_models: ['A'] });
    expect(done.currentStep).toBe(3);
    expect(stepStatus(done, 8)).toBe('completed');
    expect(canOpenStep(done, 9)).toBe(true);
    const optimized = completeTaskStep({ ...done, currentStep: 9 }, 12, { models: {} }, 10);
    expect(optimized.currentStep).toBe(9);
    expect(optimized.stepResults[12]).toEqual({ models: {} });
    expect(completeTaskStep({ ...done, currentStep: 10 }, 12, { models: {} }, 10).currentStep).toBe(10);
  });
});
