import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { getSessionData, sessionDataQueryKey, type TableData } from '../../api/dataset';
import type { FrameResult } from '../../api/transforms';
import { createQueryClient } from '../../app/App';
import { deferred, json, stubApi } from '../../test/api';
import { frame } from '../../test/steps';
import { useFrameChange } from './useFrameChange';

const BEFORE = frame(['age', 'city'], [[30, 'Oslo']], { age: 'int64', city: 'object' }, { age: 1 });
const AFTER = frame(['age'], [[30]], { age: 'int64' }, {}, 'Dropped city.') as FrameResult;

function start(take: () => Promise<void>) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionDataQueryKey, BEFORE);
  const events: string[] = [];
  const snapshot = { take: vi.fn(async () => { events.push('snapshot'); await take(); }), reset: vi.fn(), exists: false };
  const onDataChange = vi.fn((table: TableData) => events.push(`data ${table.columns.join(',')}`));
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useFrameChange(snapshot, onDataChange), { wrapper });
  return { change: result.current, events, queryClient, onDataChange, snapshot };
}

describe('useFrameChange', () => {
  it('takes the snapshot, sends the change, then stores its frame and hands on its table', async () => {
    const { change, events, queryClient } = start(() => Promise.resolve());
    const result = await change(() => {
      events.push('send');
      return Promise.resolve(AFTER);
    });
    expect(result.message).toBe('Dropped city.');
    expect(events).toEqual(['snapshot', 'send', 'data age']);
    expect(queryClient.getQueryData(sessionDataQueryKey)).toMatchObject({ columns: ['age'], dtypes: { age: 'int64' }, missing_values: { age: 0 } });
  });

  it('goes ahead without a snapshot when taking one fails', async () => {
    const { change, events } = start(() => Promise.reject(new Error('no snapshot')));
    await change(() => Promise.resolve(AFTER));
    expect(events).toEqual(['snapshot', 'data age']);
  });

  it('keeps its frame when a read of the session data started before it answers after it', async () => {
    const { change, queryClient } = start(() => Promise.resolve());
    const held = deferred<Response>();
    stubApi({ 'GET /api/get-session-data/': () => held.promise });
    // a screen opening reads the session data again; the server answers late, with the frame before the change
    const reading = queryClient.query({ queryKey: sessionDataQueryKey, queryFn: getSessionData, staleTime: 0 }).catch(() => undefined);
    await change(() => Promise.resolve(AFTER));
    held.resolve(json({ ...BEFORE, filename: 'f.csv', target_column: null }));
    await reading;
    expect(queryClient.getQueryData(sessionDataQueryKey)).toMatchObject({ columns: ['age'] });
  });

  it('changes nothing when the call fails', async () => {
    const { change, onDataChange, queryClient } = start(() => Promise.resolve());
    await expect(change(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(onDataChange).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(sessionDataQueryKey)).toEqual(BEFORE);
  });
});
