import { createElement, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { keepError } from './ErrorNote/lastError';
import { announce } from './LiveRegion/announce';

/**
 * SPEC §9 toast limits and durations, except that an error stays until it is dismissed:
 * it explains a failure, and its whole message has to stay readable.
 */
export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = { error: false, success: 2000, other: 4000 } as const;

/** A toast's text: the message, and under it the reason when there is one. */
function content(message: string, detail?: string): ReactNode {
  if (detail === undefined || detail === '' || detail === message) return message;
  return createElement(
    'span',
    { className: 'toast-text' },
    createElement('strong', { className: 'toast-text__title' }, message),
    createElement('span', { className: 'toast-text__detail' }, detail),
  );
}

/**
 * Errors toast as alerts and stay in the error note; other results are read by the polite live
 * region, so their toasts are not live regions too (role status is not read on insertion).
 */
export const notify = {
  error: (message: string, detail?: string) => {
    keepError(message, detail);
    return toast.error(content(message, detail), { autoClose: TOAST_DURATION_MS.error });
  },
  success: (message: string) => {
    announce(message);
    return toast.success(message, { autoClose: TOAST_DURATION_MS.success, role: 'status' });
  },
  info: (message: string) => {
    announce(message);
    return toast.info(message, { autoClose: TOAST_DURATION_MS.other, role: 'status' });
  },
  warning: (message: string) => {
    announce(message);
    return toast.warning(message, { autoClose: TOAST_DURATION_MS.other, role: 'status' });
  },
};
