import { call, delay, put, select, takeLatest } from 'redux-saga/effects';

import { getBackend } from '../../app/sagaContext';
import type { Backend } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import { reportError } from '../../platform/errorReporting';
import { selectSessionUser } from '../session';
import type { SessionUser } from '../session';
import { clearNewNotificationFlag, markNotificationsRead } from './notificationsApi';
import { markedRead, newFlagReset, opened, readFailed } from './notificationsSlice';

/** Spec section 9: hasNewNotification is reset 1000 ms after the notifications are read. */
export const NEW_NOTIFICATION_RESET_MS = 1000;

/** Marks the stored notifications read in the user's own document, then resets the flag 1000 ms later. */
function* readNotifications() {
  const user: SessionUser | null = yield select(selectSessionUser);
  if (!user) return;
  const backend: Backend = yield* getBackend();
  try {
    const count: number = yield call(markNotificationsRead, backend.db, user.uid);
    yield put(markedRead({ count }));
    yield delay(NEW_NOTIFICATION_RESET_MS);
    yield call(clearNewNotificationFlag, backend.db, user.uid);
    yield put(newFlagReset());
  } catch (error) {
    yield call(reportError, error, { description: 'Marking notifications read failed:' });
    yield put(readFailed(toSerializedError(error)));
  }
}

export function* notificationsSaga() {
  // takeLatest: opening the bell again restarts the read, so the flag resets 1000 ms after the last one.
  yield takeLatest(opened.type, readNotifications);
}
