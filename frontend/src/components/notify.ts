import { toast } from 'react-toastify';

/** SPEC §9 toast limits and durations. */
export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = { error: 4000, success: 2000, other: 4000 } as const;

export const notify = {
  error: (message: string) => toast.error(message, { autoClose: TOAST_DURATION_MS.error }),
  success: (message: string) => toast.success(message, { autoClose: TOAST_DURATION_MS.success }),
  info: (message: string) => toast.info(message, { autoClose: TOAST_DURATION_MS.other }),
  warning: (message: string) => toast.warning(message, { autoClose: TOAST_DURATION_MS.other }),
};
