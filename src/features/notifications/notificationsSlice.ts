import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

import { selectLazySlice } from '../../app/lazySlice';
import { resetOnSignOut } from '../../app/sagas';
import type { SerializedError } from '../../backend/port';
import { inboxNotifications } from '../../domain/friendsLists';
import type { AppNotification } from '../../domain/profileTypes';
import type { SafetyState } from '../safety';
import type { SessionState } from '../session';

export interface NotificationsState {
  /** The last read (opening the bell) and its outcome. */
  readStatus: 'idle' | 'marking' | 'read' | 'failed';
  error: SerializedError | null;
  /** The bell's panel is open. */
  panelOpen: boolean;
}

export const initialNotificationsState: NotificationsState = { readStatus: 'idle', error: null, panelOpen: false };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** The bell was opened: its notifications count as read. */
    opened(state) {
      state.readStatus = 'marking';
      state.error = null;
      state.panelOpen = true;
    },
    /** The panel was closed: the bell again, Escape, a click elsewhere, or one of its links. */
    closed(state) {
      state.panelOpen = false;
    },
    markedRead(state, _action: PayloadAction<{ count: number }>) {
      state.readStatus = 'read';
    },
    readFailed(state, action: PayloadAction<SerializedError>) {
      state.readStatus = 'failed';
      state.error = action.payload;
    },
    /** hasNewNotification was written false, 1000 ms after the read. */
    newFlagReset() {},
  },
  extraReducers: (builder) => {
    resetOnSignOut(builder, initialNotificationsState);
  },
  selectors: {
    selectNotificationsPanelOpen: (state) => state.panelOpen,
  },
});

export const { opened, closed, markedRead, readFailed, newFlagReset } = notificationsSlice.actions;
/** The notifications state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectNotificationsState = selectLazySlice(notificationsSlice);
export const { selectNotificationsPanelOpen } = notificationsSlice.getSelectors(selectNotificationsState);
export default notificationsSlice.reducer;

// ---- derived from the live own profile (session.user.profile) ----

type WithSession = { session: SessionState; safety?: Pick<SafetyState, 'muted'> };

const EMPTY: AppNotification[] = [];
const selectOwnFriendRequests = (state: WithSession) => state.session.user?.profile.friendRequests;
const selectOwnNotifications = (state: WithSession) => state.session.user?.profile.notifications;

const NOBODY: SafetyState['muted'] = [];
const selectMuted = (state: WithSession) => state.safety?.muted ?? NOBODY;

/** Unread notifications newest first: friendRequest ones derived from pending requests, plus stored unread ones; none from muted people. */
export const selectInboxNotifications = createSelector(
  [selectOwnFriendRequests, selectOwnNotifications, selectMuted],
  (friendRequests, notifications, muted) => {
    if (!friendRequests || !notifications) return EMPTY;
    const inbox = inboxNotifications({ friendRequests, notifications });
    if (muted.length === 0) return inbox;
    const mutedIds = new Set(muted.map((person) => person.id));
    return inbox.filter((notification) => !mutedIds.has(notification.senderId));
  },
);

export const selectHasNewNotification = (state: WithSession) => state.session.user?.profile.hasNewNotification ?? false;
