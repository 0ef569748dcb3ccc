import type { AuthProviderId } from '../port';

/**
 * The social providers the Firebase adapter signs in with (by popup). Their own module, without
 * the SDK, so the deferred backend (deferredFirebaseBackend.ts) can offer them before Auth loads.
 */
export const SOCIAL_PROVIDERS: readonly AuthProviderId[] = ['google', 'github'];
