// A DocumentStore whose implementation loads on first use. Both adapters use it: the Firestore
// SDK is the largest part of the Firebase adapter (about 80 KiB gzip), and the local store with
// its access policy and demo seed is most of the local one; a signed-out visitor's first page
// touches neither, so they stay out of the JavaScript the first render waits for.
import { BackendError } from './port';
import type { DocumentStore, Unsubscribe } from './port';

const AUTO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const AUTO_ID_LENGTH = 20;

/** Firestore's own auto-id scheme (20 characters of [A-Za-z0-9], unbiased), without loading Firestore. */
export function autoId(
  random: (count: number) => Uint8Array = (count) => crypto.getRandomValues(new Uint8Array(count)),
): string {
  // 248 is the largest multiple of 62 below 256: bytes above it are redrawn so every character is equally likely.
  const maxMultiple = Math.floor(256 / AUTO_ID_ALPHABET.length) * AUTO_ID_ALPHABET.length;
  let id = '';
  while (id.length < AUTO_ID_LENGTH) {
    for (const byte of random(40)) {
      if (id.length < AUTO_ID_LENGTH && byte < maxMultiple)
        id += AUTO_ID_ALPHABET.charAt(byte % AUTO_ID_ALPHABET.length);
    }
  }
  return id;
}

function loadFailure(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new BackendError('unavailable', `The database could not be loaded: ${detail}`);
}

interface LazyDocumentStore extends DocumentStore {
  /**
   * Forgets the loaded store (Firebase sign-out terminates it): the next call loads again, and
   * subscriptions start again after a quiesce().
   */
  unload(): void;
  /**
   * Makes the store quiet before it is shut down (terminating Firestore fails every live listener
   * and read with "Firestore shutting down", which the app would report as errors): every live
   * subscription stops without a word (its saga ends with the sign-out), subscriptions asked for
   * from now until unload() never start, and the calls in flight, with any started meanwhile,
   * are awaited until none is left or `timeoutMs` has passed.
   */
  quiesce(timeoutMs: number): Promise<void>;
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

  /** The calls not answered yet, and how to stop each live subscription. */
  const inFlight = new Set<Promise<unknown>>();
  const live = new Set<Unsubscribe>();
  let quiet = false;

  function tracked<T>(work: () => Promise<T>): Promise<T> {
    const call = work();
    const settled = call.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return call;
  }

  /** Subscribes once the store is there, unless unsubscribed (or quiesced) before that. */
  function lazySubscription(
    subscribe: (db: DocumentStore) => Unsubscribe,
    onError: (error: BackendError) => void,
  ): Unsubscribe {
    if (quiet) return () => undefined;
    let stopped = false;
    let stop: Unsubscribe | null = null;
    const unsubscribe = () => {
      stopped = true;
      live.delete(unsubscribe);
      stop?.();
      stop = null;
    };
    live.add(unsubscribe);
    store().then(
      (db) => {
        if (!stopped) stop = subscribe(db);
      },
      (error: unknown) => {
        if (!stopped) onError(loadFailure(error));
      },
    );
    return unsubscribe;
  }

  return {
    get: (ref) => tracked(async () => (await store()).get(ref)),
    getMany: (refs) => tracked(async () => (await store()).getMany(refs)),
    set: (ref, data, options) => tracked(async () => (await store()).set(ref, data, options)),
    update: (ref, data) => tracked(async () => (await store()).update(ref, data)),
    delete: (ref) => tracked(async () => (await store()).delete(ref)),
    query: (spec) => tracked(async () => (await store()).query(spec)),
    commit: (ops) => tracked(async () => (await store()).commit(ops)),
    runTransaction: (work) => tracked(async () => (await store()).runTransaction(work)),
    subscribeDoc: (ref, onNext, onError) => lazySubscription((db) => db.subscribeDoc(ref, onNext, onError), onError),
    subscribeQuery: (spec, onNext, onError) =>
      lazySubscription((db) => db.subscribeQuery(spec, onNext, onError), onError),
    newId: () => autoId(),
    unload() {
      loading = null;
      quiet = false;
    },
    async quiesce(timeoutMs) {
      quiet = true;
      for (const unsubscribe of [...live]) unsubscribe();
      let timedOut = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          timedOut = true;
          resolve();
        }, timeoutMs);
      });
      while (inFlight.size > 0 && !timedOut) await Promise.race([Promise.all(inFlight), deadline]);
      clearTimeout(timer);
    },
  };
}
