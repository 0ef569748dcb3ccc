// Backend (and auth) subscriptions as saga channels, written once. A feature names what it
// follows and what each snapshot becomes; the subscription's lifetime is the saga's.
import type { Action } from '@reduxjs/toolkit';
import type { Buffer, EventChannel } from 'redux-saga';
import { buffers, eventChannel } from 'redux-saga';
import { put, take } from 'redux-saga/effects';

import type { SerializedError, Unsubscribe } from '../../backend/port';
import { toSerializedError } from '../../backend/port';

/** One event of a subscription: a new value, or the error that ended it. */
export type Live<T> = { value: T } | { error: SerializedError };

/** The port's shape of a subscription: values and an error through callbacks, an unsubscribe back. */
export type Subscribe<T> = (onValue: (value: T) => void, onError: (error: unknown) => void) => Unsubscribe;

/**
 * The subscription as a channel; closing the channel unsubscribes. By default only the newest
 * value matters (a sliding buffer of one drops the stale ones); pass another buffer where every
 * event must be seen.
 */
export function subscriptionChannel<T>(
  subscribe: Subscribe<T>,
  buffer: Buffer<Live<T>> = buffers.sliding(1),
): EventChannel<Live<T>> {
  return eventChannel<Live<T>>(
    (emit) =>
      subscribe(
        (value) => emit({ value }),
        (error) => emit({ error: toSerializedError(error) }),
      ),
    buffer,
  );
}

interface Followers<T> {
  /** Every value, in turn. */
  value: (value: T) => Generator;
  /** The subscription failed: this runs, then the follow ends (unless `continueAfterError`). */
  error: (error: SerializedError) => Generator;
  /** For a source whose errors are events, not its end (the auth state: a failed check, then sign-ins). */
  continueAfterError?: boolean;
}

/**
 * Hands every event of `channel` to `on` until the subscription fails or the saga is cancelled
 * (page left, signed out, superseded by takeLatest). The channel is closed however it ends, so
 * no listener outlives its saga.
 */
export function* followChannel<T>(channel: EventChannel<Live<T>>, on: Followers<T>) {
  try {
    while (true) {
      const event = (yield take(channel)) as Live<T>;
      if ('error' in event) {
        yield* on.error(event.error);
        if (on.continueAfterError) continue;
        return;
      }
      yield* on.value(event.value);
    }
  } finally {
    // Cancelled, or returned after an error: either way the listener goes with the saga.
    channel.close();
  }
}

/** The common case: each value and the error become one action each. */
export function putEach<T>(onValue: (value: T) => Action, onError: (error: SerializedError) => Action): Followers<T> {
  return {
    *value(value) {
      yield put(onValue(value));
    },
    *error(error) {
      yield put(onError(error));
    },
  };
}
