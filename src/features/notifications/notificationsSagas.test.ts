import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import type { LoadedState } from '../../app/rootReducer';
import { rootReducer } from '../../test/allFeatures';
import { FAKE_DB, isDelayOf, sagaContext, skipDelayOf } from '../../test/sagaProviders';
import { signedInRootState } from '../../test/signedInState';
import { clearNewNotificationFlag, markNotificationsRead } from './notificationsApi';
import { NEW_NOTIFICATION_RESET_MS, notificationsSaga } from './notificationsSagas';
import { markedRead, newFlagReset, opened, readFailed } from './notificationsSlice';

const db = FAKE_DB;
const context = sagaContext();

const signedInState = (): LoadedState =>
  signedInRootState({ uid: 'alice', email: null, displayName: 'Alice' }, { hasNewNotification: true });

const calls = (effects: unknown[]) =>
  effects
    .filter(
      (effect): effect is { type: 'CALL'; payload: { fn: unknown; args: unknown[] } } =>
        (effect as { type?: string }).type === 'CALL',
    )
    .map((effect) => effect.payload);

describe('reading notifications', () => {
  it(`marks them read, then resets hasNewNotification ${NEW_NOTIFICATION_RESET_MS} ms later`, async () => {
    const result = await expectSaga(notificationsSaga)
      .withReducer(rootReducer, signedInState())
      .provide([
        ...context,
        [matchers.call.fn(markNotificationsRead), 2],
        [matchers.call.fn(clearNewNotificationFlag), undefined],
        skipDelayOf(1000),
      ])
      .dispatch(opened())
      .call(markNotificationsRead, db, 'alice')
      .put(markedRead({ count: 2 }))
      .call(clearNewNotificationFlag, db, 'alice')
      .put(newFlagReset())
      .silentRun(200);
    const order = calls(result.allEffects);
    const markIndex = order.findIndex((effect) => effect.fn === markNotificationsRead);
    const delayIndex = order.findIndex((effect) => isDelayOf(effect, 1000));
    const clearIndex = order.findIndex((effect) => effect.fn === clearNewNotificationFlag);
    expect(markIndex).toBeLessThan(delayIndex);
    expect(delayIndex).toBeLessThan(clearIndex);
    expect((result.storeState as LoadedState).notifications.readStatus).toBe('read');
  }, 900);

  it('does not reset the flag before the delay has passed', async () => {
    await expectSaga(notificationsSaga)
      .withState(signedInState())
      .provide([
        ...context,
        [matchers.call.fn(markNotificationsRead), 1],
        [matchers.call.fn(clearNewNotificationFlag), undefined],
      ])
      .dispatch(opened())
      .put(markedRead({ count: 1 }))
      .not.call.fn(clearNewNotificationFlag)
      .silentRun(300);
  });

  it('reports a failed read without crashing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expectSaga(notificationsSaga)
      .withState(signedInState())
      .provide([...context, [matchers.call.fn(markNotificationsRead), Promise.reject(new Error('offline'))]])
      .dispatch(opened())
      .put(readFailed({ code: 'unknown', message: 'offline' }))
      .not.put(newFlagReset())
      .silentRun(100);
  });
});
