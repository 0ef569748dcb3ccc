import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';

import { authStateChanged } from '../../app/sagas';
import type { AuthProviderId, SerializedError, SignUpInput } from '../../backend/port';
import type { UserProfile } from '../../domain/profileTypes';
import type { SessionUser } from '../../domain/sessionTypes';
import type { AuthRequestKind, AuthRequestState, SessionStatus } from './sessionTypes';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** The last sign-in, sign-up, reset or sign-out request from a form. */
  request: AuthRequestState;
  /** Social sign-in the backend offers (Google, GitHub on Firebase; none locally). */
  providers: AuthProviderId[];
}

export const initialSessionState: SessionState = {
  status: 'loading',
  user: null,
  request: { kind: null, status: 'idle', error: null },
  providers: [],
};

const pending = (kind: AuthRequestKind): AuthRequestState => ({ kind, status: 'pending', error: null });

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The first check itself failed: treated as signed out so the app still renders. */
    authCheckFailed(state, _action: PayloadAction<SerializedError>) {
      state.status = 'signedOut';
      state.user = null;
    },
    /** Hook for work that runs after every sign-in (the friends feature processes pending removals here). */
    signedIn(_state, _action: PayloadAction<{ uid: string }>) {},
    profileRefreshRequested() {},
    profileRefreshed(state, action: PayloadAction<{ user: SessionUser }>) {
      if (state.user?.uid === action.payload.user.uid) state.user = action.payload.user;
    },
    /** A live snapshot of the signed-in user's own document. */
    profileSnapshotReceived(state, action: PayloadAction<{ uid: string; profile: UserProfile }>) {
      // the public document has no email (accounts/{uid} keeps it): the account's stays
      if (state.user?.uid === action.payload.uid)
        state.user.profile = { ...action.payload.profile, email: state.user.email };
    },
    signInRequested(state, _action: PayloadAction<{ email: string; password: string }>) {
      state.request = pending('signIn');
    },
    signUpRequested(state, _action: PayloadAction<SignUpInput>) {
      state.request = pending('signUp');
    },
    authProvidersDetected(state, action: PayloadAction<{ providers: AuthProviderId[] }>) {
      state.providers = action.payload.providers;
    },
    providerSignInRequested(state, _action: PayloadAction<{ provider: AuthProviderId }>) {
      state.request = pending('provider');
    },
    passwordResetRequested(state, _action: PayloadAction<{ email: string }>) {
      state.request = pending('passwordReset');
    },
    passwordResetSent(state) {
      state.request = { kind: 'passwordReset', status: 'succeeded', error: null };
    },
    signOutRequested(state) {
      state.request = pending('signOut');
    },
    authRequestFailed(state, action: PayloadAction<SerializedError>) {
      state.request = { kind: state.request.kind, status: 'failed', error: action.payload };
    },
    /**
     * A sign-in, sign-up or password-reset form was first touched (focus or pointerdown): the
     * session saga warms the backend up (AuthPort.warmUp), so the submit does not wait for it.
     */
    authFormEngaged() {},
    /** A form was opened or edited: the previous request's outcome no longer applies. */
    authRequestReset(state) {
      state.request = initialSessionState.request;
    },
  },
  extraReducers: (builder) => {
    // The event is defined in the saga toolkit (app/sagas/authState.ts), so the toolkit needs
    // nothing from this feature; this slice is still the only one that keeps what it says.
    builder.addCase(authStateChanged, (state, action) => {
      const { user } = action.payload;
      state.status = user ? 'signedIn' : 'signedOut';
      state.user = user;
      if (state.request.status === 'pending' && state.request.kind !== 'passwordReset') {
        state.request = { kind: state.request.kind, status: 'succeeded', error: null };
      }
    });
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectSessionUser: (state) => state.user,
    selectIsSignedIn: (state) => state.status === 'signedIn',
    selectAuthRequest: (state) => state.request,
    selectAuthProviders: (state) => state.providers,
    selectOwnProfile: (state) => state.user?.profile ?? null,
  },
});

export { authStateChanged };

export const {
  authCheckFailed,
  signedIn,
  profileRefreshRequested,
  profileRefreshed,
  profileSnapshotReceived,
  signInRequested,
  signUpRequested,
  authProvidersDetected,
  providerSignInRequested,
  passwordResetRequested,
  passwordResetSent,
  signOutRequested,
  authRequestFailed,
  authRequestReset,
  authFormEngaged,
} = sessionSlice.actions;

export const {
  selectSessionStatus,
  selectSessionUser,
  selectIsSignedIn,
  selectAuthRequest,
  selectAuthProviders,
  selectOwnProfile,
} = sessionSlice.selectors;

export default sessionSlice.reducer;
