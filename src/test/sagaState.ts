import type { RootState } from '../app/store';
import type { DocData } from '../backend/port';
import { toUserProfile } from '../features/profile/profileMapper';
import { rootReducer } from './allFeatures';

interface Account {
  uid: string;
  email: string | null;
  displayName: string;
}

/** The initial root state (every route feature included) with `account` signed in, for expectSaga's withReducer. */
export function signedInRootState(account: Account, profile: DocData = {}): RootState {
  const initial = rootReducer(undefined, { type: '@@INIT' });
  return {
    ...initial,
    session: {
      ...initial.session,
      status: 'signedIn',
      user: { ...account, photoURL: null, profile: toUserProfile({ displayName: account.displayName, ...profile }) },
    },
  };
}
