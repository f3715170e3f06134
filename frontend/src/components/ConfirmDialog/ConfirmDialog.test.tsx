import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function start() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog title="Drop column?" confirmLabel="Drop" cancelLabel="Cancel" onConfirm={onConfirm} onCancel={onCancel}>
      “age” will be removed.
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Drop column?' }) };
}

describe('ConfirmDialog', () => {
  it('says what it asks, and starts on the confirm button', () => {
    const { dialog } = start();
    expect(dialog.querySelector('.dialog__text')?.textContent).toBe('“age” will be removed.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Drop' }));
  });

  it('starts on Cancel when what it confirms cannot be undone, and Enter there cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog title="Leave?" confirmLabel="Clear" cancelLabel="Stay" irreversible onConfirm={onConfirm} onCancel={onCancel}>
        Everything goes.
      </ConfirmDialog>,
    );
    const stay = screen.getByRole('button', { name: 'Stay' });
    expect(document.activeElement).toBe(stay);
    fireEvent.keyDown(stay, { key: 'Enter' });
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with Enter or the confirm button', () => {
    const { dialog, onConfirm, onCancel } = start();
    fireEvent.keyDown(dialog, { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Drop' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('does not confirm with Enter while Cancel has focus', () => {
    const { onConfirm } = start();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.keyDown(cancel, { key: 'Enter' });
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cancels with Escape, Cancel or the backdrop', () => {
    const { dialog, onConfirm, onCancel } = start();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
