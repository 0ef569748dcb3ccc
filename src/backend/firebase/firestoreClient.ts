// Cloud Firestore for one app: the persistent multi-tab cache in browsers, memory elsewhere,
// the emulator when configured. Its own chunk (backend-firestore), loaded on the first data call.
import type { FirebaseApp } from 'firebase/app';
import {
  clearIndexedDbPersistence,
  connectFirestoreEmulator,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
  terminate,
} from 'firebase/firestore';

import type { DocumentStore } from '../port';
import { createFirestoreStore } from './firestoreStore';

export interface FirestoreClient {
  store: DocumentStore;
  /** Terminates this instance (listeners stop; the app may open a new one later). */
  close(): Promise<void>;
  /** After close(): deletes the persistent cache (documents and queued writes) from this browser. */
  clearCache(): Promise<void>;
}

export function openFirestore(
  app: FirebaseApp,
  options: { persistent: boolean; emulator: { host: string; port: number } | null },
): FirestoreClient {
  const db = initializeFirestore(app, {
    localCache: options.persistent
      ? persistentLocalCache({ tabManager: persistentMultipleTabManager() })
      : memoryLocalCache(),
    // The app's plain objects may carry optional fields left undefined; Firestore would reject them.
    ignoreUndefinedProperties: true,
  });
  if (options.emulator) connectFirestoreEmulator(db, options.emulator.host, options.emulator.port);
  return {
    store: createFirestoreStore(db),
    close: () => terminate(db),
    clearCache: () => (options.persistent ? clearIndexedDbPersistence(db) : Promise.resolve()),
  };
}
