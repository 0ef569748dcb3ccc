import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';

import { Modal } from './Modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {open && (
        <Modal
          title="Settings"
          onClose={() => setOpen(false)}
          actions={
            <button type="button" onClick={() => setOpen(false)}>
              Done
            </button>
          }
        >
          <label>
            Name <input />
          </label>
        </Modal>
      )}
    </>
  );
}

async function openModal() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

test('is a labelled modal dialog with focus on its first control', async () => {
  await openModal();
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
});

test('Tab wraps from the last control to the first, Shift+Tab the other way', async () => {
  const user = await openModal();
  const name = screen.getByRole('textbox', { name: 'Name' });
  const done = screen.getByRole('button', { name: 'Done' });
  await user.tab();
  expect(done).toHaveFocus();
  await user.tab();
  expect(name).toHaveFocus();
  await user.tab({ shift: true });
  expect(done).toHaveFocus();
});

test('Escape closes it and focus returns to the opener', async () => {
  const user = await openModal();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
});

test('a click on the backdrop closes it; a click inside does not', async () => {
  const user = await openModal();
  await user.click(screen.getByRole('heading', { name: 'Settings' }));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  // The browser delivers a click on a modal dialog's ::backdrop to the <dialog> element itself.
  await user.click(screen.getByRole('dialog'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('is the native dialog, open as a modal while shown', async () => {
  await openModal();
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  expect(dialog).toBeInstanceOf(HTMLDialogElement);
  expect(dialog).toHaveProperty('open', true);
});

test('locks page scrolling while open', async () => {
  const user = await openModal();
  expect(document.body.style.overflow).toBe('hidden');
  await user.click(screen.getByRole('button', { name: 'Done' }));
  expect(document.body.style.overflow).toBe('');
});

/** The opener goes away when the dialog's action is done (a removed row): the caller points focus elsewhere. */
function RetargetHarness() {
  const [open, setOpen] = useState(false);
  const [removed, setRemoved] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const panel = useRef<HTMLElement>(null);
  return (
    <section ref={panel} aria-label="Panel" tabIndex={-1}>
      {!removed && (
        <button
          type="button"
          onClick={(event) => {
            returnFocus.current = event.currentTarget;
            setOpen(true);
          }}
        >
          Remove
        </button>
      )}
      {open && (
        <Modal
          title="Remove it?"
          onClose={() => setOpen(false)}
          returnFocusRef={returnFocus}
          actions={
            <button
              type="button"
              onClick={() => {
                returnFocus.current = panel.current;
                setOpen(false);
                setRemoved(true);
              }}
            >
              Confirm
            </button>
          }
        >
          <p>It goes for good.</p>
        </Modal>
      )}
    </section>
  );
}

test('focus returns to where returnFocusRef points when the dialog closes, not when it opened', async () => {
  const user = userEvent.setup();
  render(<RetargetHarness />);
  await user.click(screen.getByRole('button', { name: 'Remove' }));
  await user.keyboard('{Escape}');
  expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Remove' }));
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Panel' })).toHaveFocus();
});
