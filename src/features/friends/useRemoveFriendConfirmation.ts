import { useCallback, useEffect } from 'react';

import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import type { RemoveFriendConfirmation, RemoveFriendConfirmationOrigin } from './friendsSlice';
import {
  removeFriendConfirmationClosed,
  removeFriendConfirmationOpened,
  selectRemoveFriendConfirmation,
} from './friendsSlice';

const askedHere = (
  confirmation: RemoveFriendConfirmation | null,
  origin: RemoveFriendConfirmationOrigin,
  friendId?: string,
) =>
  confirmation !== null &&
  confirmation.origin === origin &&
  (friendId === undefined || confirmation.friendId === friendId)
    ? confirmation
    : null;

/**
 * The remove-friend confirmation asked from one place (for one person, or any): what is open there,
 * and the events that open and close it. When the place goes away with the question still open
 * (the user navigated meanwhile), the question closes, so it does not come back on return.
 */
export function useRemoveFriendConfirmation(origin: RemoveFriendConfirmationOrigin, friendId?: string) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const confirming = useAppSelector((state) => askedHere(selectRemoveFriendConfirmation(state), origin, friendId));

  useEffect(
    () => () => {
      if (askedHere(selectRemoveFriendConfirmation(store.getState()), origin, friendId))
        dispatch(removeFriendConfirmationClosed());
    },
    [dispatch, store, origin, friendId],
  );

  // Stable, so a memoized list of rows does not re-render for them.
  const ask = useCallback(
    (friend: { id: string; displayName: string }) =>
      dispatch(removeFriendConfirmationOpened({ friendId: friend.id, displayName: friend.displayName, origin })),
    [dispatch, origin],
  );
  const close = useCallback(() => dispatch(removeFriendConfirmationClosed()), [dispatch]);
  return { confirming, ask, close };
}
