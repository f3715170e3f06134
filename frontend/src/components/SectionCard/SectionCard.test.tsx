import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionCard } from './SectionCard';

describe('SectionCard', () => {
  it('expands and collapses its content', () => {
    render(
      <SectionCard title="Data quality" aside={<span>right side</span>}>
        <p>Body</p>
      </SectionCard>,
    );
    const toggle = screen.getByRole('button', { name: 'Data quality' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('right side')).toBeVisible();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Body').closest('[inert]')).not.toBeNull();
  });
});
