import type { EventChannel } from 'redux-saga';
import { call, takeLatest } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import { followChannel, putEach, subscriptionChannel, whileOpen } from '../../app/sagas';
import type { Live } from '../../app/sagas';
import type { Backend, DocumentStore, QuerySpec } from '../../backend/port';
import { USERS } from '../../domain/collections';
import { toUserProfile } from '../profile';
import type { DirectoryPerson } from './explorePeople';
import { toDirectoryPerson } from './explorePeople';
import { exploreClosed, exploreOpened, loadFailed, peopleLoaded } from './exploreSlice';

/** One live page, as large as the rules allow a list query (QUERY_PAGE_MAX). */
const DIRECTORY_LIMIT = 50;
export const DIRECTORY_QUERY: QuerySpec = { collection: USERS, limit: DIRECTORY_LIMIT };

/** Only the newest directory matters; older snapshots waiting in the buffer are stale. */
function directoryChannel(db: DocumentStore): EventChannel<Live<DirectoryPerson[]>> {
  return subscriptionChannel<DirectoryPerson[]>((onValue, onError) =>
    db.subscribeQuery(
      DIRECTORY_QUERY,
      (snapshots) =>
        onValue(
          snapshots.flatMap((snapshot) =>
            snapshot.data ? [toDirectoryPerson(snapshot.ref.id, toUserProfile(snapshot.data))] : [],
          ),
        ),
      onError,
    ),
  );
}

/** The first snapshot is the initial read; every later one is a change somewhere in users. */
function* watchDirectory() {
  const backend: Backend = yield* getBackend();
  const channel: EventChannel<Live<DirectoryPerson[]>> = yield call(directoryChannel, backend.db);
  yield* followChannel(
    channel,
    putEach((people) => peopleLoaded({ people }), loadFailed),
  );
}

function* followDirectory() {
  yield* whileOpen(exploreClosed, call(watchDirectory));
}

export function* exploreSaga() {
  // takeLatest: opening the page again (or Retry) replaces the previous subscription.
  yield takeLatest(exploreOpened.type, followDirectory);
}
