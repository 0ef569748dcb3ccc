// Which adapter a build gets: the local one without a Firebase configuration, Firebase with
// one (deferred: App and Auth load when a session may exist or on first use). Both adapters and
// the session probe are mocked: this is about the choice (and buildConfig.js reading the env).
import type { AppConfig } from '../config';
import { createBackend } from './createBackend';

const fakeLocal = { kind: 'local' };
const fakeFirebase = { kind: 'firebase' };
const mockCreateLocalBackend = jest.fn(() => Promise.resolve(fakeLocal));
const mockCreateFirebaseBackend = jest.fn(() => fakeFirebase);

jest.mock('./local/createLocalBackend', () => ({
  createLocalBackend: (...args: unknown[]) => mockCreateLocalBackend(...(args as [])),
}));
jest.mock('./firebase/createFirebaseBackend', () => ({
  createFirebaseBackend: (...args: unknown[]) => mockCreateFirebaseBackend(...(args as [])),
}));
const mockMayHavePersistedSession = jest.fn(() => Promise.resolve(false));
jest.mock('./firebase/persistedSession', () => ({ mayHavePersistedSession: () => mockMayHavePersistedSession() }));

interface BuildConfigModule {
  buildConfig(production: boolean, env: Record<string, string | undefined>): AppConfig;
}
const { buildConfig } = jest.requireActual<BuildConfigModule>('../../scripts/buildConfig.js');

const FIREBASE_ENV = {
  DEVTRIBE_FIREBASE_API_KEY: 'key',
  DEVTRIBE_FIREBASE_AUTH_DOMAIN: 'devtribe-app.firebaseapp.com',
  DEVTRIBE_FIREBASE_PROJECT_ID: 'devtribe-app',
  DEVTRIBE_FIREBASE_APP_ID: '1:2:web:3',
};

describe('buildConfig', () => {
  it('has no Firebase configuration without the variables, or with only some of the required ones', () => {
    expect(buildConfig(true, {}).firebase).toBeNull();
    expect(buildConfig(true, { DEVTRIBE_FIREBASE_API_KEY: 'key' }).firebase).toBeNull();
  });

  it('reads the Firebase configuration from DEVTRIBE_FIREBASE_*', () => {
    expect(buildConfig(true, FIREBASE_ENV).firebase).toEqual({
      apiKey: 'key',
      authDomain: 'devtribe-app.firebaseapp.com',
      projectId: 'devtribe-app',
      appId: '1:2:web:3',
    });
  });
});

describe('buildConfig: App Check', () => {
  it('is off without a site key, and without a Firebase configuration', () => {
    expect(buildConfig(true, FIREBASE_ENV).appCheck).toBeNull();
    expect(buildConfig(true, { DEVTRIBE_FIREBASE_APP_CHECK_SITE_KEY: 'site-key' }).appCheck).toBeNull();
  });

  it('uses reCAPTCHA Enterprise by default, v3 when asked', () => {
    const env = { ...FIREBASE_ENV, DEVTRIBE_FIREBASE_APP_CHECK_SITE_KEY: 'site-key' };
    expect(buildConfig(true, env).appCheck).toEqual({ siteKey: 'site-key', provider: 'recaptcha-enterprise' });
    expect(buildConfig(true, { ...env, DEVTRIBE_FIREBASE_APP_CHECK_PROVIDER: 'enterprise' }).appCheck?.provider).toBe(
      'recaptcha-enterprise',
    );
    expect(buildConfig(true, { ...env, DEVTRIBE_FIREBASE_APP_CHECK_PROVIDER: 'v3' }).appCheck?.provider).toBe(
      'recaptcha-v3',
    );
  });

  it('points the build at the emulators of DEVTRIBE_*_EMULATOR, with DEVTRIBE_USE_EMULATORS=true only', () => {
    const env = {
      ...FIREBASE_ENV,
      DEVTRIBE_AUTH_EMULATOR: 'http://127.0.0.1:9199',
      DEVTRIBE_FIRESTORE_EMULATOR: '127.0.0.1:8183',
      DEVTRIBE_STORAGE_EMULATOR: '127.0.0.1:9299',
    };
    expect(buildConfig(true, env).emulators).toBeNull();
    expect(buildConfig(true, { ...env, DEVTRIBE_USE_EMULATORS: 'true' }).emulators).toEqual({
      auth: 'http://127.0.0.1:9199',
      firestoreHost: '127.0.0.1:8183',
      storageHost: '127.0.0.1:9299',
    });
  });

  it('stops the build on an unknown provider', () => {
    const env = {
      ...FIREBASE_ENV,
      DEVTRIBE_FIREBASE_APP_CHECK_SITE_KEY: 'site-key',
      DEVTRIBE_FIREBASE_APP_CHECK_PROVIDER: 'v2',
    };
    expect(() => buildConfig(true, env)).toThrow(
      "DEVTRIBE_FIREBASE_APP_CHECK_PROVIDER must be 'enterprise' or 'v3', not 'v2'.",
    );
  });
});

describe('createBackend', () => {
  it('gives the local adapter when the build has no Firebase configuration', async () => {
    await expect(createBackend(buildConfig(true, {}))).resolves.toBe(fakeLocal);
    expect(mockCreateFirebaseBackend).not.toHaveBeenCalled();
  });

  it('gives the deferred Firebase backend, which creates the adapter (configuration, emulators) on first use', async () => {
    const config = buildConfig(true, { ...FIREBASE_ENV, DEVTRIBE_USE_EMULATORS: 'true' });
    const backend = await createBackend(config);
    expect(backend.kind).toBe('firebase');
    expect(backend.auth.providers).toEqual(['google', 'github']);
    expect(mockCreateFirebaseBackend).not.toHaveBeenCalled();
    backend.auth.warmUp?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mockCreateFirebaseBackend).toHaveBeenCalledTimes(1);
    expect(mockCreateFirebaseBackend).toHaveBeenCalledWith(
      config.firebase,
      { auth: 'http://127.0.0.1:9099', firestoreHost: '', storageHost: '' },
      { appCheck: null },
    );
    expect(mockCreateLocalBackend).not.toHaveBeenCalled();
  });

  it('creates the Firebase adapter at boot when a session may be persisted', async () => {
    mockMayHavePersistedSession.mockResolvedValueOnce(true);
    const backend = await createBackend(buildConfig(true, FIREBASE_ENV));
    expect(mockCreateFirebaseBackend).not.toHaveBeenCalled();
    backend.auth.onAuthStateChanged(
      () => undefined,
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mockCreateFirebaseBackend).toHaveBeenCalledTimes(1);
  });

  it('hands the App Check settings to the Firebase adapter', async () => {
    const config = buildConfig(true, { ...FIREBASE_ENV, DEVTRIBE_FIREBASE_APP_CHECK_SITE_KEY: 'site-key' });
    const backend = await createBackend(config);
    backend.auth.warmUp?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mockCreateFirebaseBackend).toHaveBeenLastCalledWith(config.firebase, null, {
      appCheck: { siteKey: 'site-key', provider: 'recaptcha-enterprise' },
    });
  });
});
