import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';

await initI18n();

afterEach(async () => {
  cleanup();
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en');
});
