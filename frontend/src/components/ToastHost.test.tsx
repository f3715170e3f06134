import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, TOAST_DURATION_MS } from './notify';
import { ToastHost } from './ToastHost';

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
});
