import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionDataQueryKey } from '../../api/dataset';
import { createQueryClient } from '../../app/App';
import { completeStep, emptySession, withAnalysis, withTableData } from '../../app/session';
import { json, stubApi } from '../../test/api';
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
    rememberSessionTarget(queryClient, 'a');
    await waitFor(() => expect(result.current[0]).toBe('a'));
    expect(queryClient.getQueryData<{ target_column: string | null }>(sessionDataQueryKey)?.target_column).toBe('a');
  });

  it('takes no target from earlier screens: none when the session target is not a column', async () => {
    const api = stubApi({ 'GET /api/get-session-data/': () => json({ ...frame(COLUMNS, [], {}), target_column: 'gone' }) });
    const { Providers } = wrapper();
    const { result } = renderHook(() => useStepTarget(session), { wrapper: Providers });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(result.current[0]).toBe('');
  });
});
