import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../i18n/i18n';
import { LiveRegion } from './LiveRegion/LiveRegion';
import { notify, TOAST_DURATION_MS } from './notify';
import { ToastHost } from './ToastHost';

/** The elements a screen reader reads out as they change: live regions and their roles. */
const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';

describe('toasts', () => {
  it('keep an error until it is dismissed and let a success go after a short time', () => {
    expect(TOAST_DURATION_MS.error).toBe(false);
    expect(TOAST_DURATION_MS.success).toBeLessThanOrEqual(2000);
  });

  it("show the whole message of an error, at the bottom left, away from the header, the step bar and a step's actions", async () => {
    const { container } = render(<ToastHost />);
    const reason = 'The first sheet spans 12,000,000 cells, more than the 10,000,000 a spreadsheet may have; save the data as CSV.';
    act(() => {
      notify.error('Upload failed', reason);
    });
    expect((await screen.findByText(reason)).textContent).toBe(reason);
    expect(container.querySelector('.Toastify__toast-container--bottom-left')).not.toBeNull();
    expect(container.querySelector('.Toastify__toast-container--bottom-right')).toBeNull();
  });

  it('reads a success once, in the page live region, not again as the toast', async () => {
    const { container } = render(
      <>
        <LiveRegion />
        <ToastHost />
      </>,
    );
    act(() => {
      notify.success('Global encoding applied.');
    });
    await screen.findByRole('note');
    const reading = [...container.querySelectorAll(LIVE)].filter((region) => region.textContent.includes('Global encoding applied.'));
    expect(reading).toHaveLength(1);
    expect(reading[0]?.getAttribute('data-testid')).toBe('live-region');
  });

  it('names the toasts and their close button in the interface language', async () => {
    await chooseLanguage('de');
    render(<ToastHost />);
    act(() => {
      notify.info('Nichts geändert');
    });
    const toast = await screen.findByRole('note');
    expect(within(toast).getByRole('button', { name: 'Benachrichtigung schließen' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Benachrichtigungen (Alt+T)' })).toBeInTheDocument();
    expect(toast.querySelector('[aria-label="notification timer"][aria-hidden="false"]')).toBeNull();
  });

  it('lifts a success toast that lands on the focused control above it', async () => {
    const { container } = render(
      <>
        <button type="button">Apply global settings</button>
        <ToastHost />
      </>,
    );
    const apply = screen.getByRole('button', { name: 'Apply global settings' });
    apply.focus();
    // at 320 px: the button sits at the foot of the screen, where the toasts span the width
    const control = new DOMRect(12, 700, 296, 38);
    const stack = new DOMRect(0, 680, 320, 88);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function box(this: HTMLElement) {
      if (this === apply) return control;
      return this.classList.contains('Toastify__toast-container') ? stack : new DOMRect();
    });
    act(() => {
      notify.success('Scaling applied');
    });
    await screen.findByRole('note');
    const toasts = container.querySelector<HTMLElement>('.Toastify__toast-container');
    await waitFor(() => expect(toasts?.style.bottom).toBe(`${window.innerHeight - 700 + 8}px`));
    expect(document.activeElement).toBe(apply);
  });

  it('lifts the toasts when focus moves under one still shown', async () => {
    const { container } = render(
      <>
        <button type="button">Add column</button>
        <ToastHost />
      </>,
    );
    act(() => {
      notify.info('Global encoding applied.');
    });
    await screen.findByRole('note');
    const toasts = container.querySelector<HTMLElement>('.Toastify__toast-container');
    expect(toasts?.style.bottom).toBe('');
    const add = screen.getByRole('button', { name: 'Add column' });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function box(this: HTMLElement) {
      if (this === add) return new DOMRect(12, 700, 120, 38);
      return this.classList.contains('Toastify__toast-container') ? new DOMRect(0, 680, 320, 88) : new DOMRect();
    });
    add.focus();
    expect(toasts?.style.bottom).toBe(`${window.innerHeight - 700 + 8}px`);
  });
});
