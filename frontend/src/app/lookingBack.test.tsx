import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../test/api';
import { frame } from '../test/steps';
import { TEST_METRIC_CATALOG } from '../test/metricCatalog';
import { TRAINING_SUMMARY, NO_CHARTS } from '../test/training';
import { OPTIMIZATION_RECORD_ID } from '../steps/stepKeys';
import { completeStep, emptySession, openStep, type Session } from '../session/session';
import { App, createQueryClient } from './App';
import { SESSION_STORAGE_KEY, VIEW_STORAGE_KEY } from './savedState';

vi.mock('../components/charts/Plot', () => ({ default: () => null }));

const TABLE = frame(['age', 'member'], [[30, true]], { age: 'int64', member: 'bool' }, { age: 1 });
const EVALUATION = {
  ...TRAINING_SUMMARY,
  message: 'Model evaluation completed',
  results: ['LogisticRegression', 'RandomForestClassifier'].map((model) => ({
    model,
    metrics: { accuracy: 0.8 },
    error: null,
    train_seconds: 0.1,
    sampling: [],
    fold_scores: null,
    charts: NO_CHARTS,
  })),
};
const TRAINED = {
  done: true,
  models: ['LogisticRegression', 'RandomForestClassifier'],
  bestModel: 'RandomForestClassifier',
  target: 'member',
  problemType: 'classification',
};

/** A session trained and shown its evaluation, as the page saves it. */
function trainedSession(optimized = false): Session {
  let session: Session = { ...emptySession(), sessionId: 's1', uploadedFile: { name: 'people.csv', size: 10 } };
  for (let id = 1; id <= 8; id += 1) session = completeStep(session, id, id === 8 ? TRAINED : { changes: [] });
  if (!optimized) return session;
  const record = { models: { LogisticRegression: { pickedRun: 1 } }, lastModel: 'LogisticRegression' };
  return { ...session, stepResults: { ...session.stepResults, [OPTIMIZATION_RECORD_ID]: record } };
}

function loadPage(session: Session, routes: Parameters<typeof stubApi>[0] = {}) {
  localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session, columns: TABLE.columns, currentData: TABLE.data }));
  const api = stubApi({
    'GET /api/get-session-data/': () => json({ ...TABLE, target_column: 'member', snapshot_steps: [3] }),
    'POST /api/evaluate-models/': () => json(EVALUATION),
    'GET /api/metric-catalog/': () => json(TEST_METRIC_CATALOG),
    'GET /api/model-catalog/': () => json({ models: [] }),
    'GET /api/progress/': () => json({}),
    ...routes,
  });
  render(<App queryClient={createQueryClient()} />);
  return api;
}

const stepButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^\\d+ ${name} \\(`) });

describe('looking back after training', () => {
  it('keeps Evaluation reachable after a look at an earlier step, also after a reload, and shows no stray toast there', async () => {
    loadPage(trainedSession());
    await screen.findByRole('article', { name: 'RandomForestClassifier' });
    // the evaluation of a training that ended before the page loaded is no news
    expect(screen.queryByText('Model evaluation completed')).toBeNull();

    fireEvent.click(stepButton('Missing values'));
    await screen.findByRole('heading', { name: 'Missing values', level: 1 });
    expect(stepButton('Evaluation')).toHaveProperty('disabled', false);

    cleanup();
    loadPage(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Session);
    await screen.findByRole('heading', { name: 'Missing values', level: 1 });
    expect(stepButton('Evaluation')).toHaveProperty('disabled', false);
    fireEvent.click(stepButton('Evaluation'));
    await screen.findByRole('article', { name: 'RandomForestClassifier' });
  });

  it('asks before an undo that would discard the trained and optimized models, and Cancel keeps them', async () => {
    const api = loadPage(openStep(trainedSession(true), 3), {
      'POST /api/undo-step/': () => json({ ...TABLE, message: 'Undone.' }),
    });
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveProperty('disabled', false));
    fireEvent.click(undo);
    const dialog = await screen.findByRole('dialog', { name: 'Discard the trained models?' });
    expect(dialog.textContent).toContain(
      'the trained models (LogisticRegression, RandomForestClassifier), their evaluation and the optimized models (LogisticRegression) will be removed',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the results' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.routes()).not.toContain('POST /api/undo-step/');
    expect(stepButton('Evaluation')).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change and discard' }));
    await screen.findAllByText('Undo completed — step restored.');
    expect(stepButton('Evaluation')).toHaveProperty('disabled', true);
  });

  it('asks before applying a step, and sends nothing when the results are kept', async () => {
    const api = loadPage(openStep(trainedSession(), 3));
    const global = (await screen.findByRole('button', { name: 'Apply global settings' })).closest('section') as HTMLElement;
    fireEvent.change(within(global).getByRole('combobox', { name: 'Numeric columns' }), { target: { value: 'median' } });
    fireEvent.click(within(global).getByRole('button', { name: 'Apply global settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the trained models?' });
    expect(dialog.textContent).toContain(
      'the trained models (LogisticRegression, RandomForestClassifier) and their evaluation will be removed',
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.routes().filter((route) => route.startsWith('POST') && route !== 'POST /api/evaluate-models/')).toEqual([]);
  });

  it('asks before removing the uploaded file, and Cancel keeps it with its results', async () => {
    loadPage(openStep(trainedSession(), 1));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard the trained models?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('people.csv')).toBeTruthy();
    expect(stepButton('Evaluation')).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change and discard' }));
    expect(await screen.findByText('Upload your dataset')).toBeTruthy();
    expect(stepButton('Evaluation')).toHaveProperty('disabled', true);
  });
});
