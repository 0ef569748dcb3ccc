import type { ReactNode, RefObject } from 'react';

import { Button } from './Button';
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
    <Button
      variant="danger"
      onClick={() => {
        onConfirm();
        onClose();
      }}
    >
      {confirmLabel}
    </Button>
  );
  const cancel = (
    <Button variant={safeChoiceFirst ? 'secondary' : 'ghost'} onClick={onClose}>
      {cancelLabel}
    </Button>
  );
  // The first button gets the focus when the dialog opens.
  const [first, second] = safeChoiceFirst ? [cancel, confirm] : [confirm, cancel];
  const actions = (
    <>
      {first}
      {second}
    </>
  );
  return (
    <Modal title={title} onClose={onClose} returnFocusRef={returnFocusRef} actions={actions}>
      <p>{children}</p>
    </Modal>
  );
}
