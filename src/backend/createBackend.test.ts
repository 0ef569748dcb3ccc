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

describe('createBackend', () => {
  it('gives the local adapter when the build has no Firebase configuration', async () => {
    await expect(createBackend(buildConfig(true, {}))).resolves.toBe(fakeLocal);
    expect(mockCreateFirebaseBackend).not.toHaveBeenCalled();
  });

  it('gives the Firebase adapter, with the configuration and emulators, when the build has one', async () => {
    const config = buildConfig(true, { ...FIREBASE_ENV, DEVTRIBE_USE_EMULATORS: 'true' });
    await expect(createBackend(config)).resolves.toBe(fakeFirebase);
    expect(mockCreateFirebaseBackend).toHaveBeenCalledWith(config.firebase, { auth: 'http://127.0.0.1:9099', firestoreHost: '' });
    expect(mockCreateLocalBackend).not.toHaveBeenCalled();
  });
});
