// The session as the toolkit needs it, defined here so the toolkit reaches up into no feature:
// the auth channel's one event and where the signed-in user is kept. features/session owns the
// session (its slice reduces this event and its saga alone dispatches it); everything else,
// the toolkit included, depends only on this file.
import { createAction } from '@reduxjs/toolkit';

import type { SessionUser } from '../../domain/sessionTypes';

/** Written only by the auth channel: the first check and every sign-in or sign-out after it. */
export const authStateChanged = createAction<{ user: SessionUser | null }>('session/authStateChanged');

/** The part of the root state the toolkit reads: the session slice, under its own key. */
interface WithSessionUser {
  session: { user: SessionUser | null };
}

/** The signed-in user's uid, or null when signed out. */
export const selectOwnUid = (state: WithSessionUser): string | null => state.session.user?.uid ?? null;
