import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { SAFETY_MESSAGES } from '../../domain/safetyMessages';
import { testProfile } from '../../test/fixtures';
import { createStoreWithoutSagas, renderWithProviders } from '../../test/renderWithProviders';
import { signedInSession } from '../../test/signedInState';
import { PersonSafetyMenu } from './PersonSafetyMenu';
import {
  blockedListReceived,
  blockRequested,
  muteRequested,
  reportAnswered,
  reportSubmitted,
  unblockRequested,
} from './safetySlice';

const ADA = { id: 'ada', name: 'Ada' };

function setup() {
  const store = createStoreWithoutSagas({ session: signedInSession('me', testProfile()) });
  renderWithProviders(<PersonSafetyMenu userId={ADA.id} name={ADA.name} />, { store: store });
  return store;
}

const more = () => screen.getByRole('button', { name: 'More actions for Ada' });

describe('PersonSafetyMenu', () => {
  it('opens a keyboard menu that Escape closes, focus back on More', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(more());
    expect(more()).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Actions for Ada' });
    expect(within(menu).getByRole('menuitem', { name: 'Mute' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Block' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more()).toHaveFocus();
  });

  it('blocks only after confirmation, and offers Unblock once blocked', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(more());
    await user.click(screen.getByRole('menuitem', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Ada?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.actions.some((action) => blockRequested.match(action))).toBe(false);
    expect(more()).toHaveFocus();

    await user.click(more());
    await user.click(screen.getByRole('menuitem', { name: 'Block' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Block Ada?' })).getByRole('button', { name: 'Block' }));
    expect(store.actions.filter((action) => blockRequested.match(action))).toEqual([blockRequested({ person: ADA })]);
    expect(more()).toHaveFocus();

    act(() => {
      store.dispatch(blockedListReceived({ people: [ADA] }));
    });
    await user.click(more());
    await user.click(screen.getByRole('menuitem', { name: 'Unblock' }));
    expect(store.actions.filter((action) => unblockRequested.match(action))).toEqual([
      unblockRequested({ person: ADA }),
    ]);
  });

  it('mutes at once, without a dialog', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(more());
    await user.click(screen.getByRole('menuitem', { name: 'Mute' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.actions.filter((action) => muteRequested.match(action))).toEqual([muteRequested({ person: ADA })]);
  });

  it('reports the profile with a reason and details, and shows the confirmation', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(more());
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(SAFETY_MESSAGES.chooseReason);
    await user.click(within(dialog).getByRole('radio', { name: 'Impersonation' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Not the real Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const target = { kind: 'profile' as const, id: 'ada', label: 'Ada' };
    expect(store.actions.filter((action) => reportSubmitted.match(action))).toEqual([
      reportSubmitted({ target, reason: 'impersonation', details: 'Not the real Ada' }),
    ]);
    act(() => {
      store.dispatch(reportAnswered({ target, success: true, message: SAFETY_MESSAGES.reportSent }));
    });
    const sent = screen.getByRole('dialog', { name: 'Report sent' });
    expect(sent).toHaveTextContent(SAFETY_MESSAGES.reportSent);
    await user.click(within(sent).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(more()).toHaveFocus();
  });
});
