import type { EventChannel } from 'redux-saga';

import { subscriptionChannel } from '../../app/sagas';
import type { Live } from '../../app/sagas';
import type { DocumentStore } from '../../backend/port';
import type { UserProfile } from '../../domain/profileTypes';
import { userRef } from './profileApi';
import { toUserProfile } from './profileMapper';

/** users/{uid}, live, as plain profiles (null: no such document); only the newest copy matters. The consumer closes it. */
export function profileDocChannel(db: DocumentStore, uid: string): EventChannel<Live<UserProfile | null>> {
  return subscriptionChannel<UserProfile | null>((onValue, onError) =>
    db.subscribeDoc(userRef(uid), (snapshot) => onValue(snapshot.data ? toUserProfile(snapshot.data) : null), onError),
  );
}
