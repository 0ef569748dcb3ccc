import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { selectAuthRequest, selectIsSignedIn } from './sessionSlice';

export interface ReturnToState {
  from?: string;
}

/**
 * Signed-out visitors go to /login and come back here afterwards; not after their own Log out,
 * where the next person to log in on this device starts at the dashboard, not on their page.
 */
export function RequireAuth() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const loggedOutHere = useAppSelector(selectAuthRequest).kind === 'signOut';
  const location = useLocation();
  if (!signedIn) {
    if (loggedOutHere) return <Navigate to="/login" replace />;
    const state: ReturnToState = { from: location.pathname + location.search + location.hash };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

function safeReturnPath(state: unknown): string {
  const from = (state as ReturnToState | null)?.from;
  // Only same-app paths: never an absolute URL smuggled in through history state.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
}

/** Signed-in visitors to /login or /signup go to /dashboard (or back where they came from). */
export function GuestOnly() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (signedIn) return <Navigate to={safeReturnPath(location.state)} replace />;
  return <Outlet />;
}
