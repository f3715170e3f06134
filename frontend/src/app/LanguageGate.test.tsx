import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../i18n/i18n';
import { LanguageGate } from './LanguageGate';

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
    expect(screen.getByRole('status')).toBeVisible();
    expect(await screen.findByText('Commencer')).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
