// The embedded backend, used when no Firebase config is given: IndexedDB persistence, local
// accounts, per-tab sessions, cross-tab change notifications and the access policy.
import { createLazyDocumentStore } from '../lazyDocumentStore';
import { systemClock } from '../port';
import type { Backend, Clock } from '../port';
import { CHANGES_CHANNEL_NAME, createChangeFeed, defaultChangeChannel } from './changeFeed';
import type { ChangeChannelFactory } from './changeFeed';
import { createFaultSwitch, createOpCounters, resetOpCounters } from './faultSwitch';
import type { FaultSwitch, LocalFaultSwitch, OpCounters } from './faultSwitch';
import { createLocalAuth } from './localAuth';
import { createLocalPhotoStorage } from './localPhotoStorage';
import { openLocalDatabase } from './openLocalDatabase';
import { DEFAULT_PBKDF2_ITERATIONS } from './passwordHash';
import type { AccessPolicy } from './policy';
import { isSeedCurrent } from './seedVersion';
import { createMemoryStorage, createSessionStore } from './sessionStore';
import type { StorageLike } from './sessionStore';

export interface LocalBackendOptions {
  /** IndexedDB database name; default 'devtribe'. */
  dbName?: string;
  /** Seed the demo community on first run; default true. */
  seed?: boolean;
  clock?: Clock;
  /** Creates the cross-tab channel; default BroadcastChannel where it exists, else none. */
  broadcast?: ChangeChannelFactory;
  /** This tab's session; default window.sessionStorage, else in memory. */
  sessionStorage?: StorageLike;
  /** Shared by all tabs (remembers the last user); default window.localStorage, else in memory. */
  localStorage?: StorageLike;
  /** Default 210000; tests pass a small number. */
  pbkdf2Iterations?: number;
  /** Default globalThis.indexedDB; null simulates a browser without it. */
  indexedDB?: IDBFactory | null;
  /** Made with createFaultSwitch(); default a fresh one, reachable as backend.local.faults. */
  faults?: LocalFaultSwitch;
  /** Serializes transactions across tabs; default navigator.locks where it exists, null for none. */
  locks?: LockManager | null;
  /** Default the DevTribe policy; a contract run may widen it for a scratch collection. */
  policy?: AccessPolicy;
}

export interface LocalBackendControls {
  faults: FaultSwitch;
  counters: OpCounters;
  resetCounters(): void;
  /** Why the access policy last denied a write in this backend (the error only says "Missing or insufficient permissions."). */
  lastDenial(): string | null;
  close(): Promise<void>;
}

export type LocalBackend = Backend & { readonly kind: 'local'; readonly local: LocalBackendControls };

function storageOr(kind: 'sessionStorage' | 'localStorage'): StorageLike {
  try {
    const storage = (globalThis as { [key: string]: unknown })[kind] as StorageLike | undefined;
    if (storage) return storage;
  } catch {
    // access itself can throw when storage is blocked
  }
  return createMemoryStorage();
}

export async function createLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  // 'devtribe-2': friends, requests and notifications moved to keyed maps and a private inbox
  // (docs/friends-model.md); a database of the older shape stays in the browser, unused.
  const dbName = options.dbName ?? 'devtribe-2';
  const clock = options.clock ?? systemClock;
  const pbkdf2Iterations = options.pbkdf2Iterations ?? DEFAULT_PBKDF2_ITERATIONS;
  const factory = 'indexedDB' in options ? options.indexedDB : (globalThis.indexedDB as IDBFactory | undefined);
  const database = await openLocalDatabase(factory, dbName);

  const changes = createChangeFeed((options.broadcast ?? defaultChangeChannel)(CHANGES_CHANNEL_NAME), dbName);
  try {
    // The demo community is seeded on first use (a sign-in or any data call), not at start-up:
    // a visitor's first page needs neither it nor its code.
    let seeding: Promise<void> | null = null;
    const seedIfNeeded = (): Promise<void> => {
      if (!(options.seed ?? true)) return Promise.resolve();
      seeding ??= (async () => {
        if (await isSeedCurrent(database)) return;
        const { seedDemoCommunity } = await import(/* webpackChunkName: "local-seed" */ './seed');
        changes.publish(await seedDemoCommunity(database, { now: clock.now(), pbkdf2Iterations }));
      })().catch((error: unknown) => {
        seeding = null; // the next call tries again
        throw error;
      });
      return seeding;
    };
    const faults = options.faults ?? createFaultSwitch();
    const counters = createOpCounters();
    const session = createSessionStore(
      options.sessionStorage ?? storageOr('sessionStorage'),
      options.localStorage ?? storageOr('localStorage'),
    );
    const localAuth = createLocalAuth({ database, clock, session, pbkdf2Iterations });
    await localAuth.restore();
    const auth: typeof localAuth = {
      ...localAuth,
      signIn: async (email, password) => {
        await seedIfNeeded();
        return localAuth.signIn(email, password);
      },
      signUp: async (input) => {
        await seedIfNeeded();
        return localAuth.signUp(input);
      },
    };
    let lastDenial: string | null = null;
    const actor = () => {
      const user = auth.currentUser();
      return user ? { uid: user.uid, email: user.email, moderator: localAuth.currentIsModerator() } : null;
    };

    const loadStoreModules = () =>
      Promise.all([
        import(/* webpackChunkName: "local-store" */ './localDocumentStore'),
        import(/* webpackChunkName: "local-store" */ './policy'),
      ]);
    // A restored session reads its profile as soon as the app starts: its chunk downloads now,
    // beside the app's other chunks, instead of one round trip after them.
    if (localAuth.currentUser()) loadStoreModules().catch(() => undefined);

    // The store with its access policy loads with the first data call (see lazyDocumentStore).
    const db = createLazyDocumentStore(async () => {
      const [[{ createLocalDocumentStore }, { localAccessPolicy }]] = await Promise.all([
        loadStoreModules(),
        seedIfNeeded(),
      ]);
      return createLocalDocumentStore({
        database,
        clock,
        actor,
        policy: options.policy ?? localAccessPolicy,
        faults,
        counters,
        changes,
        onDenied: (reason) => {
          lastDenial = reason;
        },
        locks: 'locks' in options ? (options.locks ?? null) : (globalThis.navigator?.locks ?? null),
        transactionLockName: `devtribe-transactions:${dbName}`,
      });
    });
    const storage = createLocalPhotoStorage({ database, clock, currentUid: () => actor()?.uid ?? null, faults });

    return {
      kind: 'local',
      auth,
      db,
      storage,
      local: {
        faults,
        counters,
        resetCounters: () => resetOpCounters(counters),
        lastDenial: () => lastDenial,
        close() {
          changes.close();
          database.close();
          return Promise.resolve();
        },
      },
    };
  } catch (error) {
    changes.close();
    database.close();
    throw error;
  }
}
