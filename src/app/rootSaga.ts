import { all, spawn } from 'redux-saga/effects';

import { exploreSaga } from '../features/explore/exploreSagas';
import { friendsSaga } from '../features/friends/friendsSagas';
import { installPromptSaga } from '../features/installPrompt/installPromptSagas';
import { notificationsSaga } from '../features/notifications/notificationsSagas';
import { profileSaga } from '../features/profile/profileSagas';
import { projectsSaga } from '../features/projects/projectsSagas';
import { sessionSaga } from '../features/session/sessionSagas';
import { tribesSaga } from '../features/tribes/tribesSagas';

// spawn, not fork: one feature's saga crashing must not take the others (or the session) down.
const featureSagas = [sessionSaga, profileSaga, exploreSaga, friendsSaga, notificationsSaga, installPromptSaga, projectsSaga, tribesSaga];

export function* rootSaga() {
  yield all(featureSagas.map((saga) => spawn(saga)));
}
