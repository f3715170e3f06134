import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { analysisFixture } from '../test/analysis';
import { frame } from '../test/steps';
import { json, stubApi } from '../test/api';
import { App, createQueryClient } from './App';
import { SESSION_STORAGE_KEY, VIEW_STORAGE_KEY } from './savedState';
import { completeStep, emptySession } from '../session/session';

function renderApp() {
  return render(<App queryClient={createQueryClient()} />);
}

const savedSession = {
  ...completeStep(emptySession(), 1),
  columns: ['city', 'price'],
  currentData: [['Oslo', 12.5]],
  uploadedFile: { name: 'houses.csv', size: 1024 },
  sessionId: 'session-1',
};

const analysis = analysisFixture({ columns: ['city', 'price'], data: [['Oslo', 12.5]] });

describe('App views', () => {
  beforeEach(() => {
    stubApi({ 'GET /api/analyze/': () => json(analysis) });
  });

  it('goes from welcome to the pipeline and remembers the view', () => {
    renderApp();
    expect(screen.getByRole('heading', { name: 'Turn raw tables into trained models' })).toBeVisible();
    for (const title of ['No Code Required', 'Lightning Fast', 'Production Ready']) {
      expect(screen.getByRole('heading', { name: title })).toBeVisible();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(screen.getByText('Upload your dataset')).toBeVisible();
    expect(screen.getByRole('button', { name: '1 Upload (current step)' })).toBeVisible();
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBe('pipeline');
  });

  it('restores the pipeline and its data from localStorage', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(savedSession));
    renderApp();
    expect(screen.getByRole('heading', { name: 'Analyze' })).toBeVisible();
    expect(screen.getByText('Oslo')).toBeVisible();
    expect(screen.getByRole('button', { name: '1 Upload (completed)' })).toHaveProperty('disabled', false);
  });

  it('clears a corrupt saved session and shows the welcome view', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, '{corrupt');
    renderApp();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeVisible();
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('asks before going back, naming what will be lost, and stays when that is cancelled', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(savedSession));
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave this session?' });
    expect(dialog.textContent).toContain('clears the dataset "houses.csv", every change made to it and any trained models');
    // what cannot be undone starts on the safe choice
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBe('pipeline');
  });

  it('goes straight back when no session exists yet', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeVisible();
  });

  it('goes back to welcome and clears the saved view and session once confirmed', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(savedSession));
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear and go back' }));
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeVisible();
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('saves the session when it changes and moves between steps with the step bar', () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(savedSession));
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: '1 Upload (completed)' }));
    expect(screen.getByText('houses.csv')).toBeVisible();
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ currentStep: 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Continue to analysis' }));
    expect(screen.getByRole('heading', { name: 'Analyze' })).toBeVisible();
  });

  it('returns to an empty step 1 when the uploaded file is removed', async () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...savedSession, currentStep: 1 }));
    renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Remove file' }));
    // with no models to lose it asks nothing
    expect(await screen.findByText('Upload your dataset')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '2 Analyze (not started)' })).toHaveProperty('disabled', true);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('completes the analysis and moves to Missing Values with the analysis saved', async () => {
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(savedSession));
    renderApp();
    await screen.findByRole('heading', { name: 'Dataset Overview' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Missing Values' }));
    expect(screen.getByRole('button', { name: '2 Analyze (completed)' })).toBeVisible();
    expect(screen.getByRole('button', { name: '3 Missing values (current step)' })).toBeVisible();
    const saved = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Record<string, Record<string, unknown>>;
    expect(saved.analysisResults).toMatchObject({ columns: ['city', 'price'], quality: analysis.quality });
    expect(saved.analysisResults).not.toHaveProperty('data');
    expect(saved.stepResults?.[2]).toEqual({ target: null, shape: analysis.shape, quality: analysis.quality });
  });

  it('walks the transforming steps: each Continue stores its result and opens the next, up to Training', async () => {
    stubApi({
      'GET /api/analyze/': () => json(analysis),
      'GET /api/get-session-data/': () =>
        json({ ...frame(['city', 'price'], [['Oslo', 12.5]], { city: 'str', price: 'float64' }), filename: 'houses.csv' }),
      'POST /api/detect-outliers/': () =>
        json({ outliers: {}, total: 0, affected_columns: [], percentage: 0, most_flags: null, target_effect: null }),
      'POST /api/correlation-analysis/': () => json({ threshold: 0.95, highly_correlated: [] }),
    });
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...completeStep(savedSession, 2), currentStep: 3 }));
    renderApp();
    const steps = [
      ['Missing values', 'Continue to Outliers'],
      ['Outliers', 'Continue to Encoding'],
      ['Encoding', 'Continue to Correlation'],
      ['Correlation', 'Continue to Scaling'],
    ];
    for (const [title, next] of steps) {
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeVisible();
      fireEvent.click(screen.getByRole('button', { name: next }));
    }
    expect(await screen.findByRole('heading', { name: 'Scaling', level: 1 })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Skip scaling' }));

    expect(screen.getByRole('button', { name: '7 Scaling (completed)' })).toBeVisible();
    expect(screen.getByRole('button', { name: '8 Training (current step)' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Training', level: 1 })).toBeVisible();
    const saved = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { stepResults: Record<string, unknown> };
    expect(saved.stepResults).toMatchObject({
      3: { changes: [] },
      4: { changes: [] },
      5: { changes: [], target_column: null },
      6: { changes: [], threshold: 0.95, dropped_columns: [], target_column: null },
      7: { skipped: true },
    });
  });

  it('shows the session target in the header, only when one is set, and follows the Analyze choice', async () => {
    let target: string | null = null;
    const api = stubApi({
      'GET /api/analyze/': (_, request) => json({ ...analysis, target: new URL(request.url).searchParams.get('target') }),
      'GET /api/get-session-data/': () =>
        json({
          ...frame(['city', 'price'], [['Oslo', 12.5]], { city: 'str', price: 'float64' }),
          filename: 'houses.csv',
          target_column: target,
        }),
      'PUT /api/session-target/': (body) => {
        target = (body as { target_column: string | null }).target_column;
        return json({ target_column: target });
      },
    });
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(savedSession));
    renderApp();
    await screen.findByRole('heading', { name: 'Dataset Overview' });
    await waitFor(() => expect(api.routes()).toContain('GET /api/get-session-data/'));
    expect(screen.queryByText(/^Target:/)).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Target column' }), { target: { value: 'price' } });
    expect(await screen.findByText('Target: price')).toBeVisible();
    fireEvent.change(screen.getByRole('combobox', { name: 'Target column' }), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText(/^Target:/)).toBeNull());
  });

  it('reads the session target of a restored session for the header', async () => {
    stubApi({
      'GET /api/analyze/': () => json(analysis),
      'GET /api/get-session-data/': () =>
        json({
          ...frame(['city', 'price'], [['Oslo', 12.5]], { city: 'str', price: 'float64' }),
          filename: 'houses.csv',
          target_column: 'price',
        }),
    });
    localStorage.setItem(VIEW_STORAGE_KEY, 'pipeline');
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(savedSession));
    renderApp();
    expect(await screen.findByText('Target: price')).toBeVisible();
  });
});
