import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../i18n/i18n';
import { isLanguageCode, languages } from '../../i18n/languages';
import './LanguagePicker.css';

/** Keys a closed select takes as a new choice at once (Chromium does); Alt+Down opens it instead. */
const CHOOSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/** Whether a key press on the closed select would switch the language before the person chose. */
export function choosesWithoutOpening(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return CHOOSING_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' ');
}

/**
 * Picks the interface language on the select's change; the choice is remembered in localStorage.
 * The select stays enabled while the language loads, so focus stays on it. Arrows and letters
 * on the closed select do nothing, so a keyboard user is not switched to another language by
 * the first arrow press: Space, Enter or Alt+Down opens the list, Enter chooses.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();

  return (
    <div className="language-picker">
      <label htmlFor={id} className="language-picker__label">
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.3" />
          <path
            d="M1.75 8h12.5M8 1.75c1.8 1.9 2.6 4 2.6 6.25S9.8 12.35 8 14.25C6.2 12.35 5.4 10.25 5.4 8S6.2 3.65 8 1.75Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.3"
          />
        </svg>
        <span className="visually-hidden">{t('app.language')}</span>
      </label>
      <select
        id={id}
        className="language-picker__select"
        value={i18n.language}
        onKeyDown={(event) => {
          if (choosesWithoutOpening(event)) event.preventDefault();
        }}
        onChange={(event) => {
          const code = event.target.value;
          if (!isLanguageCode(code)) return;
          void chooseLanguage(code);
        }}
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
