import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { LiveRegion } from '../LiveRegion/LiveRegion';
import { TaskProgress } from './TaskProgress';

function start(progress: unknown) {
  const api = stubApi({ 'GET /api/progress/': () => json(progress) });
  renderWithProviders(<TaskProgress label="Training in progress" />);
  return { api, bar: screen.getByRole('progressbar', { name: 'Training in progress' }) };
}

describe('TaskProgress', () => {
  it('shows the share done and the count once the server reports them', async () => {
    const { bar } = start({ task: 'training', done: 1, total: 4, message: 'LogisticRegression' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByText('1 of 4').className).toBe('task-progress__count');
    expect((bar.querySelector('.task-progress__fill') as HTMLElement).style.width).toBe('25%');
    expect(bar.className).toBe('task-progress__track');
  });

  it('waits, without a share or count, while no task is reported', async () => {
    const { api, bar } = start({ task: null, done: 0, total: 0, message: '' });
    await waitFor(() => expect(api.routes()).toContain('GET /api/progress/'));
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(bar.className).toBe('task-progress__track task-progress__track--waiting');
    expect(screen.queryByText(/ of /)).toBeNull();
  });

  it('says how many jobs wait ahead while the task waits for a worker', async () => {
    start({ task: 'training', done: 0, total: 0, message: 'Waiting for a worker', job_id: 'j', queue_position: 3 });
    expect(await screen.findByText('Waiting for a worker: 2 jobs ahead')).toBeVisible();
  });

  it('says nothing of a queue once the task runs, and has no Cancel button unless asked', async () => {
    const { api } = start({ task: 'training', done: 1, total: 4, message: '', job_id: 'j', queue_position: null });
    await waitFor(() => expect(api.routes()).toContain('GET /api/progress/'));
    await screen.findByText('1 of 4');
    expect(screen.queryByText(/Waiting for a worker/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('never shows more than 100 %', async () => {
    const { bar } = start({ task: 'optimization', done: 7, total: 5, message: '' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'));
  });

  it('announces each 25 % passed in the live region, once', async () => {
    let progress = { task: 'training', done: 1, total: 4, message: '' };
    stubApi({ 'GET /api/progress/': () => json(progress) });
    renderWithProviders(
      <>
        <TaskProgress label="Training in progress" />
        <LiveRegion />
      </>,
    );
    const region = screen.getByTestId('live-region');
    await waitFor(() => expect(region.textContent).toBe('Training in progress: 25% done'));
    progress = { task: 'training', done: 3, total: 4, message: '' };
    await waitFor(() => expect(region.textContent).toBe('Training in progress: 75% done'));
  });
});
