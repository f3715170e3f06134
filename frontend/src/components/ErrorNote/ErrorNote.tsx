import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { clearLastError, lastError, subscribeLastError } from './lastError';
import './ErrorNote.css';

/**
 * The last error, held at the bottom of the step screen (sticky, so it is in view near the
 * action that failed) until dismissed or the step changes; the toast alone vanishes.
 * Not a live region: the toast has already announced it.
 */
export function ErrorNote() {
  const { t } = useTranslation();
  const error = useSyncExternalStore(subscribeLastError, lastError);
  if (error === null) return null;
  return (
    <section className="error-note" aria-label={t('a11y.lastError')}>
      <p className="error-note__text">
        <strong>{error.message}</strong>
        {error.detail !== undefined && error.detail !== '' && <span className="error-note__detail">{error.detail}</span>}
      </p>
      <button type="button" className="button button--ghost button--small" onClick={clearLastError}>
        {t('a11y.dismiss')}
      </button>
    </section>
  );
}
