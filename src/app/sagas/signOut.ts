// Sign-out, the one event every feature reacts to: its sagas stop reading, its slice forgets.
import type { Action, ActionReducerMapBuilder } from '@reduxjs/toolkit';
import { call, race, take } from 'redux-saga/effects';

import { authStateChanged } from './authState';

const isSignOut = (action: Action) => authStateChanged.match(action) && action.payload.user === null;

/** Runs `saga` until it ends or the user signs out: reads after sign-out would only be denied. */
export function untilSignedOut<Args extends unknown[]>(saga: (...args: Args) => Generator) {
  return function* raceSignOut(...args: Args) {
    yield race({ done: call(saga, ...args), signedOut: take(isSignOut) });
  };
}

/** Signing out (or in as someone else, which passes through signed out) must not leak the previous user's state. */
export function resetOnSignOut<S>(builder: ActionReducerMapBuilder<S>, initialState: S) {
  return builder.addCase(authStateChanged, (state, action) => (action.payload.user ? state : initialState));
}
