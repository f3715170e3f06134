import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/App';
import { deferred, json, stubApi } from '../test/api';
import { frame } from '../test/steps';
import { queryKeys } from './keys';
import {
  rememberSessionTarget,
  rememberSnapshot,
  seedSessionData,
  storeFrame,
  useFrameChanges,
  useSessionData,
  type SessionFrame,
} from './sessionData';

const BEFORE = { ...frame(['age', 'city'], [[30, 'Oslo']], { age: 'int64', city: 'object' }, { age: 1 }), target_column: 'age' };
const AFTER = frame(['age'], [[30]], { age: 'int64' });

function wrapper() {
  const queryClient = createQueryClient();
  const Providers = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const cached = () => queryClient.getQueryData<SessionFrame>(queryKeys.sessionData);
  return { queryClient, Providers, cached };
}

/** A screen that has read the session data, then opens again: its second read is held until `answer`. */
async function readHeldBack() {
  const { queryClient, Providers, cached } = wrapper();
  const held = deferred<Response>();
  let answers = 0;
  stubApi({ 'GET /api/get-session-data/': () => (answers++ === 0 ? json(BEFORE) : held.promise) });
  const first = renderHook(() => useSessionData(), { wrapper: Providers });
  await waitFor(() => expect(first.result.current.columns).toEqual(['age', 'city']));
  renderHook(() => useSessionData(), { wrapper: Providers });
  await waitFor(() => expect(queryClient.isFetching({ queryKey: queryKeys.sessionData })).toBe(1));
  const answer = async () => {
    held.resolve(json(BEFORE));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  };
  return { queryClient, cached, answer, screen: first };
}

describe('the session data', () => {
  it('is the server frame once read: columns, preview, profile, target and snapshots', async () => {
    stubApi({ 'GET /api/get-session-data/': () => json({ ...BEFORE, snapshot_steps: [3] }) });
    const { Providers } = wrapper();
    const { result } = renderHook(() => useSessionData(), { wrapper: Providers });
    expect(result.current).toEqual({ columns: [], preview: [], info: null, target: null, snapshotSteps: [] });
    await waitFor(() =>
      expect(result.current).toEqual({
        columns: ['age', 'city'],
        preview: [[30, 'Oslo']],
        info: {
          dtypes: { age: 'int64', city: 'object' },
          missingValues: { age: 1, city: 0 },
          shape: [1, 2],
          kinds: { age: 'numeric', city: 'categorical' },
          scalingCandidates: ['age'],
        },
        target: 'age',
        snapshotSteps: [3],
      }),
    );
  });

  it('keeps a change of the frame when a read started before it answers after it', async () => {
    const { queryClient, cached, answer, screen } = await readHeldBack();
    await act(() => storeFrame(queryClient, AFTER));
    await answer();
    expect(cached()?.columns).toEqual(['age']);
    expect(cached()?.info?.missingValues).toEqual({ age: 0 });
    expect(cached()?.info?.kinds).toEqual({ age: 'numeric' });
    expect(screen.result.current.columns).toEqual(['age']);
  });

  it('keeps a remembered target when a read started before it answers after it', async () => {
    const { queryClient, cached, answer } = await readHeldBack();
    await act(() => rememberSessionTarget(queryClient, 'city'));
    await answer();
    expect(cached()?.target).toBe('city');
    expect(cached()?.columns).toEqual(['age', 'city']);
  });

  it('keeps a snapshot taken when a read started before it answers after it', async () => {
    const { queryClient, cached, answer } = await readHeldBack();
    await act(() => rememberSnapshot(queryClient, 4));
    await answer();
    expect(cached()?.snapshotSteps).toEqual([4]);
  });

  it('is read again when a target is remembered before the first read answered', async () => {
    const api = stubApi({ 'GET /api/get-session-data/': () => json({ ...BEFORE, target_column: 'city' }) });
    const { queryClient, Providers, cached } = wrapper();
    renderHook(() => useSessionData(), { wrapper: Providers });
    await act(() => rememberSessionTarget(queryClient, 'city'));
    await waitFor(() => expect(cached()?.target).toBe('city'));
    expect(api.calls.length).toBeGreaterThan(0);
  });

  it('starts from the saved frame after a reload, which the first read replaces', async () => {
    const held = deferred<Response>();
    stubApi({ 'GET /api/get-session-data/': () => held.promise });
    const { queryClient, Providers } = wrapper();
    seedSessionData(queryClient, { columns: ['age', 'city'], data: [[30, 'Oslo']] });
    const { result } = renderHook(() => useSessionData(), { wrapper: Providers });
    expect(result.current).toMatchObject({ columns: ['age', 'city'], preview: [[30, 'Oslo']], info: null, target: null });
    held.resolve(json(AFTER_READ));
    await waitFor(() => expect(result.current.columns).toEqual(['age']));
    expect(result.current.target).toBe('age');
  });

  it('tells its listeners of a change made on the page, not of a read', async () => {
    stubApi({ 'GET /api/get-session-data/': () => json(BEFORE) });
    const { queryClient, Providers, cached } = wrapper();
    const listener = vi.fn();
    renderHook(
      () => {
        useFrameChanges(listener);
        return useSessionData();
      },
      { wrapper: Providers },
    );
    await waitFor(() => expect(cached()?.columns).toEqual(['age', 'city']));
    expect(listener).not.toHaveBeenCalled();
    await act(() => storeFrame(queryClient, AFTER));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

const AFTER_READ = { ...AFTER, target_column: 'age' };
