import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';

await initI18n();

// a file's first render loads its screen's modules; on a busy machine that alone can take over the default 1 s
configure({ asyncUtilTimeout: 5000 });

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
