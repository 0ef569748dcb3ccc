import { useEffect } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { SerializedError } from '../../backend/port';
import { authRequestReset, selectAuthRequest } from './sessionSlice';
import type { AuthRequestKind } from './sessionTypes';

/** The state of this form's request; a stale outcome from another form is cleared on mount. */
export function useAuthRequest(kinds: AuthRequestKind[]) {
  const dispatch = useAppDispatch();
  const request = useAppSelector(selectAuthRequest);
  useEffect(() => {
    dispatch(authRequestReset());
  }, [dispatch]);
  const mine = request.kind !== null && kinds.includes(request.kind);
  return {
    pending: mine && request.status === 'pending',
    succeeded: mine && request.status === 'succeeded',
    error: mine ? request.error : (null as SerializedError | null),
  };
}
