import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../i18n/i18n';
import { LanguagePicker } from './LanguagePicker';

describe('LanguagePicker', () => {
  it('switches the language and saves the choice', async () => {
    render(<LanguagePicker />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toHaveLength(8);

    select.focus();
    fireEvent.change(select, { target: { value: 'de' } });
    // focus stays where it was, on a control that stays enabled while the language loads
    expect(select).toBeEnabled();
    expect(document.activeElement).toBe(select);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveProperty('value', 'de'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });

  it('ignores arrows and letters on the closed select, so the first arrow press changes nothing', () => {
    render(<LanguagePicker />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    for (const key of ['ArrowDown', 'ArrowUp', 'Home', 'End', 'd']) {
      expect(fireEvent.keyDown(select, { key }), key).toBe(false);
    }
    for (const key of [' ', 'Enter', 'Tab']) expect(fireEvent.keyDown(select, { key }), key).toBe(true);
    expect(fireEvent.keyDown(select, { key: 'ArrowDown', altKey: true })).toBe(true);
  });
});
