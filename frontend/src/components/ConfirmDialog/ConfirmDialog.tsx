import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Dialog } from '../Dialog/Dialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** What it confirms cannot be undone: focus starts on Cancel, the safe choice. */
  irreversible?: boolean;
}

/**
 * A modal confirmation: Enter (unless Cancel has focus) or the confirm button confirms; Escape, Cancel or a click on
 * the backdrop cancels. Focus stays inside while it is open and returns where it was after.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  irreversible = false,
}: ConfirmDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target !== cancelRef.current) {
      event.preventDefault();
      onConfirm();
    }
  };

  return (
    <Dialog
      title={title}
      description={children}
      onClose={onCancel}
      initialFocus={irreversible ? cancelRef : confirmRef}
      onKeyDown={onKeyDown}
      actions={
        <>
          <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button ref={confirmRef} type="button" className="button button--danger" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
