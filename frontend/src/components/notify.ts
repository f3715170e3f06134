import { createElement, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { keepError } from './ErrorNote/lastError';
import { announce } from './LiveRegion/announce';
import { liftToastsClearOfFocus } from './toastClearOfFocus';

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
 * A result that closes by itself: read once, by the polite live region, so its toast is no live
 * region (a `note`); and lifted clear of the focused control when it lands on it.
 */
function transient(show: typeof toast.success, message: string, autoClose: number) {
  announce(message);
  return show(message, { autoClose, role: 'note', onOpen: () => window.setTimeout(liftToastsClearOfFocus) });
}

/** Errors toast as alerts and stay in the error note; other results are read by the live region only. */
export const notify = {
  error: (message: string, detail?: string) => {
    keepError(message, detail);
    return toast.error(content(message, detail), { autoClose: TOAST_DURATION_MS.error });
  },
  success: (message: string) => transient(toast.success, message, TOAST_DURATION_MS.success),
  info: (message: string) => transient(toast.info, message, TOAST_DURATION_MS.other),
  warning: (message: string) => transient(toast.warning, message, TOAST_DURATION_MS.other),
};
