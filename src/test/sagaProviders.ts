// Saga test providers for redux-saga-test-plan: the saga context (a fake backend nobody may call
// for real, a fixed clock) and delays stubbed by duration. `delay(ms)` from redux-saga/effects is
// a call effect of an internal function (not of `delay` itself), so `matchers.call.fn(delay)` and
// `matchers.call(delay, ms)` never match: a test using them waits for real and proves nothing.
// These match the delay effect's own function and its duration.
import type { CallEffect } from 'redux-saga/effects';
import { delay } from 'redux-saga/effects';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';

import type { Backend, Clock } from '../backend/port';

/** Stands in for the backend's db in `call` matchers: every backend call must be provided. */
export const FAKE_DB = { fake: 'db' } as unknown as Backend['db'];
export const FAKE_BACKEND = { kind: 'local', db: FAKE_DB } as unknown as Backend;
/** A clock stopped at 1,000 ms; the same object every time, so `.call(fn, ..., SAGA_CLOCK)` matches. */
export const SAGA_CLOCK: Clock = { now: () => 1_000 };

/** getContext('backend') and getContext('clock') as the store provides them. */
export function sagaContext({
  backend = FAKE_BACKEND,
  clock = SAGA_CLOCK,
}: { backend?: Backend; clock?: Clock } = {}): StaticProvider[] {
  return [
    [matchers.getContext('backend'), backend],
    [matchers.getContext('clock'), clock],
  ];
}

/** The function every `delay(ms)` effect calls. */
export const DELAY_FN = (delay(0) as CallEffect).payload.fn;

export const isDelayOf = (effect: { fn: unknown; args: unknown[] }, ms: number): boolean =>
  effect.fn === DELAY_FN && effect.args[0] === ms;

/** A static provider that resolves `delay(ms)` at once; other durations still wait. */
export function skipDelayOf(ms: number): StaticProvider {
  return [matchers.call(DELAY_FN, ms), null];
}
