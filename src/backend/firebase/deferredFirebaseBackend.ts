// The Firebase backend a build with a Firebase configuration starts with: the port, without the
// SDK. The real adapter (createFirebaseBackend.ts: App, Auth and the adapter, about 36 KiB gzip)
// is its own chunk, "backend-firebase-auth", and loads:
// - at boot, when a session may be persisted (persistedSession.ts): a returning user needs Auth
//   at once to be signed in;
// - otherwise on the first auth operation (sign-in, sign-up, reset) or data call, or earlier when
//   a sign-in form is first touched (warmUp), or when another tab says it signed in.
// Until then a signed-out visitor's first auth check reports "signed out" without loading Auth.
import { createLazyDocumentStore } from '../lazyDocumentStore';
import { BackendError } from '../port';
import type { AuthPort, AuthUser, Backend, DocumentStore, StoragePort, Unsubscribe } from '../port';
import { rememberSessionHint } from './persistedSession';
import { SOCIAL_PROVIDERS } from './socialProviders';

/** Another tab signed in: this one loads Auth, whose cross-tab state then signs it in too. */
export const SIGN_IN_CHANNEL = 'devtribe-firebase-sign-in';

interface DeferredFirebaseOptions {
  /** Loads and creates the real backend (the "backend-firebase-auth" chunk). */
  load: () => Promise<Backend>;
  /** Whether a Firebase session may be persisted (mayHavePersistedSession): Auth loads at boot. */
  sessionMayExist: boolean;
  /** Cross-tab sign-in notices; default the browser's BroadcastChannel when there is one. */
  openChannel?: (
    name: string,
  ) => (Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((event: MessageEvent) => void) | null }) | null;
  /** Keeps the start-up loader's sign of a session in step (persistedSession.ts's SESSION_HINT_KEY). */
  rememberSession?: (signedIn: boolean) => void;
}

function defaultOpenChannel(name: string) {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
}

function loadFailure(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new BackendError('unavailable', `Sign-in could not be loaded: ${detail}`);
}

type DeferredFirebaseBackend = Backend & { readonly kind: 'firebase' };

export function createDeferredFirebaseBackend(options: DeferredFirebaseOptions): DeferredFirebaseBackend {
  const rememberSession = options.rememberSession ?? rememberSessionHint;
  let loading: Promise<Backend> | null = null;
  /** The real backend once loaded: social sign-in then calls it within the click's user activation. */
  let loaded: Backend | null = null;
  const whenLoaded: Array<(backend: Backend) => void> = [];
  const loadFailed: Array<(error: BackendError) => void> = [];

  const real = (): Promise<Backend> => {
    loading ??= options.load().then(
      (backend) => {
        loaded = backend;
        for (const listener of whenLoaded.splice(0)) listener(backend);
        loadFailed.length = 0;
        return backend;
      },
      (error: unknown) => {
        loading = null; // a later call retries (the chunk fetched while offline, say)
        const failure = loadFailure(error);
        for (const listener of loadFailed.splice(0)) listener(failure);
        throw failure;
      },
    );
    return loading;
  };

  const channel = (options.openChannel ?? defaultOpenChannel)(SIGN_IN_CHANNEL);
  if (channel) {
    channel.onmessage = () => {
      // Not awaited: a failure surfaces on the next operation, which loads again.
      real().catch(() => undefined);
    };
  }
  const announceSignIn = <T>(result: T): T => {
    try {
      channel?.postMessage('signed-in');
    } catch {
      // a closed channel: other tabs pick the session up on their next load
    }
    return result;
  };

  const auth: AuthPort = {
    providers: SOCIAL_PROVIDERS,

    onAuthStateChanged(onChange, onError) {
      let active = true;
      let stop: Unsubscribe | null = null;
      /** What this subscriber was last told: Auth's first report repeats a "signed out" already given. */
      let reported: 'nothing' | 'signedOut' | 'user' = 'nothing';
      const forward = (user: AuthUser | null) => {
        if (!active) return;
        if (!user && reported === 'signedOut') return;
        reported = user ? 'user' : 'signedOut';
        rememberSession(user !== null);
        onChange(user);
      };
      const subscribe = (backend: Backend) => {
        if (active) stop = backend.auth.onAuthStateChanged(forward, (error) => active && onError(error));
      };
      if (loaded) {
        subscribe(loaded);
      } else {
        whenLoaded.push(subscribe);
        if (options.sessionMayExist) {
          // The first check waits for Auth; a failed load is a failed check (the app renders signed out).
          loadFailed.push((error) => active && onError(error));
          real().catch(() => undefined);
        } else {
          // No session can be restored: signed out now, Auth loads when something needs it.
          queueMicrotask(() => {
            if (!loaded) forward(null);
          });
        }
      }
      return () => {
        active = false;
        stop?.();
        const index = whenLoaded.indexOf(subscribe);
        if (index >= 0) whenLoaded.splice(index, 1);
      };
    },

    signUp: async (input) => announceSignIn(await (await real()).auth.signUp(input)),
    signIn: async (email, password) => announceSignIn(await (await real()).auth.signIn(email, password)),
    signInWithProvider(provider) {
      // Loaded (the usual case: warmUp on the form's first pointerdown or focus): called at once,
      // so the popup opens within the click's user activation. Otherwise it opens after the load,
      // which a browser may block (Safari); the error then shows and a second click works.
      if (loaded) return loaded.auth.signInWithProvider(provider).then(announceSignIn);
      return real().then((backend) => backend.auth.signInWithProvider(provider).then(announceSignIn));
    },
    sendPasswordReset: async (email) => (await real()).auth.sendPasswordReset(email),
    signOut: async () => (await real()).auth.signOut(),
    // Before Auth has loaded nobody is signed in here.
    isModerator: async () => (loaded ? loaded.auth.isModerator() : false),
    warmUp() {
      real().catch(() => undefined);
    },
  };

  // The document store and Storage load the real backend (and through it Firestore) on first use.
  const db: DocumentStore = createLazyDocumentStore(async () => (await real()).db);
  const storage: StoragePort = {
    uploadUserPhoto: async (uid, file) => (await real()).storage.uploadUserPhoto(uid, file),
  };

  return { kind: 'firebase', auth, db, storage };
}
