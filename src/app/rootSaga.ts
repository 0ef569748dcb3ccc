import { all, spawn } from 'redux-saga/effects';

import { sessionSaga } from '../features/session/sessionSagas';

// spawn, not fork: one feature's saga crashing must not take the others (or the session) down.
const featureSagas = [sessionSaga];

export function* rootSaga() {
  yield all(featureSagas.map((saga) => spawn(saga)));
}
