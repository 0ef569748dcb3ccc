import type { RefObject } from 'react';

import { PRODUCT_NAME } from '../../config';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

interface InstallInstructionsModalProps {
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** The manual way in, for browsers that offer no install prompt of their own. */
export function InstallInstructionsModal({ onClose, returnFocusRef }: InstallInstructionsModalProps) {
  return (
    <Modal
      title={`How to install ${PRODUCT_NAME}`}
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      className="install-instructions"
      actions={<Button onClick={onClose}>Got it!</Button>}
    >
      <section aria-labelledby="install-android">
        <h3 id="install-android">Android (Chrome or Edge)</h3>
        <p>
          Tap the install icon in the address bar, or open the browser menu (⋮) and choose <strong>Install app</strong>{' '}
          or <strong>Add to Home screen</strong>.
        </p>
      </section>
      <section aria-labelledby="install-ios">
        <h3 id="install-ios">iPhone or iPad (Safari)</h3>
        <ol>
          <li>
            Tap <strong>Share</strong> in the toolbar.
          </li>
          <li>
            Choose <strong>Add to Home Screen</strong>.
          </li>
          <li>
            Tap <strong>Add</strong>.
          </li>
        </ol>
      </section>
      <section aria-labelledby="install-other">
        <h3 id="install-other">Other browsers</h3>
        <p>
          Look for <strong>Install</strong> or <strong>Add to Home screen</strong> in the browser menu, or bookmark this
          page for quick access.
        </p>
      </section>
    </Modal>
  );
}
