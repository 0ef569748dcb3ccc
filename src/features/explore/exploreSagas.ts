import type { EventChannel } from 'redux-saga';
import { buffers, eventChannel } from 'redux-saga';
import { call, put, race, take, takeLatest } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import type { Backend, DocumentStore, QuerySpec, SerializedError } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import { toUserProfile, USERS } from '../profile';
import type { DirectoryPerson } from './explorePeople';
import { toDirectoryPerson } from './explorePeople';
import { exploreClosed, exploreOpened, loadFailed, peopleLoaded } from './exploreSlice';

/** One live page, as large as the rules allow a list query (QUERY_PAGE_MAX). */
export const DIRECTORY_LIMIT = 50;
export const DIRECTORY_QUERY: QuerySpec = { collection: USERS, limit: DIRECTORY_LIMIT };

type DirectoryEvent = { people: DirectoryPerson[] } | { error: SerializedError };

export function directoryChannel(db: DocumentStore): EventChannel<DirectoryEvent> {
  return eventChannel<DirectoryEvent>(
    (emit) =>
      db.subscribeQuery(
        DIRECTORY_QUERY,
        (snapshots) =>
          emit({
            people: snapshots.flatMap((snapshot) =>
              snapshot.data ? [toDirectoryPerson(snapshot.ref.id, toUserProfile(snapshot.data))] : [],
            ),
          }),
        (error) => emit({ error: toSerializedError(error) }),
      ),
    // Only the newest directory matters; older snapshots waiting in the buffer are stale.
    buffers.sliding(1),
  );
}

/** The first snapshot is the initial read; every later one is a change somewhere in users. */
export function* watchDirectory() {
  const backend: Backend = yield* getBackend();
  const channel: EventChannel<DirectoryEvent> = yield call(directoryChannel, backend.db);
  try {
    while (true) {
      const event: DirectoryEvent = yield take(channel);
      if ('error' in event) {
        yield put(loadFailed(event.error));
        return;
      }
      yield put(peopleLoaded({ people: event.people }));
    }
  } finally {
    channel.close();
  }
}

function* followDirectory() {
  // Leaving the page cancels the watch; its finally closes the subscription.
  yield race({ watch: call(watchDirectory), closed: take(exploreClosed.type) });
}

export function* exploreSaga() {
  // takeLatest: opening the page again (or Retry) replaces the previous subscription.
  yield takeLatest(exploreOpened.type, followDirectory);
}
