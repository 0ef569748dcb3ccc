import type { EventChannel } from 'redux-saga';
import { buffers, eventChannel } from 'redux-saga';

import type { DocumentStore, SerializedError } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import type { UserProfile } from '../../domain/profileTypes';
import { userRef } from './profileApi';
import { toUserProfile } from './profileMapper';

export type ProfileEvent = { profile: UserProfile | null } | { error: SerializedError };

/** users/{uid} as a live channel of plain profiles; the consumer closes it. */
export function profileDocChannel(db: DocumentStore, uid: string): EventChannel<ProfileEvent> {
  return eventChannel<ProfileEvent>(
    (emit) =>
      db.subscribeDoc(
        userRef(uid),
        (snapshot) => emit({ profile: snapshot.data ? toUserProfile(snapshot.data) : null }),
        (error) => emit({ error: toSerializedError(error) }),
      ),
    // Only the newest copy of the document matters.
    buffers.sliding(1),
  );
}
