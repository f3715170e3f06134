import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FrameResult } from '../../api/transforms';
import { createQueryClient } from '../../app/App';
import { queryKeys } from '../../queries/keys';
import { useFrameChanges, type SessionFrame } from '../../queries/sessionData';
import { frame } from '../../test/steps';
import { useFrameChange } from './useFrameChange';

const BEFORE: SessionFrame = {
  columns: ['age', 'city'],
  preview: [[30, 'Oslo']],
  info: {
    dtypes: { age: 'int64', city: 'object' },
    missingValues: { age: 1, city: 0 },
    shape: [1, 2],
    kinds: { age: 'numeric', city: 'categorical' },
    scalingCandidates: ['age'],
  },
  target: null,
  snapshotSteps: [],
};
const AFTER = frame(['age'], [[30]], { age: 'int64' }, {}, 'Dropped city.') as FrameResult;

function start(take: () => Promise<void>) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.sessionData, BEFORE);
  const events: string[] = [];
  const snapshot = {
    take: vi.fn(async () => {
      events.push('snapshot');
      await take();
    }),
    reset: vi.fn(),
    exists: false,
  };
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(
    () => {
      useFrameChanges(() =>
        events.push(`changed ${(queryClient.getQueryData<SessionFrame>(queryKeys.sessionData)?.columns ?? []).join(',')}`),
      );
      return useFrameChange(snapshot);
    },
    { wrapper },
  );
  return { change: result.current, events, queryClient, snapshot };
}

describe('useFrameChange', () => {
  it('takes the snapshot, sends the change, then stores its frame as the session data', async () => {
    const { change, events, queryClient } = start(() => Promise.resolve());
    const result = await change(() => {
      events.push('send');
      return Promise.resolve(AFTER);
    });
    expect(result.message).toBe('Dropped city.');
    expect(events).toEqual(['snapshot', 'send', 'changed age']);
    expect(queryClient.getQueryData(queryKeys.sessionData)).toMatchObject({
      columns: ['age'],
      info: { dtypes: { age: 'int64' }, missingValues: { age: 0 } },
    });
  });

  it('goes ahead without a snapshot when taking one fails', async () => {
    const { change, events } = start(() => Promise.reject(new Error('no snapshot')));
    await change(() => Promise.resolve(AFTER));
    expect(events).toEqual(['snapshot', 'changed age']);
  });

  it('changes nothing when the server says nothing changed', async () => {
    const { change, events, queryClient } = start(() => Promise.resolve());
    await change(() => Promise.resolve({ ...AFTER, changed: false }));
    expect(events).toEqual(['snapshot']);
    expect(queryClient.getQueryData(queryKeys.sessionData)).toEqual(BEFORE);
  });

  it('changes nothing when the call fails', async () => {
    const { change, events, queryClient } = start(() => Promise.resolve());
    await expect(change(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(events).toEqual(['snapshot']);
    expect(queryClient.getQueryData(queryKeys.sessionData)).toEqual(BEFORE);
  });
});
