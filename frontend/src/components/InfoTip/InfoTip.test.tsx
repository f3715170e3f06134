import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InfoTip } from './InfoTip';
import { TOOLTIP_HIDE_DELAY_MS } from './placeTooltip';

describe('InfoTip', () => {
  it('shows on hover and hides 120 ms after the pointer leaves', () => {
    vi.useFakeTimers();
    render(<InfoTip>Rows are a preview.</InfoTip>);
    const button = screen.getByRole('button', { name: 'More information' });

    fireEvent.mouseEnter(button);
    expect(screen.getByRole('tooltip').textContent).toBe('Rows are a preview.');
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);

    fireEvent.mouseLeave(button);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_HIDE_DELAY_MS - 1);
    });
    expect(screen.queryByRole('tooltip')).not.toBeNull();

    fireEvent.mouseEnter(screen.getByRole('tooltip'));
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_HIDE_DELAY_MS * 2);
    });
    expect(screen.queryByRole('tooltip')).not.toBeNull();

    fireEvent.mouseLeave(screen.getByRole('tooltip'));
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_HIDE_DELAY_MS);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on keyboard focus and closes with Escape', () => {
    render(<InfoTip>Help text</InfoTip>);
    fireEvent.focus(screen.getByRole('button', { name: 'More information' }));
    expect(screen.getByRole('tooltip')).toBeVisible();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
