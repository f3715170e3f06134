import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from './locales/en.json';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from './languages';

export const LANGUAGE_STORAGE_KEY = 'lathe.language';

type Translation = typeof en;

// every locale file is a language's loader: a new language is its file and its line in languages.ts
const locales = import.meta.glob<{ default: Translation }>('./locales/*.json');

function loader(code: LanguageCode): () => Promise<{ default: Translation }> {
  const load = locales[`./locales/${code}.json`];
  if (load === undefined) throw new Error(`No locale file for ${code}`);
  return load;
}

/** The saved language code, or the default when none (or an unknown one) is saved. */
export function storedLanguage(): LanguageCode {
  const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguageCode(saved) ? saved : DEFAULT_LANGUAGE;
}

async function showLanguage(code: LanguageCode): Promise<void> {
  if (!i18n.hasResourceBundle(code, 'translation')) {
    const { default: translation } = await loader(code)();
    i18n.addResourceBundle(code, 'translation', translation);
  }
  await i18n.changeLanguage(code);
  document.documentElement.lang = code;
}

/** Starts i18next in the saved language; the app shows a spinner until this resolves. */
export async function initI18n(): Promise<void> {
  const code = storedLanguage();
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: code,
      resources: {},
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
  }
  await showLanguage(code);
}

/** Switches the interface language and remembers the choice. */
export async function chooseLanguage(code: LanguageCode): Promise<void> {
  await showLanguage(code);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
}

export { i18n };
