import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FrameResult } from '../../api/transforms';
import type { Session } from '../../session/session';
import { useStepSnapshot } from '../../components/DataTable/useStepSnapshot';
import { stepId, type TransformKey } from '../stepKeys';
import { savedChanges } from './stepResult';
import { useFrameChange } from './useFrameChange';
import { notify } from '../../components/notify';
import { useConfirmDataChange } from '../../components/ConfirmDialog/dataChangeGuard';
import { rememberSessionTarget, useSessionData } from '../../queries/sessionData';

/** What the pipeline gives a transforming step screen (steps 3–7). */
export interface TransformStepProps<Result> {
  session: Session;
  onContinue: (result: Result) => void;
}

/**
 * What every transforming step screen shares: its id, the current frame (read again when
 * the screen opens), one snapshot for its changes and its table, the way a change is sent
 * (`useFrameChange`), and the list of the changes applied, counted on from the step's saved result.
 */
export function useTransformStep(key: TransformKey, session: Session) {
  const { t } = useTranslation();
  const id = stepId(key);
  const frame = useSessionData();
  const snapshot = useStepSnapshot(id);
  const change = useFrameChange(snapshot);
  const [changes, setChanges] = useState(() => savedChanges(session, id));
  const record = useCallback((action: string, result: FrameResult) => {
    setChanges((current) => [...current, { action, message: result.message, shape: result.shape }]);
  }, []);
  return {
    id,
    frame,
    info: frame.info,
    change,
    changes,
    record,
    /** The `StepScreen` props that come from the step and its session. */
    screen: {
      stepId: id,
      title: t(`${key}.title`),
      description: t(`${key}.description`),
      snapshot,
    },
  };
}

export type TransformStep = ReturnType<typeof useTransformStep>;

interface StepChangeHandlers<Request, Result, Action extends string> {
  /** After the change is recorded: the screen's own toasts and follow-up. */
  onApplied: (result: Result, request: Request, action: Action) => void;
  onFailed: (error: unknown, action: Action) => void;
}

/** The target column a step's request names, if any. */
function sentTarget(request: unknown): string | null {
  if (typeof request !== 'object' || request === null || !('target_column' in request)) return null;
  const target = request.target_column;
  return typeof target === 'string' && target !== '' ? target : null;
}

/**
 * A change of the step's data, sent its way and recorded under `action` when it succeeds;
 * a target sent with it becomes the session target, as it has on the server. When it would
 * discard trained models, `mutate` asks first and sends nothing if the person keeps them.
 */
export function useStepChange<Request, Result extends FrameResult, Action extends string>(
  step: TransformStep,
  action: Action,
  send: (request: Request) => Promise<Result>,
  { onApplied, onFailed }: StepChangeHandlers<Request, Result, Action>,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirmDataChange = useConfirmDataChange();
  const mutation = useMutation({
    mutationFn: (request: Request) => step.change(() => send(request)),
    onSuccess: (result: Result, request: Request) => {
      const target = sentTarget(request);
      if (target !== null) void rememberSessionTarget(queryClient, target);
      // no "applied" message, and nothing recorded, for settings that left the data as it was
      if (result.changed === false) {
        notify.info(t('common.nothingChanged'));
        return;
      }
      step.record(action, result);
      onApplied(result, request, action);
    },
    onError: (error) => onFailed(error, action),
  });
  const { mutate } = mutation;
  return {
    isPending: mutation.isPending,
    mutate: (request: Request) => {
      void confirmDataChange().then((go) => {
        if (go) mutate(request);
      });
    },
  };
}

/**
 * The two changes of a settings step (3, 4, 5, 7): its global settings ('global') and its
 * column-specific ones ('columns'), through one endpoint. A null request (settings that
 * ask for nothing) sends nothing.
 */
export function useSettingsChanges<Request, Result extends FrameResult>(
  step: TransformStep,
  send: (request: Request) => Promise<Result>,
  handlers: StepChangeHandlers<Request, Result, 'global' | 'columns'>,
) {
  const global = useStepChange(step, 'global', send, handlers);
  const columns = useStepChange(step, 'columns', send, handlers);
  const busy = global.isPending || columns.isPending;
  return {
    busy,
    applyGlobal: (request: Request | null) => {
      if (request !== null) global.mutate(request);
    },
    applyColumns: (request: Request | null) => {
      if (request !== null) columns.mutate(request);
    },
    /** The apply state of each card: its own call running, or any call of the screen. */
    globalCard: { applying: global.isPending, busy },
    columnsCard: { applying: columns.isPending, busy },
  };
}
