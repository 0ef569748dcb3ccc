import { all, spawn } from 'redux-saga/effects';

import { exploreSaga } from '../features/explore/exploreSagas';
import { friendsSaga } from '../features/friends/friendsSagas';
import { installPromptSaga } from '../features/installPrompt/installPromptSagas';
import { notificationsSaga } from '../features/notifications/notificationsSagas';
import { profileSaga } from '../features/profile/profileSagas';
import { sessionSaga } from '../features/session/sessionSagas';

// spawn, not fork: one feature's saga crashing must not take the others (or the session) down.
const featureSagas = [sessionSaga, profileSaga, exploreSaga, friendsSaga, notificationsSaga, installPromptSaga];

export function* rootSaga() {
  yield all(featureSagas.map((saga) => spawn(saga)));
}
