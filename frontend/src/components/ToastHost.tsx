import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { TOAST_DURATION_MS, TOAST_LIMIT } from './notify';
import { liftToastsClearOfFocus } from './toastClearOfFocus';

/** The library's close button, named in the interface language (its own name is English). */
function CloseToastButton({ closeToast }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="Toastify__close-button Toastify__close-button--light"
      aria-label={t('a11y.closeToast')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

export function ToastHost() {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  // the library makes its container a polite live region: what the page's live region reads
  // (`notify`) was read twice, so the container is silenced; an error toast is an alert of its own
  useLayoutEffect(() => {
    host.current?.querySelector('section.Toastify')?.setAttribute('aria-live', 'off');
  });
  // focus that moves under a toast still shown lifts the toasts too
  useEffect(() => {
    document.addEventListener('focusin', liftToastsClearOfFocus);
    return () => document.removeEventListener('focusin', liftToastsClearOfFocus);
  }, []);
  return (
    <div ref={host}>
      <ToastContainer
        // clear of the header, the step bar and each step's action row (Continue, Apply, Train sit at the right)
        position="bottom-left"
        limit={TOAST_LIMIT}
        autoClose={TOAST_DURATION_MS.other}
        newestOnTop
        closeOnClick
        pauseOnFocusLoss={false}
        // a short toast under the pointer would otherwise stay over the screen's buttons; errors stay anyway
        pauseOnHover={false}
        // the bar is the close timer, shown in motion and named in English by the library: hidden, it still times
        hideProgressBar
        closeButton={CloseToastButton}
        aria-label={t('a11y.toasts')}
        theme="light"
      />
    </div>
  );
}
