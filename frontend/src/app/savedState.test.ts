import { describe, expect, it } from 'vitest';
import { restoreState, saveSession, SESSION_STORAGE_KEY, VIEW_STORAGE_KEY } from './savedState';
import { completeStep, emptySession, type Session } from '../session/session';

const started: Session = {
  ...completeStep(emptySession(), 1),
  uploadedFile: { name: 'data.csv', size: 2048 },
  sessionId: 'abc',
};
const table = { columns: ['a', 'b'], data: [[1, null]] };
/** As it is kept in localStorage: SPEC §3's fields, the frame's among them. */
const saved = { ...started, columns: table.columns, currentData: table.data };
const nothing = { session: emptySession(), table: { columns: [], data: [] } };

describe('restoring the saved state', () => {
  it('starts at the welcome view when nothing is saved', () => {
    expect(restoreState()).toEqual({ view: 'welcome', ...nothing });
  });

  it('restores the pipeline with the saved session and the frame it showed', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(saved));
    expect(restoreState()).toEqual({ view: 'pipeline', session: started, table });
  });

  it('reads a whole training result saved by an earlier version down to its small record', () => {
    const trained = {
      ...saved,
      stepResults: {
        ...saved.stepResults,
        8: {
          trained_models: ['SVC'],
          best_model: 'SVC',
          target_column: 'y',
          problem_type: 'classification',
          sampling: { SVC: [] },
          dataset_shape: [9, 2],
        },
      },
    };
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(trained));
    expect(restoreState().session.stepResults[8]).toEqual({
      done: true,
      models: ['SVC'],
      bestModel: 'SVC',
      target: 'y',
      problemType: 'classification',
    });
  });

  it('keeps the furthest step reached, and finds it for sessions saved before it was kept', () => {
    const trained = {
      1: {},
      2: {},
      3: {},
      4: {},
      5: {},
      6: {},
      7: {},
      8: { done: true, models: ['SVC'], bestModel: 'SVC', target: 'y', problemType: 'classification' },
    };
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...saved, currentStep: 3, reachedStep: 10, stepResults: trained }));
    expect(restoreState().session).toMatchObject({ currentStep: 3, reachedStep: 10 });

    const older: Record<string, unknown> = { ...saved, currentStep: 3, stepResults: trained };
    delete older.reachedStep;
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(older));
    expect(restoreState().session).toMatchObject({ currentStep: 3, reachedStep: 9 });

    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...saved, currentStep: 3, reachedStep: 99, stepResults: trained }));
    expect(restoreState().session).toMatchObject({ currentStep: 3, reachedStep: 9 });
  });

  it('opens an empty pipeline when the view is saved but no session yet', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    expect(restoreState()).toEqual({ view: 'pipeline', ...nothing });
  });

  it.each([
    ['not JSON', '{"currentStep": 2,'],
    ['the wrong shape', JSON.stringify({ ...saved, currentStep: 'two' })],
    ['rows that are not lists', JSON.stringify({ ...saved, currentData: [1, 2] })],
    ['a step out of range', JSON.stringify({ ...saved, currentStep: 42 })],
  ])('clears both saved items when the session is %s', (_, raw) => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, raw);
    expect(restoreState()).toEqual({ view: 'welcome', ...nothing });
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('saving the session', () => {
  it('saves once beyond step 1 or once there is a session id', () => {
    saveSession(emptySession(), nothing.table);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    saveSession({ ...emptySession(), sessionId: 'abc' }, nothing.table);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ sessionId: 'abc' });

    saveSession(started, table);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(saved);
  });

  it('forgets the saved session once it is back at its start', () => {
    saveSession(started, table);
    saveSession(emptySession(), nothing.table);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
