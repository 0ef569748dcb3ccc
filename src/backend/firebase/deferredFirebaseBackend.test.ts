// The Firebase build's deferred backend: the real adapter (App, Auth, Firestore behind it) is
// replaced by a fake whose loading the tests control, so each case checks when it loads.
import { BackendError } from '../port';
import type { AuthPort, AuthUser, Backend, DocumentStore } from '../port';
import { createDeferredFirebaseBackend, SIGN_IN_CHANNEL } from './deferredFirebaseBackend';

const ada: AuthUser = { uid: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null };

/** A stand-in for createFirebaseBackend's result: Auth reports `initialUser` first, like Firebase. */
function fakeRealBackend(initialUser: AuthUser | null = null) {
  const listeners = new Set<(user: AuthUser | null) => void>();
  let current = initialUser;
  const auth: AuthPort = {
    providers: ['google', 'github'],
    onAuthStateChanged: jest.fn((onChange: (user: AuthUser | null) => void) => {
      listeners.add(onChange);
      queueMicrotask(() => onChange(current));
      return () => listeners.delete(onChange);
    }),
    signUp: jest.fn(() => Promise.resolve(ada)),
    signIn: jest.fn(() => Promise.resolve(ada)),
    signOut: jest.fn(() => Promise.resolve()),
    sendPasswordReset: jest.fn(() => Promise.resolve()),
    signInWithProvider: jest.fn(() => Promise.resolve(ada)),
    isModerator: jest.fn(() => Promise.resolve(true)),
  };
  const db = {
    get: jest.fn((ref: { collection: string; id: string }) => Promise.resolve({ ref, data: { n: 1 } })),
  } as unknown as DocumentStore;
  const backend: Backend = {
    kind: 'firebase',
    auth,
    db,
    storage: { uploadUserPhoto: jest.fn(() => Promise.resolve('https://photo')) },
  };
  const signInElsewhere = (user: AuthUser | null) => {
    current = user;
    for (const listener of listeners) listener(user);
  };
  return { backend, signInElsewhere };
}

/** A BroadcastChannel pair stand-in: `deliver` plays another tab's message. */
function fakeChannel() {
  const channel = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    postMessage: jest.fn(),
    close: jest.fn(),
  };
  return {
    open: jest.fn(() => channel),
    channel,
    deliver: () => channel.onmessage?.({ data: 'signed-in' } as MessageEvent),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp({
  sessionMayExist = false,
  initialUser = null as AuthUser | null,
  load = undefined as (() => Promise<Backend>) | undefined,
} = {}) {
  const real = fakeRealBackend(initialUser);
  const loadReal = jest.fn(load ?? (() => Promise.resolve(real.backend)));
  const broadcast = fakeChannel();
  const backend = createDeferredFirebaseBackend({ load: loadReal, sessionMayExist, openChannel: broadcast.open });
  const reports: Array<AuthUser | null> = [];
  const errors: BackendError[] = [];
  const listen = () =>
    backend.auth.onAuthStateChanged(
      (user) => reports.push(user),
      (error) => errors.push(error),
    );
  return { backend, real, loadReal, broadcast, reports, errors, listen };
}

describe('deferred Firebase backend', () => {
  test('a signed-out boot reports "signed out" without loading Auth, and offers the social providers', async () => {
    const { backend, loadReal, reports, listen } = setUp();
    listen();
    await flush();
    expect(reports).toEqual([null]);
    expect(loadReal).not.toHaveBeenCalled();
    expect(backend.auth.providers).toEqual(['google', 'github']);
    await expect(backend.auth.isModerator()).resolves.toBe(false);
    expect(loadReal).not.toHaveBeenCalled();
  });

  test('a persisted session loads Auth at boot and the first report is its user', async () => {
    const { loadReal, reports, listen } = setUp({ sessionMayExist: true, initialUser: ada });
    expect(loadReal).not.toHaveBeenCalled();
    listen();
    expect(loadReal).toHaveBeenCalledTimes(1);
    await flush();
    expect(reports).toEqual([ada]);
  });

  test('warm-up loads Auth once, however often the forms ask, and the repeated "signed out" is not reported again', async () => {
    const { backend, loadReal, real, reports, listen } = setUp();
    listen();
    await flush();
    backend.auth.warmUp?.();
    backend.auth.warmUp?.();
    await flush();
    backend.auth.warmUp?.();
    expect(loadReal).toHaveBeenCalledTimes(1);
    expect(real.backend.auth.onAuthStateChanged).toHaveBeenCalledTimes(1);
    expect(reports).toEqual([null]);
  });

  test('a sign-in loads Auth, signs in through it, reports the user and tells the other tabs', async () => {
    const { backend, loadReal, real, reports, listen, broadcast } = setUp();
    listen();
    await flush();
    await expect(backend.auth.signIn('ada@example.com', 'secret')).resolves.toEqual(ada);
    expect(loadReal).toHaveBeenCalledTimes(1);
    expect(real.backend.auth.signIn).toHaveBeenCalledWith('ada@example.com', 'secret');
    expect(broadcast.channel.postMessage).toHaveBeenCalledTimes(1);
    real.signInElsewhere(ada); // Auth's own report of the new session
    expect(reports).toEqual([null, ada]);
  });

  test('the first data call loads the real backend; concurrent calls share one load', async () => {
    const { backend, loadReal, real } = setUp();
    const ref = { collection: 'users', id: 'u1' };
    const [first, second] = await Promise.all([
      backend.db.get(ref),
      backend.db.get(ref),
      backend.storage.uploadUserPhoto('u1', new Blob()),
    ]);
    expect(first).toEqual({ ref, data: { n: 1 } });
    expect(second).toEqual({ ref, data: { n: 1 } });
    expect(loadReal).toHaveBeenCalledTimes(1);
    expect(real.backend.db.get).toHaveBeenCalledTimes(2);
    expect(real.backend.storage.uploadUserPhoto).toHaveBeenCalledTimes(1);
  });

  test('a load failure rejects the operation with a BackendError the UI can show, and a retry can succeed', async () => {
    const real = fakeRealBackend();
    let attempts = 0;
    const { backend, loadReal } = setUp({
      load: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('ChunkLoadError: offline')) : Promise.resolve(real.backend);
      },
    });
    backend.auth.warmUp?.(); // fails quietly: no unhandled rejection
    await flush();
    await expect(backend.auth.signIn('ada@example.com', 'secret')).resolves.toEqual(ada);
    expect(loadReal).toHaveBeenCalledTimes(2);

    const failing = setUp({ load: () => Promise.reject(new Error('offline')) });
    const failure = failing.backend.auth.sendPasswordReset('ada@example.com');
    await expect(failure).rejects.toBeInstanceOf(BackendError);
    await expect(failure).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Sign-in could not be loaded: offline',
    });
    await expect(failing.backend.db.get({ collection: 'users', id: 'u1' })).rejects.toMatchObject({
      code: 'unavailable',
    });
  });

  test('a persisted session whose Auth cannot load is a failed first check; a later load picks the session up', async () => {
    const real = fakeRealBackend(ada);
    let attempts = 0;
    const { backend, reports, errors, listen } = setUp({
      sessionMayExist: true,
      load: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(real.backend);
      },
    });
    listen();
    await flush();
    expect(errors.map((error) => error.code)).toEqual(['unavailable']);
    expect(reports).toEqual([]);
    backend.auth.warmUp?.();
    await flush();
    expect(reports).toEqual([ada]);
  });

  test('another tab signing in makes this one load Auth and report the session', async () => {
    const { loadReal, real, reports, listen, broadcast } = setUp();
    listen();
    await flush();
    expect(broadcast.open).toHaveBeenCalledWith(SIGN_IN_CHANNEL);
    real.signInElsewhere(ada); // persisted by the other tab, not yet seen here
    broadcast.deliver();
    await flush();
    expect(loadReal).toHaveBeenCalledTimes(1);
    expect(reports).toEqual([null, ada]);
  });

  test('social sign-in calls Auth synchronously once it has loaded (the popup opens within the click)', async () => {
    const { backend, real } = setUp();
    backend.auth.warmUp?.();
    await flush();
    const signingIn = backend.auth.signInWithProvider('github');
    expect(real.backend.auth.signInWithProvider).toHaveBeenCalledWith('github');
    await expect(signingIn).resolves.toEqual(ada);
  });

  test('social sign-in before the load waits for it, then signs in', async () => {
    const { backend, real, loadReal } = setUp();
    await expect(backend.auth.signInWithProvider('google')).resolves.toEqual(ada);
    expect(loadReal).toHaveBeenCalledTimes(1);
    expect(real.backend.auth.signInWithProvider).toHaveBeenCalledWith('google');
  });

  test('an unsubscribed listener hears nothing once Auth loads', async () => {
    const { backend, real, reports, listen } = setUp();
    const stop = listen();
    await flush();
    stop();
    backend.auth.warmUp?.();
    await flush();
    real.signInElsewhere(ada);
    expect(reports).toEqual([null]);
  });
});

describe("the start-up loader's sign of a session (no signed-out form for a signed-in visitor to /login)", () => {
  function withHint({ sessionMayExist = false, initialUser = null as AuthUser | null } = {}) {
    const real = fakeRealBackend(initialUser);
    const rememberSession = jest.fn();
    const backend = createDeferredFirebaseBackend({
      load: () => Promise.resolve(real.backend),
      sessionMayExist,
      openChannel: fakeChannel().open,
      rememberSession,
    });
    backend.auth.onAuthStateChanged(
      () => undefined,
      () => undefined,
    );
    return { real, rememberSession };
  }

  test('is kept while a user is signed in and dropped when the session ends', async () => {
    const { real, rememberSession } = withHint({ sessionMayExist: true, initialUser: ada });
    await flush();
    expect(rememberSession.mock.calls).toEqual([[true]]);
    real.signInElsewhere(null);
    expect(rememberSession.mock.calls).toEqual([[true], [false]]);
  });

  test('is dropped by a signed-out first check', async () => {
    const { rememberSession } = withHint();
    await flush();
    expect(rememberSession.mock.calls).toEqual([[false]]);
  });

  test('by default lives in localStorage under the key the start-up loader reads', async () => {
    localStorage.removeItem('devtribe.firebaseSession');
    const real = fakeRealBackend(ada);
    const backend = createDeferredFirebaseBackend({
      load: () => Promise.resolve(real.backend),
      sessionMayExist: true,
      openChannel: fakeChannel().open,
    });
    backend.auth.onAuthStateChanged(
      () => undefined,
      () => undefined,
    );
    await flush();
    expect(localStorage.getItem('devtribe.firebaseSession')).toBe('1');
    real.signInElsewhere(null);
    expect(localStorage.getItem('devtribe.firebaseSession')).toBeNull();
  });
});
