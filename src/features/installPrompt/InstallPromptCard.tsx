import { useCallback, useRef } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PRODUCT_NAME } from '../../config';
import { Button } from '../../ui/Button';
import { InstallInstructionsModal } from './InstallInstructionsModal';
import {
  closeClicked,
  installClicked,
  instructionsClosed,
  maybeLaterClicked,
  selectInstallInstructionsOpen,
  selectInstallPromptVisible,
} from './installPromptSlice';

/** The spec's install prompt card: bottom right on wide screens, full width at the bottom on phones. */
export function InstallPromptCard() {
  const visible = useAppSelector(selectInstallPromptVisible);
  const instructionsOpen = useAppSelector(selectInstallInstructionsOpen);
  const dispatch = useAppDispatch();
  const installButtonRef = useRef<HTMLButtonElement>(null);
  const closeInstructions = useCallback(() => dispatch(instructionsClosed()), [dispatch]);

  if (!visible) return null;
  return (
    <section className="install-prompt" aria-labelledby="install-prompt-title">
      <div className="install-prompt__header">
        <span className="brand__mark" aria-hidden="true">
          &lt;/&gt;
        </span>
        <h2 id="install-prompt-title" className="install-prompt__title">
          Install {PRODUCT_NAME}
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={() => dispatch(closeClicked())}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p className="install-prompt__text">Add to your home screen for quick access and a better experience!</p>
      <div className="install-prompt__actions">
        {/* A plain button: the instructions return focus to it through this ref. */}
        <button
          ref={installButtonRef}
          type="button"
          className="button button--primary"
          onClick={() => dispatch(installClicked())}
        >
          Install App
        </button>
        <Button variant="secondary" onClick={() => dispatch(maybeLaterClicked())}>
          Maybe Later
        </Button>
      </div>
      {instructionsOpen && <InstallInstructionsModal onClose={closeInstructions} returnFocusRef={installButtonRef} />}
    </section>
  );
}
