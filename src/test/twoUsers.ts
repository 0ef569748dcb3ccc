// Two users in two "tabs" of one browser: two local backends on the same database, sharing a
// change hub, each signed in as its own user, so the access policy judges every write by its
// real author. An `admin` backend with an open policy arranges states no user could write.
import type { LocalBackend } from '../backend/local/createLocalBackend';
import { createMemoryBroadcastHub } from '../backend/local/memoryBroadcastHub';
import type { AuthUser, DocData, WriteData } from '../backend/port';
import { docRef } from '../backend/port';
import type { UserProfile } from '../domain/profileTypes';
import { toUserProfile, withInbox } from '../features/profile/profileMapper';
import { signUpUser } from './setupTestStore';
import { setupTestStore } from './setupTestStore';
import type { TestUserInput } from './setupTestStore';
import type { TestStore } from './setupTestStore';
import { createTestBackend, createTestClock, openPolicy, uniqueDbName } from './testBackend';
import type { TestClock } from './testBackend';

export interface TestTab {
  backend: LocalBackend;
  user: AuthUser;
  uid: string;
}

export interface TwoUsers {
  dbName: string;
  clock: TestClock;
  alice: TestTab;
  bob: TestTab;
  /** Reads and writes past the policy (arranging and inspecting documents). */
  admin: LocalBackend;
  /** Another user in a new tab on the same database. */
  addUser(input: TestUserInput): Promise<TestTab>;
  profile(uid: string): Promise<UserProfile | null>;
  rawDoc(collection: string, id: string): Promise<DocData | null>;
  adminWrite(collection: string, id: string, data: WriteData | null): Promise<void>;
  /** The app running in `tab`: the real store and root saga, signed in as its user; stopped by close(). */
  storeFor(tab: TestTab): Promise<TestStore>;
  close(): Promise<void>;
}

export async function setupTwoUsers(
  aliceInput: TestUserInput = { displayName: 'Alice' },
  bobInput: TestUserInput = { displayName: 'Bob' },
): Promise<TwoUsers> {
  const dbName = uniqueDbName('two-users');
  const clock = createTestClock();
  const broadcast = createMemoryBroadcastHub();
  const backends: LocalBackend[] = [];
  const newTab = async (input: TestUserInput): Promise<TestTab> => {
    const backend = await createTestBackend({ dbName, clock, broadcast });
    backends.push(backend);
    const user = await signUpUser(backend, input);
    return { backend, user, uid: user.uid };
  };
  const alice = await newTab(aliceInput);
  const bob = await newTab(bobInput);
  const admin = await createTestBackend({ dbName, clock, broadcast, policy: openPolicy });
  backends.push(admin);

  const stores: TestStore[] = [];

  const rawDoc = async (collection: string, id: string) => (await admin.db.get(docRef(collection, id))).data;
  return {
    dbName,
    clock,
    alice,
    bob,
    admin,
    addUser: newTab,
    async profile(uid) {
      const data = await rawDoc('users', uid);
      return data ? toUserProfile(withInbox(data, await rawDoc('inboxes', uid))) : null;
    },
    rawDoc,
    async adminWrite(collection, id, data) {
      if (data === null) await admin.db.delete(docRef(collection, id));
      else await admin.db.set(docRef(collection, id), data, { merge: true });
    },
    async storeFor(tab) {
      const testStore = await setupTestStore({ backend: tab.backend, clock });
      stores.push(testStore);
      await testStore.waitFor((state) => state.session.status === 'signedIn' && state.session.user?.uid === tab.uid);
      return testStore;
    },
    async close() {
      stores.splice(0).forEach((testStore) => testStore.store.sagaTask.cancel());
      await Promise.all(backends.map((backend) => backend.local.close()));
    },
  };
}
