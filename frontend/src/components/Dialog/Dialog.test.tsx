import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

function Harness({ onClose, focusSecond = false }: { onClose: () => void; focusSecond?: boolean }) {
  const second = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title="Export model"
      description="Choose a format."
      onClose={onClose}
      initialFocus={focusSecond ? second : undefined}
      actions={
        <>
          <button type="button">First</button>
          <button type="button" ref={second}>
            Second
          </button>
          <button type="button">Last</button>
        </>
      }
    >
      <p>Body text</p>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('is a labelled modal with its description, body and actions', () => {
    render(<Harness onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Export model' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Choose a format.');
    expect(dialog.querySelector('.dialog__body')?.textContent).toBe('Body text');
    expect([...dialog.querySelectorAll('.dialog__actions button')].map((button) => button.textContent)).toEqual([
      'First',
      'Second',
      'Last',
    ]);
  });

  it('focuses its first control, or the one it is given', () => {
    const { unmount } = render(<Harness onClose={vi.fn()} />);
    expect(document.activeElement?.textContent).toBe('First');
    unmount();
    render(<Harness onClose={vi.fn()} focusSecond />);
    expect(document.activeElement?.textContent).toBe('Second');
  });

  it('keeps Tab inside: past the last control to the first, and back', () => {
    render(<Harness onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    screen.getByRole('button', { name: 'Last' }).focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('First');
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement?.textContent).toBe('Last');
  });

  it('closes on Escape and on a click on the backdrop, not on a click inside', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.mouseDown(screen.getByText('Body text'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('gives focus back to where it was when it closes', () => {
    render(<button type="button">Opener</button>);
    const opener = screen.getByRole('button', { name: 'Opener' });
    opener.focus();
    const { unmount } = render(<Harness onClose={vi.fn()} />);
    expect(document.activeElement).not.toBe(opener);
    unmount();
    expect(document.activeElement).toBe(opener);
  });
});
