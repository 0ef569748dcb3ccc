// A DocumentStore whose implementation loads on first use. Both adapters use it: the Firestore
// SDK is the largest part of the Firebase adapter (about 80 KiB gzip), and the local store with
// its access policy and demo seed is most of the local one; a signed-out visitor's first page
// touches neither, so they stay out of the JavaScript the first render waits for.
import { BackendError } from './port';
import type { DocumentStore, Unsubscribe } from './port';

const AUTO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const AUTO_ID_LENGTH = 20;

/** Firestore's own auto-id scheme (20 characters of [A-Za-z0-9], unbiased), without loading Firestore. */
export function autoId(random: (count: number) => Uint8Array = (count) => crypto.getRandomValues(new Uint8Array(count))): string {
  // 248 is the largest multiple of 62 below 256: bytes above it are redrawn so every character is equally likely.
  const maxMultiple = Math.floor(256 / AUTO_ID_ALPHABET.length) * AUTO_ID_ALPHABET.length;
  let id = '';
  while (id.length < AUTO_ID_LENGTH) {
    for (const byte of random(40)) {
      if (id.length < AUTO_ID_LENGTH && byte < maxMultiple) id += AUTO_ID_ALPHABET.charAt(byte % AUTO_ID_ALPHABET.length);
    }
  }
  return id;
}

function loadFailure(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new BackendError('unavailable', `The database could not be loaded: ${detail}`);
}

export interface LazyDocumentStore extends DocumentStore {
  /** Forgets the loaded store (Firebase sign-out terminates it): the next call loads again. */
  unload(): void;
}

export function createLazyDocumentStore(load: () => Promise<DocumentStore>): LazyDocumentStore {
  let loading: Promise<DocumentStore> | null = null;
  const store = (): Promise<DocumentStore> => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a later call may retry (a chunk fetched while offline, say)
      throw loadFailure(error);
    });
    return loading;
  };

  /** Subscribes once the store is there, unless unsubscribed before that. */
  function lazySubscription(subscribe: (db: DocumentStore) => Unsubscribe, onError: (error: BackendError) => void): Unsubscribe {
    let stopped = false;
    let stop: Unsubscribe | null = null;
    store().then(
      (db) => {
        if (!stopped) stop = subscribe(db);
      },
      (error: unknown) => {
        if (!stopped) onError(loadFailure(error));
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }

  return {
    get: async (ref) => (await store()).get(ref),
    getMany: async (refs) => (await store()).getMany(refs),
    set: async (ref, data, options) => (await store()).set(ref, data, options),
    update: async (ref, data) => (await store()).update(ref, data),
    delete: async (ref) => (await store()).delete(ref),
    query: async (spec) => (await store()).query(spec),
    commit: async (ops) => (await store()).commit(ops),
    runTransaction: async (work) => (await store()).runTransaction(work),
    subscribeDoc: (ref, onNext, onError) => lazySubscription((db) => db.subscribeDoc(ref, onNext, onError), onError),
    subscribeQuery: (spec, onNext, onError) => lazySubscription((db) => db.subscribeQuery(spec, onNext, onError), onError),
    newId: () => autoId(),
    unload() {
      loading = null;
    },
  };
}
