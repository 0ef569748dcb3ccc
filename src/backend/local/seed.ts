// Seeds the demo community on first run. A trusted bootstrap: written straight to IndexedDB,
// not through the access policy. Idempotent across tabs: the version check and every write
// happen in one IndexedDB transaction, which IndexedDB runs in one tab at a time.
import { ACCOUNTS, INBOXES, POSTS, USERS } from '../../domain/collections';
import { newProfileFields } from '../../domain/profileDefaults';
import type { DocData } from '../port';
import { DEMO_COMMUNITY, DEMO_MODERATOR_KEY, DEMO_PASSWORD, demoEmail } from './demo/demoCommunity';
import type { DemoCommunity, DemoDeveloper } from './demo/demoCommunity';
import type { LocalDatabase, StoredAccount } from './openLocalDatabase';
import { hashPassword, SALT_BYTES } from './passwordHash';
import { randomBytes, randomId } from './randomId';
import { SEED_VERSION, SEED_VERSION_KEY } from './seedVersion';

export { DEMO_COMMUNITY, DEMO_LOGINS, DEMO_PASSWORD, SKILL_VOCABULARY } from './demo/demoCommunity';
export type { DemoCommunity, DemoLogin, SeedDocument } from './demo/demoCommunity';

export { SEED_VERSION } from './seedVersion';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ResolvedSeedDocument {
  collection: string;
  id: string;
  data: DocData;
}

/** Every document of the community, with "days ago" turned into times relative to `now`. */
export function buildSeedDocuments(community: DemoCommunity, now: number): ResolvedSeedDocument[] {
  const daysAgo = (days: number) => now - days * DAY_MS;
  const iso = (days: number) => new Date(daysAgo(days)).toISOString();
  const byKey = new Map(community.developers.map((dev) => [dev.key, dev]));
  const find = (key: string): DemoDeveloper => {
    const dev = byKey.get(key);
    if (!dev) throw new Error(`DEMO_COMMUNITY names an unknown developer: ${key}`);
    return dev;
  };
  // A developer's postCount is the number of seeded posts they wrote, so profiles match the feeds.
  const postCounts = new Map<string, number>();
  for (const { collection, data } of community.documents) {
    if (collection === POSTS && typeof data.authorId === 'string')
      postCounts.set(data.authorId, (postCounts.get(data.authorId) ?? 0) + 1);
  }
  // Friends, requests and notifications as maps keyed by the other person's id; requests in the
  // owner-only inboxes/{uid} (docs/friends-model.md).
  type Entries = Record<string, DocData>;
  const users = new Map<string, DocData & { friends: Entries }>();
  const inboxes = new Map<
    string,
    { friendRequests: Entries; sentFriendRequests: Entries; notifications: Entries; hasNewNotification: boolean }
  >();
  for (const dev of community.developers) {
    users.set(dev.key, {
      ...newProfileFields({ displayName: dev.displayName, photoURL: null, joinDate: daysAgo(dev.joinedDaysAgo) }),
      friends: {},
      postCount: postCounts.get(dev.uid) ?? 0,
      bio: dev.bio,
      skills: [...dev.skills],
    });
    inboxes.set(dev.key, { friendRequests: {}, sentFriendRequests: {}, notifications: {}, hasNewNotification: false });
  }
  const userDoc = (key: string) => users.get(find(key).key)!;
  const inboxDoc = (key: string) => inboxes.get(find(key).key)!;

  for (const { between, daysAgo: days } of community.friendships) {
    const [a, b] = between.map(find) as [DemoDeveloper, DemoDeveloper];
    userDoc(a.key).friends[b.uid] = { id: b.uid, displayName: b.displayName, photoURL: null, addedAt: iso(days) };
    userDoc(b.key).friends[a.uid] = { id: a.uid, displayName: a.displayName, photoURL: null, addedAt: iso(days) };
  }
  for (const { from, to, daysAgo: days } of community.pendingRequests) {
    const [sender, receiver] = [find(from), find(to)];
    const requestId = `${sender.uid}_${daysAgo(days)}`;
    inboxDoc(to).friendRequests[sender.uid] = {
      requestId,
      senderId: sender.uid,
      senderName: sender.displayName,
      senderPhoto: null,
      status: 'pending',
      createdAt: daysAgo(days),
    };
    inboxDoc(to).hasNewNotification = true;
    inboxDoc(from).sentFriendRequests[receiver.uid] = {
      requestId,
      receiverId: receiver.uid,
      receiverName: receiver.displayName,
      receiverPhoto: null,
      status: 'pending',
      createdAt: daysAgo(days),
    };
  }
  for (const doc of users.values()) doc.friendCount = Object.keys(doc.friends).length;

  const userDocuments = community.developers.map((dev) => ({
    collection: USERS,
    id: dev.uid,
    data: userDoc(dev.key),
  }));
  const inboxDocuments = community.developers.map((dev) => ({
    collection: INBOXES,
    id: dev.uid,
    data: inboxDoc(dev.key),
  }));
  // The email stays out of the public profile: only its owner reads accounts/{uid}.
  const accountDocuments = community.developers.map((dev) => ({
    collection: ACCOUNTS,
    id: dev.uid,
    data: { email: demoEmail(dev.key) },
  }));
  const extraDocuments = community.documents.map(({ collection, id, data, daysAgoFields }) => {
    const resolved: DocData = { ...data };
    for (const [field, days] of Object.entries(daysAgoFields ?? {})) resolved[field] = daysAgo(days);
    return { collection, id, data: resolved };
  });
  return [...userDocuments, ...inboxDocuments, ...accountDocuments, ...extraDocuments];
}

export interface SeedOptions {
  now: number;
  pbkdf2Iterations: number;
  community?: DemoCommunity;
}

/** Seeds what is missing; returns the document keys written (none when already seeded). */
export async function seedDemoCommunity(database: LocalDatabase, options: SeedOptions): Promise<string[]> {
  const seededVersion = await database.get('meta', SEED_VERSION_KEY);
  if (typeof seededVersion === 'number' && seededVersion >= SEED_VERSION) return [];

  const community = options.community ?? DEMO_COMMUNITY;
  // The demo password is public, so one salt for all demo accounts costs nothing and saves
  // a key derivation per account on first run.
  const password = await hashPassword(DEMO_PASSWORD, randomBytes(SALT_BYTES), options.pbkdf2Iterations);
  const documents = buildSeedDocuments(community, options.now);

  const tx = database.transaction(['meta', 'docs', 'accounts'], 'readwrite');
  const meta = tx.objectStore('meta');
  const docs = tx.objectStore('docs');
  const accounts = tx.objectStore('accounts');
  const written: string[] = [];
  const current = await meta.get(SEED_VERSION_KEY);
  if (typeof current === 'number' && current >= SEED_VERSION) {
    await tx.done;
    return []; // another tab seeded while this one was hashing
  }
  await Promise.all([
    ...documents.map(async ({ collection, id, data }) => {
      const key = `${collection}/${id}`;
      if (await docs.get(key)) return;
      written.push(key);
      await docs.put({ key, collection, id, data, version: randomId(12) });
    }),
    ...community.developers.map(async (dev) => {
      const email = demoEmail(dev.key);
      const claims = dev.key === DEMO_MODERATOR_KEY ? { moderator: true } : undefined;
      const existing = await accounts.get(email);
      if (existing) {
        // Databases seeded before moderation existed get the demo moderator's claim.
        if (claims && existing.claims?.moderator !== true) await accounts.put({ ...existing, claims });
        return;
      }
      const account: StoredAccount = {
        email,
        uid: dev.uid,
        displayName: dev.displayName,
        photoURL: null,
        password,
        createdAt: options.now,
        ...(claims ? { claims } : {}),
      };
      await accounts.put(account);
    }),
    meta.put(SEED_VERSION, SEED_VERSION_KEY),
  ]);
  await tx.done;
  return written;
}
