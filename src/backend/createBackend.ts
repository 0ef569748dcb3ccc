import type { AppConfig } from '../config';
import type { Backend } from './port';

/**
 * The embedded local backend, in its own chunk so it does not weigh on the first paint.
 * The Firebase adapter (production-backend issue) is chosen here when a Firebase config is built in.
 */
export async function createBackend(config: AppConfig): Promise<Backend> {
  if (config.firebase) {
    throw new Error('This build has a Firebase configuration, but the Firebase adapter is not part of DevTribe yet.');
  }
  const { createLocalBackend } = await import(/* webpackChunkName: "backend-local" */ './local/createLocalBackend');
  return createLocalBackend({ seed: config.seedDemoCommunity });
}
