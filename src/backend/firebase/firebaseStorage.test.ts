// Cloud Storage with the SDK mocked at the module boundary: the emulator when configured, retries
// bounded near the editor's upload timeout, and the adapter wiring both from its configuration.
import { createFirebaseBackend } from './createFirebaseBackend';
import { openFirebaseStorage, STORAGE_RETRY_LIMIT_MS } from './firebaseStorage';

jest.mock('firebase/app', () => ({ initializeApp: jest.fn(() => ({ name: '[DEFAULT]' })), deleteApp: jest.fn() }));

jest.mock('firebase/auth', () => ({
  browserLocalPersistence: {},
  browserPopupRedirectResolver: {},
  indexedDBLocalPersistence: {},
  inMemoryPersistence: {},
  connectAuthEmulator: jest.fn(),
  initializeAuth: jest.fn(() => ({ kind: 'auth' })),
  GithubAuthProvider: jest.fn(),
  GoogleAuthProvider: jest.fn(),
  onAuthStateChanged: jest.fn(() => () => undefined),
}));

jest.mock('firebase/storage', () => ({
  getStorage: jest.fn(() => ({ maxUploadRetryTime: 600_000, maxOperationRetryTime: 120_000 })),
  connectStorageEmulator: jest.fn(),
  ref: jest.fn((_storage: unknown, path: string) => ({ path })),
  uploadBytes: jest.fn(() => Promise.resolve()),
  getDownloadURL: jest.fn((ref: { path: string }) => Promise.resolve(`http://storage.example/${ref.path}`)),
}));

const sdk = jest.requireMock<{ getStorage: jest.Mock; connectStorageEmulator: jest.Mock; uploadBytes: jest.Mock }>(
  'firebase/storage',
);
const CONFIG = { apiKey: 'k', projectId: 'demo', storageBucket: 'demo.appspot.com', appId: '1:1:web:1' };

beforeEach(() => jest.clearAllMocks());

describe('openFirebaseStorage', () => {
  it('retries an unreachable upload for about as long as the editor waits, not the SDK’s 10 minutes', () => {
    const storage = openFirebaseStorage({ name: 'app' } as never, null);
    expect(storage.maxUploadRetryTime).toBe(STORAGE_RETRY_LIMIT_MS);
    expect(storage.maxOperationRetryTime).toBe(STORAGE_RETRY_LIMIT_MS);
    expect(STORAGE_RETRY_LIMIT_MS).toBeLessThanOrEqual(60_000);
    expect(sdk.connectStorageEmulator).not.toHaveBeenCalled();
  });

  it('talks to the emulator when one is configured', () => {
    const storage = openFirebaseStorage({ name: 'app' } as never, { host: '127.0.0.1', port: 9199 });
    expect(sdk.connectStorageEmulator).toHaveBeenCalledWith(storage, '127.0.0.1', 9199);
  });
});

describe('the adapter’s storage', () => {
  it('opens on the first upload, on the emulator of DEVTRIBE_STORAGE_EMULATOR (emulators.storageHost)', async () => {
    const backend = createFirebaseBackend(
      CONFIG,
      { auth: 'http://127.0.0.1:9099', firestoreHost: '', storageHost: '127.0.0.1:9199' },
      { persistence: 'memory' },
    );
    expect(sdk.getStorage).not.toHaveBeenCalled();
    const file = new Blob(['png'], { type: 'image/png' });
    await expect(backend.storage.uploadUserPhoto('u1', file)).resolves.toMatch(
      /^http:\/\/storage\.example\/users\/u1\/photo-\d+$/,
    );
    expect(sdk.connectStorageEmulator).toHaveBeenCalledWith(expect.anything(), '127.0.0.1', 9199);
    expect(sdk.uploadBytes).toHaveBeenCalledWith(expect.anything(), file, { contentType: 'image/png' });
  });

  it('uses the real service without a storage emulator setting', async () => {
    const backend = createFirebaseBackend(
      CONFIG,
      { auth: 'http://127.0.0.1:9099', firestoreHost: '' },
      { persistence: 'memory' },
    );
    await backend.storage.uploadUserPhoto('u1', new Blob(['png'], { type: 'image/png' }));
    expect(sdk.connectStorageEmulator).not.toHaveBeenCalled();
  });
});
