import type { Channel, Saga, Task } from 'redux-saga';
import { all, cancel, spawn, take } from 'redux-saga/effects';

import { sessionSaga } from '../features/session/sessionSagas';
import { openArrivalPage } from './arrivalSagas';

/** The sagas of what every screen needs; route and signed-in features start theirs when they load. */
const coreSagas = [sessionSaga, openArrivalPage];

export function* rootSaga(featureSagas: Channel<Saga<[]>>) {
  // spawn, not fork: one feature's saga crashing must not take the others (or the session) down.
  const tasks = (yield all(coreSagas.map((saga) => spawn(saga)))) as Task[];
  try {
    // Spawned tasks are detached, so the root stays alive to stop them all when it is cancelled
    // (store teardown in tests; nothing cancels it in the app).
    while (true) {
      const saga = (yield take(featureSagas)) as Saga<[]>;
      tasks.push((yield spawn(saga)) as Task);
    }
  } finally {
    yield cancel(tasks);
  }
}
