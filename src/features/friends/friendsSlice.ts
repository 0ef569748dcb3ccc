import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';

import { selectLazySlice } from '../../app/lazySlice';
import type { InFlight, OperationOutcome } from '../../app/sagas';
import { operationReducers, resetOnSignOut } from '../../app/sagas';
import { compareNewestFirst } from '../../domain/coerce';
import type { FriendOperation, Relationship } from '../../domain/friendsTypes';
import type { FriendEntry, IncomingFriendRequest, SentFriendRequest } from '../../domain/profileTypes';
import type { SessionState } from '../session';

/** What a friends operation is about: the other person's user id. */
export interface FriendSubject {
  targetId: string;
}

export type FriendOutcome = OperationOutcome<FriendOperation, FriendSubject>;

// One queue and one busy flag per person: whatever is asked about one person (a send, then a
// cancel) runs in the order asked, and their buttons stay busy until the last has finished.
const operations = operationReducers<FriendOperation, FriendSubject>((_operation, subject) => subject.targetId);

export interface FriendsState {
  /** The validated, existing, name-sorted list from getFriends (refreshed 1000 ms after an accept). */
  friends: FriendEntry[];
  listStatus: 'idle' | 'loading' | 'ready' | 'failed';
  /** Operations asked for and not finished, keyed by the other person's id: their buttons show busy. */
  inFlight: InFlight<FriendOperation, FriendSubject>;
  /** The latest outcome, shown as a status message. */
  lastOutcome: FriendOutcome | null;
  /** The user's removals whose other side failed PENDING_REMOVAL_MAX_ATTEMPTS times (shown on the dashboard). */
  stuckRemovals: StuckRemovalNotice[];
  /** The "Remove … from your friends?" question on screen, and where it was asked; null when none. */
  removeFriendConfirmation: RemoveFriendConfirmation | null;
  /** The user's own "Check sent requests" and what it found (the check after each sign-in says nothing). */
  sentRequestsCheck: SentRequestsCheck;
}

export type SentRequestsCheck = { status: 'idle' | 'checking' | 'failed' } | { status: 'done'; changed: number };

/** Where a removal can be asked for: the dashboard's friends panel, or a person's relationship button. */
export type RemoveFriendConfirmationOrigin = 'friendsPanel' | 'relationshipButton';

export interface RemoveFriendConfirmation {
  friendId: string;
  displayName: string;
  origin: RemoveFriendConfirmationOrigin;
}

export interface StuckRemovalNotice {
  targetId: string;
  targetName: string | null;
}

export const initialFriendsState: FriendsState = {
  friends: [],
  listStatus: 'idle',
  inFlight: {},
  lastOutcome: null,
  stuckRemovals: [],
  removeFriendConfirmation: null,
  sentRequestsCheck: { status: 'idle' },
};

const friendsSlice = createSlice({
  name: 'friends',
  initialState: initialFriendsState,
  reducers: {
    sendRequested: operations.request('send', (payload: { receiverId: string }) => ({
      targetId: payload.receiverId,
    })),
    acceptRequested: operations.request('accept', (payload: { requestId: string; senderId: string }) => ({
      targetId: payload.senderId,
    })),
    declineRequested: operations.request('decline', (payload: { requestId: string; senderId: string }) => ({
      targetId: payload.senderId,
    })),
    /** requestId when known; otherwise the pending request to receiverId is found (spec: cancel). */
    cancelRequested: operations.request('cancel', (payload: { receiverId: string; requestId: string | null }) => ({
      targetId: payload.receiverId,
    })),
    /** The user asked to remove a friend: the confirmation opens. */
    removeFriendConfirmationOpened(state, action: PayloadAction<RemoveFriendConfirmation>) {
      state.removeFriendConfirmation = action.payload;
    },
    /** The confirmation was answered (or dismissed with Escape or the backdrop). */
    removeFriendConfirmationClosed(state) {
      state.removeFriendConfirmation = null;
    },
    removeRequested: operations.request('remove', (payload: { friendId: string }) => ({ targetId: payload.friendId })),
    operationFinished: operations.finished,
    listRefreshRequested(state) {
      state.listStatus = state.listStatus === 'ready' ? 'ready' : 'loading';
    },
    listLoaded(state, action: PayloadAction<{ friends: FriendEntry[] }>) {
      state.friends = action.payload.friends;
      state.listStatus = 'ready';
    },
    listFailed(state) {
      state.listStatus = 'failed';
    },
    staleRequestsCleanupRequested() {},
    /** The user pressed "Check sent requests": the cleanup runs, and its outcome is shown. */
    sentRequestsCheckRequested(state) {
      state.sentRequestsCheck = { status: 'checking' };
    },
    /** The stale-request cleanup ran; the live profile subscription brings its changes in. */
    staleRequestsCleanedUp(state, action: PayloadAction<{ changed: number }>) {
      if (state.sentRequestsCheck.status === 'checking')
        state.sentRequestsCheck = { status: 'done', changed: action.payload.changed };
    },
    /** The stale-request cleanup could not run (already reported). */
    staleRequestsCleanupFailed(state) {
      if (state.sentRequestsCheck.status === 'checking') state.sentRequestsCheck = { status: 'failed' };
    },
    /** Pending friend removals were processed after a sign-in (spec section 4). */
    pendingRemovalsProcessed(_state, _action: PayloadAction<{ processed: number; failed: number }>) {},
    /** Some of the user's own removals keep failing on the other side: the dashboard says so. */
    pendingRemovalsStuck(state, action: PayloadAction<{ removals: StuckRemovalNotice[] }>) {
      state.stuckRemovals = action.payload.removals;
    },
    stuckRemovalsDismissed(state) {
      state.stuckRemovals = [];
    },
  },
  extraReducers: (builder) => {
    // Signing out (or in as someone else) must not leak the previous user's friends.
    resetOnSignOut(builder, initialFriendsState);
  },
  selectors: {
    selectFriendsList: (state) => state.friends,
    selectFriendsListStatus: (state) => state.listStatus,
    selectInFlight: (state) => state.inFlight,
    selectLastOutcome: (state) => state.lastOutcome,
    selectSentRequestsCheck: (state) => state.sentRequestsCheck,
    selectStuckRemovals: (state) => state.stuckRemovals,
    selectRemoveFriendConfirmation: (state) => state.removeFriendConfirmation,
  },
});

export const {
  sendRequested,
  acceptRequested,
  declineRequested,
  cancelRequested,
  removeFriendConfirmationOpened,
  removeFriendConfirmationClosed,
  removeRequested,
  operationFinished,
  listRefreshRequested,
  listLoaded,
  listFailed,
  staleRequestsCleanupRequested,
  sentRequestsCheckRequested,
  staleRequestsCleanedUp,
  staleRequestsCleanupFailed,
  pendingRemovalsProcessed,
  pendingRemovalsStuck,
  stuckRemovalsDismissed,
} = friendsSlice.actions;

/** The friends state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectFriendsState = selectLazySlice(friendsSlice);

export const {
  selectFriendsList,
  selectFriendsListStatus,
  selectInFlight,
  selectLastOutcome,
  selectSentRequestsCheck,
  selectStuckRemovals,
  selectRemoveFriendConfirmation,
} = friendsSlice.getSelectors(selectFriendsState);

export default friendsSlice.reducer;

// ---- selectors over the live own profile (session.user.profile is kept live by a subscription) ----

type WithSession = { session: SessionState };

// Sorted by the time createdAt holds: a stored createdAt of any type must not break the dashboard.
const newestFirst = <T extends { createdAt: unknown }>(items: readonly T[]): T[] => [...items].sort(compareNewestFirst);

const selectOwnUid = (state: WithSession) => state.session.user?.uid ?? null;
const selectOwnFriendRequests = (state: WithSession) => state.session.user?.profile.friendRequests;
const selectOwnSentRequests = (state: WithSession) => state.session.user?.profile.sentFriendRequests;
const selectOwnFriendEntries = (state: WithSession) => state.session.user?.profile.friends;

const EMPTY_INCOMING: IncomingFriendRequest[] = [];
const EMPTY_SENT: SentFriendRequest[] = [];

/** Pending incoming requests, newest first. */
export const selectIncomingRequests = createSelector([selectOwnFriendRequests], (requests) =>
  requests ? newestFirst(requests.filter((request) => request.status === 'pending')) : EMPTY_INCOMING,
);

/** Pending sent requests, newest first. */
export const selectSentRequests = createSelector([selectOwnSentRequests], (requests) =>
  requests ? newestFirst(requests.filter((request) => request.status === 'pending')) : EMPTY_SENT,
);

const selectFriendIds = createSelector(
  [selectOwnFriendEntries],
  (friends) => new Set((friends ?? []).map((friend) => friend.id)),
);

/** The viewer's relationship to another user, from the live own profile. */
export const selectRelationship = (state: WithSession, userId: string): Relationship => {
  const uid = selectOwnUid(state);
  if (uid === userId) return 'self';
  if (selectFriendIds(state).has(userId)) return 'friends';
  if (selectIncomingRequests(state).some((request) => request.senderId === userId)) return 'requestReceived';
  if (selectSentRequests(state).some((request) => request.receiverId === userId)) return 'requestSent';
  return 'none';
};
