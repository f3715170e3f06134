import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { getSessionData, sessionDataQueryKey } from '../../api/dataset';
import { createQueryClient } from '../../app/App';
import { completeStep, emptySession, withAnalysis, withTableData } from '../../app/session';
import { deferred, json, stubApi } from '../../test/api';
import { frame } from '../../test/steps';
import { rememberSessionTarget, useStepTarget } from './sessionTarget';

const COLUMNS = ['a', 'y', 'z'];
const session = withAnalysis(completeStep(withTableData(emptySession(), { columns: COLUMNS, data: [] }), 1), { target: 'z' });

function wrapper() {
  const queryClient = createQueryClient();
  return {
    queryClient,
    Providers: ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
  };
}

describe('a step target', () => {
  it('takes the session target once known, then follows a remembered change', async () => {
    stubApi({ 'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, [], {}), target_column: 'y' }) });
    const { queryClient, Providers } = wrapper();
    const { result } = renderHook(() => useStepTarget(session), { wrapper: Providers });
    expect(result.current[0]).toBe('');
    await waitFor(() => expect(result.current[0]).toBe('y'));
    await rememberSessionTarget(queryClient, 'a');
    await waitFor(() => expect(result.current[0]).toBe('a'));
    expect(queryClient.getQueryData<{ target_column: string | null }>(sessionDataQueryKey)?.target_column).toBe('a');
  });

  it('keeps a remembered target when a read started before it answers after it', async () => {
    const { queryClient } = wrapper();
    queryClient.setQueryData(sessionDataQueryKey, { ...frame(COLUMNS, [], {}), target_column: 'y' });
    const held = deferred<Response>();
    stubApi({ 'GET /api/get-session-data/': () => held.promise });
    const reading = queryClient.query({ queryKey: sessionDataQueryKey, queryFn: getSessionData, staleTime: 0 }).catch(() => undefined);
    await rememberSessionTarget(queryClient, 'a');
    held.resolve(json({ ...frame(COLUMNS, [], {}), target_column: 'y' }));
    await reading;
    expect(queryClient.getQueryData<{ target_column: string | null }>(sessionDataQueryKey)?.target_column).toBe('a');
  });

  it('reads the session data again when a target is remembered before any read', async () => {
    const api = stubApi({ 'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, [], {}), target_column: 'a' }) });
    const { queryClient, Providers } = wrapper();
    renderHook(() => useStepTarget(session), { wrapper: Providers });
    await rememberSessionTarget(queryClient, 'a');
    await waitFor(() => expect(queryClient.getQueryData<{ target_column: string | null }>(sessionDataQueryKey)?.target_column).toBe('a'));
    expect(api.calls.length).toBeGreaterThan(0);
  });

  it('takes no target from earlier screens: none when the session target is not a column', async () => {
    const api = stubApi({ 'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, [], {}), target_column: 'gone' }) });
    const { Providers } = wrapper();
    const { result } = renderHook(() => useStepTarget(session), { wrapper: Providers });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(result.current[0]).toBe('');
  });
});
