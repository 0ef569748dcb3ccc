import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

interface ModalProps {
  title: ReactNode;
  /** Escape, the backdrop, or the caller's own buttons. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom of the dialog. */
  actions?: ReactNode;
  /** Where focus goes when the dialog closes (read then); by default, wherever it was when it opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * The platform keeps focus off the inert page, but lets Tab run on past the last control into the
 * browser's own toolbar; the dialog pattern (and keyboard users) expect it to wrap instead.
 */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const dialog = event.currentTarget;
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
  } else if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog: the native <dialog> opened with showModal(), so the platform moves focus in,
 * makes the page behind it inert and turns Escape into a cancel event. Labelled by its title;
 * focus goes back out on close. Rendered into document.body.
 */
export function Modal({ title, onClose, children, actions, returnFocusRef, className }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The ref itself, read on close rather than now: the caller may point it elsewhere meanwhile
    // (when the element that opened the dialog is about to disappear).
    const returnTo = returnFocusRef;
    dialog.showModal();

    // The backdrop stops pointer input, not the page's scrolling underneath.
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    return () => {
      document.body.style.overflow = previousOverflow;
      if (dialog.open) dialog.close();
      const returnTarget = returnTo?.current ?? opener;
      if (returnTarget?.isConnected) returnTarget.focus();
    };
  }, [returnFocusRef]);

  return createPortal(
    <dialog
      ref={dialogRef}
      className={['modal', className].filter(Boolean).join(' ')}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(event) => {
        // The caller closes it by unmounting, so focus returns where the caller says.
        event.preventDefault();
        onClose();
      }}
      // The panel fills the dialog's box: a press on the dialog element itself is on its ::backdrop.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={wrapTab}
    >
      <div className="modal__panel">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div className="modal__body">{children}</div>
        {actions && <div className="modal__actions">{actions}</div>}
      </div>
    </dialog>,
    document.body,
  );
}
