// The bell's panel being open is store state changed by events (notifications/opened, /closed),
// so a recorded session shows it, and replaying the events opens and closes the panel.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import { setupTestStore } from '../../test/setupTestStore';
import type { TestStore } from '../../test/setupTestStore';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TwoUsers } from '../../test/twoUsers';
import { authStateChanged } from '../session';
import { NotificationsBell } from './NotificationsBell';
import notificationsReducer, {
  closed,
  initialNotificationsState,
  opened,
  selectNotificationsPanelOpen,
} from './notificationsSlice';

describe('notifications slice: the panel', () => {
  it('opens with notifications/opened, closes with notifications/closed, and is closed after signing out', () => {
    const open = notificationsReducer(initialNotificationsState, opened());
    expect(selectNotificationsPanelOpen({ notifications: open })).toBe(true);
    expect(selectNotificationsPanelOpen({ notifications: notificationsReducer(open, closed()) })).toBe(false);
    expect(
      selectNotificationsPanelOpen({ notifications: notificationsReducer(open, authStateChanged({ user: null })) }),
    ).toBe(false);
  });
});

describe('NotificationsBell over the real store', () => {
  let env: TwoUsers;
  let testStore: TestStore;

  beforeEach(async () => {
    env = await setupTwoUsers();
    testStore = await setupTestStore({ backend: env.alice.backend, clock: env.clock });
    await testStore.waitFor(
      (state) => state.session.status === 'signedIn' && state.session.user?.uid === env.alice.uid,
    );
  });
  afterEach(async () => {
    testStore.store.sagaTask.cancel();
    await env.close();
  });

  it('the bell records opened and closed in the store, and the store alone opens and closes the panel', async () => {
    render(
      <Provider store={testStore.store}>
        <MemoryRouter>
          <NotificationsBell />
        </MemoryRouter>
      </Provider>,
    );
    const user = userEvent.setup();
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(testStore.actions).toContainEqual(opened());
    expect(testStore.store.getState().notifications.panelOpen).toBe(true);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(testStore.actions).toContainEqual(closed());
    expect(testStore.store.getState().notifications.panelOpen).toBe(false);
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();

    act(() => {
      testStore.store.dispatch(opened());
    });
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeVisible();
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    act(() => {
      testStore.store.dispatch(closed());
    });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });
});
