import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorNote } from '../components/ErrorNote/ErrorNote';
import { LiveRegion } from '../components/LiveRegion/LiveRegion';
import { notify } from '../components/notify';
import { i18n } from '../i18n/i18n';
import { json, stubApi } from '../test/api';
import { TEST_CATALOG } from '../test/catalog';
import { frame, sessionAt } from '../test/steps';
import { createQueryClient } from './App';
import { QueryClientProvider } from '@tanstack/react-query';
import { PipelineView } from './PipelineView';
import { PIPELINE_STEPS } from './pipelineSteps';
import { seedSessionData } from '../queries/sessionData';
import type { SavedSession } from './savedState';

const table = frame(['city', 'price'], [['Oslo', 12.5]], { city: 'object', price: 'float64' });

function renderPipeline(initial: SavedSession) {
  function Host() {
    const [session, setSession] = useState(initial.session);
    return <PipelineView session={session} onSessionChange={setSession} onBack={() => undefined} />;
  }
  const queryClient = createQueryClient();
  seedSessionData(queryClient, initial.table);
  return render(
    <QueryClientProvider client={queryClient}>
      <Host />
      <LiveRegion />
    </QueryClientProvider>,
  );
}

const liveText = () => screen.getByTestId('live-region').textContent;

describe('step focus and announcements', () => {
  it.each(PIPELINE_STEPS.map((step) => [step.id, step.key] as const))(
    'step %i (%s): focus moves to its heading, which scrolls into view, and the step is announced',
    (id, key) => {
      // the screens' own requests are not what this checks: any answer will do
      stubApi({});
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
      renderPipeline(sessionAt(id, table));
      const heading = screen.getByRole('heading', { level: 1 });
      expect(document.activeElement).toBe(heading);
      expect(heading.getAttribute('tabindex')).toBe('-1');
      expect(scroll.mock.contexts).toContain(heading);
      expect(liveText()).toBe(`Step ${id} of ${PIPELINE_STEPS.length}: ${i18n.t(`steps.${key}`)}`);
    },
  );

  it('moves focus to the new heading and announces it when a step is chosen in the step bar, and clears the last error', () => {
    stubApi({ 'GET /api/analyze/': () => json({}) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPipeline(sessionAt(3, table));
    act(() => {
      notify.error('Could not apply the strategy.', 'The server is busy.');
    });
    expect(screen.getByRole('region', { name: 'Last error' }).textContent).toContain('The server is busy.');
    const upload = screen.getByRole('button', { name: '1 Upload (completed)' });
    upload.focus();
    fireEvent.click(upload);
    const heading = screen.getByRole('heading', { level: 1, name: 'Upload your data' });
    expect(document.activeElement).toBe(heading);
    expect(liveText()).toBe('Step 1 of 10: Upload');
    expect(screen.queryByRole('region', { name: 'Last error' })).toBeNull();
  });

  it('moves focus to the step heading when Undo, which had it, is disabled by the undo', async () => {
    let undone = false;
    stubApi({
      'GET /api/get-session-data/': () => json({ ...table, snapshot_steps: undone ? [] : [3] }),
      'POST /api/undo-step/': () => {
        undone = true;
        return json({ ...table, step_id: 3, message: 'ok' });
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPipeline(sessionAt(3, table));
    const undo = screen.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toBeEnabled());
    undo.focus();
    fireEvent.click(undo);
    await screen.findAllByText('Undo completed — step restored.');
    await waitFor(() => expect(undo).toBeDisabled());
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Missing values' }));
  });

  it('offers a skip link to the step screen, which can take focus', () => {
    stubApi({});
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPipeline(sessionAt(1, table));
    const skip = screen.getByRole('link', { name: 'Skip to the step' });
    const main = screen.getByRole('main');
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);
    expect(main.getAttribute('tabindex')).toBe('-1');
  });
});

describe('results and errors', () => {
  it('reads successes out in the polite region, the same words again too', () => {
    render(<LiveRegion />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => {
      notify.success('Scaling applied.');
    });
    const first = region.firstElementChild;
    expect(region.textContent).toBe('Scaling applied.');
    act(() => {
      notify.success('Scaling applied.');
    });
    expect(region.firstElementChild).not.toBe(first);
  });

  it('keeps an error reachable after its toast, until dismissed', async () => {
    render(<ErrorNote />);
    act(() => {
      notify.error('Training failed.', 'No model could be trained.');
    });
    const note = screen.getByRole('region', { name: 'Last error' });
    expect(note.textContent).toContain('Training failed.');
    expect(note.textContent).toContain('No model could be trained.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Last error' })).toBeNull());
  });
});

describe('a screen that replaces its heading', () => {
  it('gives focus to the new heading while focus has not moved on', async () => {
    let release!: (response: Response) => void;
    stubApi({ 'GET /api/model-catalog/': () => new Promise<Response>((done) => (release = done)) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPipeline(sessionAt(8, table));
    const loading = screen.getByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(loading);
    release(json({ models: TEST_CATALOG }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).not.toBe(loading));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });
});
