// Signed-in states over the app's real reducers (every route feature injected), for saga tests
// (expectSaga's withReducer) and component tests that render without sagas.
import type { LoadedState } from '../app/rootReducer';
import type { DocData } from '../backend/port';
import type { UserProfile } from '../domain/profileTypes';
import { toUserProfile } from '../features/profile/profileMapper';
import { initialSessionState } from '../features/session/sessionSlice';
import { rootReducer } from './allFeatures';

interface Account {
  uid: string;
  email: string | null;
  displayName: string;
}

/** A signed-in session for `uid` whose account fields come from `profile`. */
export function signedInSession(uid: string, profile: UserProfile): LoadedState['session'] {
  const { email, displayName, photoURL } = profile;
  return { ...initialSessionState, status: 'signedIn', user: { uid, email, displayName, photoURL, profile } };
}

/**
 * The initial root state with `account` signed in: its profile is the stored document `profile`
 * read as the app reads it, then `overrides` as given (app-model values, not re-read).
 */
export function signedInRootState(
  account: Account,
  profile: DocData = {},
  overrides: Partial<UserProfile> = {},
): LoadedState {
  const initial = rootReducer(undefined, { type: '@@INIT' });
  return {
    ...initial,
    session: {
      ...initial.session,
      status: 'signedIn',
      user: {
        ...account,
        photoURL: null,
        profile: { ...toUserProfile({ displayName: account.displayName, ...profile }), ...overrides },
      },
    },
  };
}
