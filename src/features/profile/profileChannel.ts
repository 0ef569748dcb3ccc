import type { EventChannel } from 'redux-saga';

import { subscriptionChannel } from '../../app/sagas';
import type { Live } from '../../app/sagas';
import type { DocData, DocumentStore } from '../../backend/port';
import type { UserProfile } from '../../domain/profileTypes';
import { inboxRef, userRef } from './profileApi';
import { toUserProfile, withInbox } from './profileMapper';

/** Anyone's users/{uid}, live, as plain profiles (null: no such document); only the newest copy matters. The consumer closes it. */
export function profileDocChannel(db: DocumentStore, uid: string): EventChannel<Live<UserProfile | null>> {
  return subscriptionChannel<UserProfile | null>((onValue, onError) =>
    db.subscribeDoc(
      userRef(uid),
      (snapshot) => onValue(snapshot.data ? toUserProfile(withInbox(snapshot.data, null)) : null),
      onError,
    ),
  );
}

/**
 * The signed-in user's users/{uid} and private inboxes/{uid}, live, as one plain profile (null: no
 * users document); it speaks once both have answered, then on every change of either. Only the
 * newest copy matters. The consumer closes it.
 */
export function ownProfileChannel(db: DocumentStore, uid: string): EventChannel<Live<UserProfile | null>> {
  return subscriptionChannel<UserProfile | null>((onValue, onError) => {
    let user: DocData | null | undefined;
    let inbox: DocData | null | undefined;
    const emit = () => {
      if (user === undefined || inbox === undefined) return;
      onValue(user ? toUserProfile(withInbox(user, inbox)) : null);
    };
    const stopUser = db.subscribeDoc(
      userRef(uid),
      (snapshot) => {
        user = snapshot.data;
        emit();
      },
      onError,
    );
    const stopInbox = db.subscribeDoc(
      inboxRef(uid),
      (snapshot) => {
        inbox = snapshot.data;
        emit();
      },
      onError,
    );
    return () => {
      stopUser();
      stopInbox();
    };
  });
}
