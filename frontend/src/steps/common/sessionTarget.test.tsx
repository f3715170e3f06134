import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/App';
import { rememberSessionTarget } from '../../queries/sessionData';
import { json, stubApi } from '../../test/api';
import { frame } from '../../test/steps';
import { useStepTarget } from './sessionTarget';

const COLUMNS = ['a', 'y', 'z'];

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
    const { result } = renderHook(() => useStepTarget(), { wrapper: Providers });
    expect(result.current[0]).toBe('');
    await waitFor(() => expect(result.current[0]).toBe('y'));
    await act(() => rememberSessionTarget(queryClient, 'a'));
    await waitFor(() => expect(result.current[0]).toBe('a'));
  });

  it('keeps the person’s own choice over the session target', async () => {
    stubApi({ 'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, [], {}), target_column: 'y' }) });
    const { Providers } = wrapper();
    const { result } = renderHook(() => useStepTarget(), { wrapper: Providers });
    await waitFor(() => expect(result.current[0]).toBe('y'));
    act(() => result.current[1]('z'));
    expect(result.current[0]).toBe('z');
  });

  it('takes no target from earlier screens: none when the session target is not a column', async () => {
    const api = stubApi({ 'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, [], {}), target_column: 'gone' }) });
    const { Providers } = wrapper();
    const { result } = renderHook(() => useStepTarget(), { wrapper: Providers });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(result.current[0]).toBe('');
  });
});
