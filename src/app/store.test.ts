// A saga that throws reaches the one reporting function Sentry is plugged into, and the app
// carries on: the real store and root saga over the local adapter.
import { take } from 'redux-saga/effects';

import type { LocalBackend } from '../backend/local/createLocalBackend';
import { exploreFeature } from '../features/explore/exploreFeature';
import { signUpRequested } from '../features/session/sessionSlice';
import type { ErrorReporter } from '../platform/errorReporting';
import { logToConsole, setErrorReporter } from '../platform/errorReporting';
import { createTestBackend, createTestClock } from '../test/testBackend';
import type { AppStore } from './store';
import { setSignedInScreensLoader, setupStore } from './store';

let backend: LocalBackend;
let store: AppStore;

afterEach(async () => {
  setErrorReporter(logToConsole);
  store.sagaTask.cancel();
  await backend.local.close();
});

function until(predicate: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (predicate()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!predicate()) return;
      unsubscribe();
      resolve();
    });
  });
}

it('an uncaught saga error goes to reportError with its saga stack, and the other sagas go on', async () => {
  const reported = jest.fn<void, Parameters<ErrorReporter>>();
  setErrorReporter(reported);
  const clock = createTestClock();
  backend = await createTestBackend({ clock });
  // No route feature loaded yet, so the failing one below is started like a route's chunk would be.
  store = setupStore({ backend, clock });
  await until(() => store.getState().session.status === 'signedOut');

  const boom = new Error('boom in a feature saga');
  store.loadFeature({
    ...exploreFeature,
    *saga() {
      yield take('test/crashRequested');
      throw boom;
    },
  });
  expect(reported).not.toHaveBeenCalled();
  expect(() => store.dispatch({ type: 'test/crashRequested' })).not.toThrow();

  expect(reported).toHaveBeenCalledTimes(1);
  expect(reported).toHaveBeenCalledWith(boom, {
    description: 'Uncaught saga error:',
    sagaStack: expect.stringContaining('saga'),
  });

  // The session saga still answers: the crash stayed in its own spawned task.
  store.dispatch(signUpRequested({ displayName: 'Ada', email: 'ada@example.com', password: 'analytical' }));
  await until(() => store.getState().session.status === 'signedIn');
  expect(store.getState().session.user?.displayName).toBe('Ada');
});

it('a sign-in loads the signed-in features one at a time, letting the browser in after each', async () => {
  const clock = createTestClock();
  backend = await createTestBackend({ clock });
  const steps: string[] = [];
  store = setupStore({
    backend,
    clock,
    yieldBetweenSteps: () => {
      steps.push(`yield after ${store.getState().loadedFeatures.join(', ')}`);
      return Promise.resolve();
    },
  });
  await until(() => store.getState().session.status === 'signedOut');
  store.dispatch(signUpRequested({ displayName: 'Ada', email: 'ada@example.com', password: 'analytical' }));
  await until(() => store.getState().session.status === 'signedIn');
  // Each feature's code evaluated in a step of its own: together they were one long task.
  expect(steps).toEqual([
    'yield after friends',
    'yield after friends, notifications',
    'yield after friends, notifications, safety',
    'yield after friends, notifications, safety, installPrompt',
  ]);
});

it("a sign-in waits for the signed-in screens' code the app registered, and not for one that fails", async () => {
  const clock = createTestClock();
  backend = await createTestBackend({ clock });
  let loadScreens: (value?: unknown) => void = () => undefined;
  const screens = jest.fn(() => new Promise((resolve) => (loadScreens = resolve)));
  setSignedInScreensLoader(screens);
  try {
    store = setupStore({ backend, clock });
    await until(() => store.getState().session.status === 'signedOut');
    store.dispatch(signUpRequested({ displayName: 'Ada', email: 'ada@example.com', password: 'analytical' }));
    await until(() => store.getState().loadedFeatures.length === 4);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screens).toHaveBeenCalledTimes(1);
    // The header's bell and links would be missing when it first shows signed in.
    expect(store.getState().session.status).not.toBe('signedIn');
    loadScreens();
    await until(() => store.getState().session.status === 'signedIn');

    store.sagaTask.cancel();
    setSignedInScreensLoader(() => Promise.reject(new Error('offline')));
    store = setupStore({ backend, clock });
    await until(() => store.getState().session.status === 'signedIn');
  } finally {
    setSignedInScreensLoader(() => Promise.resolve());
  }
});
