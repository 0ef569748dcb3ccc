import type { AppConfig } from '../config';
import type { Backend } from './port';

/**
 * The backend this build was configured for, each adapter in its own chunk so neither weighs on
 * the first paint: Firebase when a Firebase config is built in, else the embedded local backend.
 *
 * Firebase: the small "backend-firebase" chunk checks whether a session may be persisted and
 * gives the deferred backend; the SDK's App and Auth with the adapter ("backend-firebase-auth")
 * load at once only when a session may exist, else on the first auth operation, data call or
 * warm-up (deferredFirebaseBackend.ts).
 */
export async function createBackend(config: AppConfig): Promise<Backend> {
  const firebaseConfig = config.firebase;
  if (firebaseConfig) {
    const [{ createDeferredFirebaseBackend }, { mayHavePersistedSession }] = await Promise.all([
      import(/* webpackChunkName: "backend-firebase" */ './firebase/deferredFirebaseBackend'),
      import(/* webpackChunkName: "backend-firebase" */ './firebase/persistedSession'),
    ]);
    return createDeferredFirebaseBackend({
      sessionMayExist: await mayHavePersistedSession(),
      load: async () => {
        const { createFirebaseBackend } = await import(
          /* webpackChunkName: "backend-firebase-auth" */ './firebase/createFirebaseBackend'
        );
        return createFirebaseBackend(firebaseConfig, config.emulators, { appCheck: config.appCheck });
      },
    });
  }
  const { createLocalBackend } = await import(/* webpackChunkName: "backend-local" */ './local/createLocalBackend');
  return createLocalBackend({ seed: config.seedDemoCommunity });
}
