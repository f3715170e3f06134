import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../app/App';
import { json, stubApi } from '../test/api';
import { queryKeys } from './keys';
import { useTrainingResult } from './results';
import { forgetSession } from './sessionData';

describe('the stored training result', () => {
  it('is read through its query under the session, so leaving the session forgets it', async () => {
    const stored = { trained_models: ['SVC'], best_model: 'SVC' };
    let answers = 0;
    const api = stubApi({ 'GET /api/training-result/': () => json({ ...stored, read: ++answers }) });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useTrainingResult(), { wrapper });

    expect(await result.current()).toEqual({ ...stored, read: 1 });
    expect(queryClient.getQueryData(queryKeys.trainingResult)).toEqual({ ...stored, read: 1 });
    // a job that ends later is read again, never answered from the cache
    expect(await result.current()).toEqual({ ...stored, read: 2 });
    expect(api.routes()).toEqual(['GET /api/training-result/', 'GET /api/training-result/']);

    forgetSession(queryClient);
    expect(queryClient.getQueryData(queryKeys.trainingResult)).toBeUndefined();
  });
});
