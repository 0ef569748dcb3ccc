import type { ReactNode, RefObject } from 'react';

import { Modal } from './Modal';

interface ConfirmDialogProps {
  title: ReactNode;
  /** The button that does it ("Delete post"), styled as dangerous. */
  confirmLabel: ReactNode;
  /** The button that leaves everything as it is. */
  cancelLabel?: ReactNode;
  /** Put the safe choice first, so it gets the focus when the dialog opens. */
  safeChoiceFirst?: boolean;
  onConfirm: () => void;
  /** Escape, the backdrop, the cancel button; also called after onConfirm. */
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** What happens, in a sentence or two. */
  children: ReactNode;
}

/** "Are you sure?" before something that cannot be taken back. */
export function ConfirmDialog({
  title,
  confirmLabel,
  cancelLabel = 'Cancel',
  safeChoiceFirst = false,
  onConfirm,
  onClose,
  returnFocusRef,
  children,
}: ConfirmDialogProps) {
  const confirm = (
    <button
      type="button"
      className="button button--danger"
      onClick={() => {
        onConfirm();
        onClose();
      }}
    >
      {confirmLabel}
    </button>
  );
  const cancel = (
    <button
      type="button"
      className={safeChoiceFirst ? 'button button--secondary' : 'button button--ghost'}
      onClick={onClose}
    >
      {cancelLabel}
    </button>
  );
  return (
    <Modal
      title={title}
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      actions={
        safeChoiceFirst ? (
          <>
            {cancel}
            {confirm}
          </>
        ) : (
          <>
            {confirm}
            {cancel}
          </>
        )
      }
    >
      <p>{children}</p>
    </Modal>
  );
}
