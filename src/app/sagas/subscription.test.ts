import { buffers, runSaga } from 'redux-saga';
import { put } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';

import { BackendError } from '../../backend/port';
import { followChannel, putEach, subscriptionChannel } from './subscription';
import type { Subscribe } from './subscription';

/** A hand-driven subscription: the test calls next/fail, and sees when it is unsubscribed. */
function source() {
  const handle: { next?: (value: number) => void; fail?: (error: unknown) => void; unsubscribed: boolean } = {
    unsubscribed: false,
  };
  const subscribe: Subscribe<number> = (next, fail) => {
    handle.next = next;
    handle.fail = fail;
    return () => {
      handle.unsubscribed = true;
    };
  };
  return { handle, subscribe };
}

const seen = (value: number) => ({ type: 'seen', payload: value });
const failed = (message: string) => ({ type: 'failed', payload: message });

describe('followChannel over subscriptionChannel', () => {
  it('hands over every value in turn and unsubscribes when the saga is cancelled', async () => {
    const { handle, subscribe } = source();
    const channel = subscriptionChannel(subscribe, buffers.expanding());
    setTimeout(() => {
      handle.next?.(1);
      handle.next?.(2);
    }, 5);
    await expectSaga(
      followChannel<number>,
      channel,
      putEach(seen, (error) => failed(error.message)),
    )
      .put(seen(1))
      .put(seen(2))
      .not.put.like({ action: { type: 'failed' } })
      .silentRun(50);
    expect(handle.unsubscribed).toBe(true);
  });

  it('keeps only the newest value by default', async () => {
    const { handle, subscribe } = source();
    const channel = subscriptionChannel(subscribe);
    handle.next?.(1);
    handle.next?.(2);
    await expectSaga(
      followChannel<number>,
      channel,
      putEach(seen, (error) => failed(error.message)),
    )
      .put(seen(2))
      .not.put(seen(1))
      .silentRun(20);
  });

  it('ends by itself on an error, handed over as plain data, and unsubscribes', async () => {
    const { handle, subscribe } = source();
    const channel = subscriptionChannel(subscribe);
    const dispatched: unknown[] = [];
    const task = runSaga(
      { dispatch: (action) => dispatched.push(action), getState: () => ({}) },
      followChannel<number>,
      channel,
      {
        *value(value: number) {
          yield put(seen(value));
        },
        *error(error) {
          yield put({ type: 'failed', payload: error });
        },
      },
    );
    handle.fail?.(new BackendError('permission-denied', 'Denied.'));
    // Resolves only if the follow returned by itself.
    await task.toPromise();
    expect(dispatched).toEqual([{ type: 'failed', payload: { code: 'permission-denied', message: 'Denied.' } }]);
    expect(handle.unsubscribed).toBe(true);
  });

  it('goes on after an error when the source says errors are events', async () => {
    const { handle, subscribe } = source();
    const channel = subscriptionChannel(subscribe, buffers.expanding());
    setTimeout(() => {
      handle.fail?.(new Error('Check failed.'));
      handle.next?.(3);
    }, 5);
    await expectSaga(followChannel<number>, channel, {
      ...putEach(seen, (error) => failed(error.message)),
      continueAfterError: true,
    })
      .put(failed('Check failed.'))
      .put(seen(3))
      .silentRun(50);
    expect(handle.unsubscribed).toBe(true);
  });
});
