import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { handleMissing, scaleFeatures } from '../../api/transforms';
import { createQueryClient } from '../../app/App';
import { queryKeys } from '../../queries/keys';
import { useFrameChanges, type SessionFrame } from '../../queries/sessionData';
import { json, stubApi } from '../../test/api';
import { frame, sessionAt } from '../../test/steps';
import { notify } from '../../components/notify';
import { useSettingsChanges, useTransformStep } from './useTransformStep';

const TABLE = { columns: ['age', 'y'], data: [[30, 1]] };
const FRAME = frame(TABLE.columns, TABLE.data, { age: 'float64', y: 'int64' }, {}, 'Scaled 1 column.');
const SAVED = { changes: [{ action: 'global', message: 'Filled 2 cells.', shape: [1, 2] }] };

const CACHED: SessionFrame = {
  columns: TABLE.columns,
  preview: TABLE.data,
  info: {
    dtypes: FRAME.dtypes,
    missingValues: FRAME.missing_values,
    shape: FRAME.shape,
    kinds: FRAME.column_kinds,
    scalingCandidates: FRAME.scaling_candidates,
  },
  target: null,
  snapshotSteps: [],
};

function wrapperWith(queryClient = createQueryClient()) {
  queryClient.setQueryData(queryKeys.sessionData, CACHED);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

describe('useTransformStep', () => {
  it("gives the step's id, texts and table, and counts on from its saved changes", () => {
    const { session } = sessionAt(4, TABLE, { 3: SAVED });
    const { result } = renderHook(() => useTransformStep('missing', session), wrapperWith());
    expect(result.current.id).toBe(3);
    expect(result.current.screen).toMatchObject({ stepId: 3, title: 'Missing values' });
    expect(result.current.frame).toMatchObject({ columns: ['age', 'y'], preview: [[30, 1]] });
    expect(result.current.changes).toEqual(SAVED.changes);
    expect(result.current.info?.dtypes).toEqual({ age: 'float64', y: 'int64' });
  });

  it('records an applied change after the saved ones', () => {
    const { result } = renderHook(() => useTransformStep('missing', sessionAt(4, TABLE, { 3: SAVED }).session), wrapperWith());
    act(() => result.current.record('columns', { ...FRAME, message: 'Filled 1 cell.', shape: [1, 2] }));
    expect(result.current.changes.map((change) => [change.action, change.message])).toEqual([
      ['global', 'Filled 2 cells.'],
      ['columns', 'Filled 1 cell.'],
    ]);
  });
});

describe('useSettingsChanges', () => {
  it('snapshots, sends, records and hands on a change; a target it sent becomes the session target', async () => {
    const api = stubApi({
      'GET /api/get-session-data/': () => json({ ...FRAME, target_column: null }),
      'POST /api/snapshot-step/': () => json({ message: 'ok' }),
      'POST /api/scale-features/': () => json(FRAME),
    });
    const posts = () => api.calls.filter((call) => call.request.method === 'POST');
    const onDataChange = vi.fn();
    const onApplied = vi.fn();
    const { queryClient, wrapper } = wrapperWith();
    const { result } = renderHook(
      () => {
        useFrameChanges(onDataChange);
        const step = useTransformStep('scaling', sessionAt(7, TABLE).session);
        return { step, changes: useSettingsChanges(step, scaleFeatures, { onApplied, onFailed: vi.fn() }) };
      },
      { wrapper },
    );
    act(() => result.current.changes.applyGlobal({ method: 'standard', target_column: 'y' }));
    await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
    expect(onApplied.mock.calls[0]?.[2]).toBe('global');
    expect(posts().map((call) => call.route)).toEqual(['POST /api/snapshot-step/', 'POST /api/scale-features/']);
    expect(posts()[0]?.body).toEqual({ step_id: 7 });
    expect(onDataChange).toHaveBeenCalledTimes(1);
    expect(result.current.step.changes).toEqual([{ action: 'global', message: 'Scaled 1 column.', shape: [1, 2] }]);
    expect(queryClient.getQueryData<SessionFrame>(queryKeys.sessionData)?.target).toBe('y');
  });

  it('says that nothing changed, instead of applied, when the settings left the data as it was', async () => {
    stubApi({
      'GET /api/get-session-data/': () => json({ ...FRAME, target_column: null }),
      'POST /api/snapshot-step/': () => json({ message: 'ok' }),
      'POST /api/handle-missing/': () => json({ ...FRAME, message: 'Missing values handled: 0 filled or removed.', changed: false }),
    });
    const info = vi.spyOn(notify, 'info');
    const onDataChange = vi.fn();
    const onApplied = vi.fn();
    const { result } = renderHook(() => {
      useFrameChanges(onDataChange);
      const step = useTransformStep('missing', sessionAt(3, TABLE).session);
      return { step, changes: useSettingsChanges(step, handleMissing, { onApplied, onFailed: vi.fn() }) };
    }, wrapperWith());
    act(() => result.current.changes.applyGlobal({ strategy: 'median' } as never));
    await waitFor(() => expect(info).toHaveBeenCalledWith('Nothing changed: the data already meets these settings.'));
    expect(onApplied).not.toHaveBeenCalled();
    expect(onDataChange).not.toHaveBeenCalled();
    expect(result.current.step.changes).toEqual([]);
  });

  it('sends nothing for a null request, and reports a refusal under its action without recording it', async () => {
    const api = stubApi({
      'GET /api/get-session-data/': () => json({ ...FRAME, target_column: null }),
      'POST /api/snapshot-step/': () => json({ message: 'ok' }),
      'POST /api/handle-missing/': () => json({ error: 'No strategy', code: 'bad_request' }, 400),
    });
    const onFailed = vi.fn();
    const { result } = renderHook(() => {
      const step = useTransformStep('missing', sessionAt(3, TABLE).session);
      return { step, changes: useSettingsChanges(step, handleMissing, { onApplied: vi.fn(), onFailed }) };
    }, wrapperWith());
    act(() => result.current.changes.applyGlobal(null));
    expect(api.calls.filter((call) => call.request.method === 'POST')).toHaveLength(0);
    act(() => result.current.changes.applyColumns({ column_specific_settings: { age: { strategy: 'mean' } } } as never));
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(onFailed.mock.calls[0]?.[1]).toBe('columns');
    expect(result.current.step.changes).toEqual([]);
    expect(result.current.changes.busy).toBe(false);
  });
});
