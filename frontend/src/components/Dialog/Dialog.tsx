import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './Dialog.css';

interface DialogProps {
  title: string;
  /** A short text under the title, read as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom. */
  actions: ReactNode;
  /** Escape or a click on the backdrop. */
  onClose: () => void;
  /** Focused when the dialog opens; the first control when not given. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Sees each key first; a key it handles (preventDefault) is not handled again. */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  wide?: boolean;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves into it when it opens, Tab stays inside, Escape or a click on
 * the backdrop closes it, and focus returns to where it was after.
 */
export function Dialog({ title, description, children, actions, onClose, initialFocus, onKeyDown, wide = false }: DialogProps) {
  const titleId = useId();
  const textId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? panelRef.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => returnTo?.focus();
  }, [initialFocus]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      const focusable = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return createPortal(
    <div
      className="dialog__backdrop"
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={wide ? 'dialog dialog--wide' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description === undefined ? undefined : textId}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {description !== undefined && (
          <div id={textId} className="dialog__text">
            {description}
          </div>
        )}
        {children !== undefined && <div className="dialog__body">{children}</div>}
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
