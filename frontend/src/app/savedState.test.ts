import { describe, expect, it } from 'vitest';
import { restoreState, saveSession, SESSION_STORAGE_KEY, VIEW_STORAGE_KEY } from './savedState';
import { completeStep, emptySession, type Session } from './session';

const started: Session = {
  ...completeStep(emptySession(), 1),
  columns: ['a', 'b'],
  currentData: [[1, null]],
  uploadedFile: { name: 'data.csv', size: 2048 },
  sessionId: 'abc',
};

describe('restoring the saved state', () => {
  it('starts at the welcome view when nothing is saved', () => {
    expect(restoreState()).toEqual({ view: 'welcome', session: emptySession() });
  });

  it('restores the pipeline with the saved session', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(started));
    expect(restoreState()).toEqual({ view: 'pipeline', session: started });
  });

  it('opens an empty pipeline when the view is saved but no session yet', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    expect(restoreState()).toEqual({ view: 'pipeline', session: emptySession() });
  });

  it.each([
    ['not JSON', '{"currentStep": 2,'],
    ['the wrong shape', JSON.stringify({ ...started, currentStep: 'two' })],
    ['rows that are not lists', JSON.stringify({ ...started, currentData: [1, 2] })],
    ['a step out of range', JSON.stringify({ ...started, currentStep: 42 })],
  ])('clears both saved items when the session is %s', (_, raw) => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, raw);
    expect(restoreState()).toEqual({ view: 'welcome', session: emptySession() });
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('saving the session', () => {
  it('saves once beyond step 1 or once there is a session id', () => {
    saveSession(emptySession());
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    saveSession({ ...emptySession(), sessionId: 'abc' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ sessionId: 'abc' });

    saveSession(started);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(started);
  });

  it('forgets the saved session once it is back at its start', () => {
    saveSession(started);
    saveSession(emptySession());
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
