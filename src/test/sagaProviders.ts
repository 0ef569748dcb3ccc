// Providers for redux-saga-test-plan. `delay(ms)` from redux-saga/effects is a call effect of an
// internal function (not of `delay` itself), so `matchers.call.fn(delay)` and
// `matchers.call(delay, ms)` never match: a test using them waits for real and proves nothing.
// These match the delay effect's own function and its duration.
import type { CallEffect } from 'redux-saga/effects';
import { delay } from 'redux-saga/effects';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';

/** The function every `delay(ms)` effect calls. */
export const DELAY_FN = (delay(0) as CallEffect).payload.fn;

export const isDelayOf = (effect: { fn: unknown; args: unknown[] }, ms: number): boolean =>
  effect.fn === DELAY_FN && effect.args[0] === ms;

/** A static provider that resolves `delay(ms)` at once; other durations still wait. */
export function skipDelayOf(ms: number): StaticProvider {
  return [matchers.call(DELAY_FN, ms), null];
}
