import { all, spawn } from 'redux-saga/effects';

import { friendsSaga } from '../features/friends/friendsSagas';
import { notificationsSaga } from '../features/notifications/notificationsSagas';
import { sessionSaga } from '../features/session/sessionSagas';
import { profileSaga } from '../features/profile/profileSagas';
import { exploreSaga } from '../features/explore/exploreSagas';

// spawn, not fork: one feature's saga crashing must not take the others (or the session) down.
const featureSagas = [sessionSaga, profileSaga, exploreSaga, friendsSaga, notificationsSaga];

export function* rootSaga() {
  yield all(featureSagas.map((saga) => spawn(saga)));
}
