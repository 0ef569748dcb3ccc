// Which adapter a build gets: the local one without a Firebase configuration, Firebase with
// one. Both adapters are mocked: this is about the choice (and buildConfig.js reading the env).
import type { AppConfig } from '../config';
import { createBackend } from './createBackend';

const fakeLocal = { kind: 'local' };
const fakeFirebase = { kind: 'firebase' };
const mockCreateLocalBackend = jest.fn(() => Promise.resolve(fakeLocal));
const mockCreateFirebaseBackend = jest.fn(() => fakeFirebase);

jest.mock('./local/createLocalBackend', () => ({ createLocalBackend: (...args: unknown[]) => mockCreateLocalBackend(...(args as [])) }));
jest.mock('./firebase/createFirebaseBackend', () => ({ createFirebaseBackend: (...args: unknown[]) => mockCreateFirebaseBackend(...(args as [])) }));

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
    expect(buildConfig(true, { ...env, DEVTRIBE_FIREBASE_APP_CHECK_PROVIDER: 'enterprise' }).appCheck?.provider).toBe('recaptcha-enterprise');
    expect(buildConfig(true, { ...env, DEVTRIBE_FIREBASE_APP_CHECK_PROVIDER: 'v3' }).appCheck?.provider).toBe('recaptcha-v3');
  });

  it('stops the build on an unknown provider', () => {
    const env = { ...FIREBASE_ENV, DEVTRIBE_FIREBASE_APP_CHECK_SITE_KEY: 'site-key', DEVTRIBE_FIREBASE_APP_CHECK_PROVIDER: 'v2' };
    expect(() => buildConfig(true, env)).toThrow("DEVTRIBE_FIREBASE_APP_CHECK_PROVIDER must be 'enterprise' or 'v3', not 'v2'.");
  });
});

describe('createBackend', () => {
  it('gives the local adapter when the build has no Firebase configuration', async () => {
    await expect(createBackend(buildConfig(true, {}))).resolves.toBe(fakeLocal);
    expect(mockCreateFirebaseBackend).not.toHaveBeenCalled();
  });

  it('gives the Firebase adapter, with the configuration and emulators, when the build has one', async () => {
    const config = buildConfig(true, { ...FIREBASE_ENV, DEVTRIBE_USE_EMULATORS: 'true' });
    await expect(createBackend(config)).resolves.toBe(fakeFirebase);
    expect(mockCreateFirebaseBackend).toHaveBeenCalledWith(config.firebase, { auth: 'http://127.0.0.1:9099', firestoreHost: '' }, { appCheck: null });
    expect(mockCreateLocalBackend).not.toHaveBeenCalled();
  });

  it('hands the App Check settings to the Firebase adapter', async () => {
    const config = buildConfig(true, { ...FIREBASE_ENV, DEVTRIBE_FIREBASE_APP_CHECK_SITE_KEY: 'site-key' });
    await createBackend(config);
    expect(mockCreateFirebaseBackend).toHaveBeenLastCalledWith(config.firebase, null, { appCheck: { siteKey: 'site-key', provider: 'recaptcha-enterprise' } });
  });
});
