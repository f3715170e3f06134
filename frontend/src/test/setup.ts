import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';

await initI18n();

// jsdom lays nothing out and has no scrollIntoView; the step focus calls it (tests spy on it)
Element.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(async () => {
  cleanup();
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en');
});
