import type { AppConfig } from '../config';
import type { Backend } from './port';

/**
 * The backend this build was configured for, each adapter in its own chunk so neither weighs on
 * the first paint: Firebase when a Firebase config is built in, else the embedded local backend.
 */
export async function createBackend(config: AppConfig): Promise<Backend> {
  if (config.firebase) {
    const { createFirebaseBackend } = await import(/* webpackChunkName: "backend-firebase" */ './firebase/createFirebaseBackend');
    return createFirebaseBackend(config.firebase, config.emulators, { appCheck: config.appCheck });
  }
  const { createLocalBackend } = await import(/* webpackChunkName: "backend-local" */ './local/createLocalBackend');
  return createLocalBackend({ seed: config.seedDemoCommunity });
}
