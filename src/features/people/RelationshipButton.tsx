import { useRef } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  acceptRequested,
  cancelRequested,
  declineRequested,
  removeRequested,
  selectInFlight,
  selectIncomingRequests,
  selectLastOutcome,
  selectRelationship,
  selectSentRequests,
  sendRequested,
} from '../friends';
import { useRemoveFriendConfirmation } from '../friends';
import { selectBlockedIds } from '../safety';
import { selectIsSignedIn } from '../session';

interface RelationshipButtonProps {
  userId: string;
  /** The person's display name, for the group label and the confirmation. */
  name: string;
}

const selectIncomingFrom = (state: RootState, userId: string) =>
  selectIncomingRequests(state).find((request) => request.senderId === userId) ?? null;

const selectSentTo = (state: RootState, userId: string) =>
  selectSentRequests(state).find((request) => request.receiverId === userId) ?? null;

const selectFailureFor = (state: RootState, userId: string) => {
  const outcome = selectLastOutcome(state);
  return outcome && !outcome.success && outcome.targetId === userId ? outcome.message : null;
};

/**
 * The one relationship control shown wherever a person appears. It reads the live own profile
 * (kept current by the session's subscription), so it changes as soon as either side acts.
 */
export function RelationshipButton({ userId, name }: RelationshipButtonProps) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const relationship = useAppSelector((state) => selectRelationship(state, userId));
  const busy = useAppSelector((state) => selectInFlight(state)[userId] !== undefined);
  const incoming = useAppSelector((state) => selectIncomingFrom(state, userId));
  const sent = useAppSelector((state) => selectSentTo(state, userId));
  const failure = useAppSelector((state) => selectFailureFor(state, userId));
  const blocked = useAppSelector((state) => selectBlockedIds(state).has(userId));
  const removal = useRemoveFriendConfirmation('relationshipButton', userId);
  const groupRef = useRef<HTMLDivElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);

  if (!signedIn || relationship === 'self') return null;
  // Unblocking (the More menu, or Safety settings) comes first; the block ended any friendship.
  if (blocked) return <p className="muted relationship__blocked">Blocked</p>;

  // The clicked button is about to be disabled (busy) or replaced: keep focus in the group, not on <body>.
  const act = (action: Parameters<typeof dispatch>[0]) => {
    groupRef.current?.focus();
    dispatch(action);
  };

  const busyProps = { disabled: busy, 'aria-busy': busy || undefined };

  let buttons;
  if (relationship === 'friends') {
    buttons = (
      <button
        ref={removeRef}
        type="button"
        className="button button--secondary"
        onClick={() => removal.ask({ id: userId, displayName: name })}
        {...busyProps}
      >
        Remove friend
      </button>
    );
  } else if (relationship === 'requestReceived' && incoming) {
    const request = { requestId: incoming.requestId, senderId: userId };
    buttons = (
      <>
        <button
          type="button"
          className="button button--primary"
          onClick={() => act(acceptRequested(request))}
          {...busyProps}
        >
          Accept
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => act(declineRequested(request))}
          {...busyProps}
        >
          Decline
        </button>
      </>
    );
  } else if (relationship === 'requestSent') {
    buttons = (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => act(cancelRequested({ receiverId: userId, requestId: sent?.requestId ?? null }))}
        {...busyProps}
      >
        Cancel request
      </button>
    );
  } else {
    buttons = (
      <button
        type="button"
        className="button button--primary"
        onClick={() => act(sendRequested({ receiverId: userId }))}
        {...busyProps}
      >
        Add friend
      </button>
    );
  }

  return (
    <div ref={groupRef} className="relationship" role="group" aria-label={`Friendship with ${name}`} tabIndex={-1}>
      <div className="relationship__buttons">{buttons}</div>
      {failure && (
        <p className="relationship__error" role="alert">
          {failure}
        </p>
      )}
      {removal.confirming && relationship === 'friends' && (
        <ConfirmDialog
          title={`Remove ${name} from your friends?`}
          confirmLabel="Remove friend"
          cancelLabel="Keep friend"
          safeChoiceFirst
          onConfirm={() => act(removeRequested({ friendId: userId }))}
          onClose={removal.close}
          returnFocusRef={removeRef}
        >
          You can send {name} a new friend request later.
        </ConfirmDialog>
      )}
    </div>
  );
}
