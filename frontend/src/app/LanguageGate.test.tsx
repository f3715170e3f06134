import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../i18n/i18n';
import { LanguageGate } from './LanguageGate';
import { isShown } from '../test/shown';

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('welcome.getStarted')}</p>;
}

describe('LanguageGate', () => {
  it('shows a spinner until the saved language is loaded', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    render(
      <LanguageGate>
        <Greeting />
      </LanguageGate>,
    );
    expect(isShown(screen.getByRole('status'))).toBe(true);
    expect(isShown(await screen.findByText('Commencer'))).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
