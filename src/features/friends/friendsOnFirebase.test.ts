/**
 * @jest-environment node
 */
// The friends operations as the app runs them, over the Firebase adapter on the Firestore and Auth
// emulators with the project's firestore.rules: people acting on one person at the same moment all
// succeed (the writes merge entries by field path instead of rewriting whole lists from a read),
// and a person's inbox is private. Skipped, saying why, where the emulators are not running (`npm
// test` and `npm run jest` start them).
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The adapter, not the SDK: the lint pattern 'firebase/*' also matches this relative path.
// eslint-disable-next-line no-restricted-imports
import type { FirebaseBackend } from '../../backend/firebase/createFirebaseBackend';
// eslint-disable-next-line no-restricted-imports
import { createFirebaseBackend } from '../../backend/firebase/createFirebaseBackend';
import type { Backend, Clock } from '../../backend/port';
import { docRef } from '../../backend/port';
import { ensureProfile, readOwnProfile } from '../profile';
import { acceptFriendRequest, removeFriend, sendFriendRequest } from './friendsApi';

const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '';
const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '';
// A project of its own: the rules and documents of other suites do not mix in.
const PROJECT_ID = 'demo-devtribe-friends';
const SKIP = !AUTH_HOST || !FIRESTORE_HOST;
if (SKIP) {
  console.info(
    'Skipped "friends on Firebase": FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST must both be set (`npm test` and `npm run jest` start the emulators when the Cloud SDK is installed; see README, "Rules, indexes and the emulators").',
  );
}

const clock: Clock = { now: () => Date.now() };
const clients: FirebaseBackend[] = [];
let clientCount = 0;

async function emulatorRequest(host: string, method: string, urlPath: string, body?: unknown): Promise<void> {
  const response = await fetch(`http://${host}${urlPath}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${urlPath}: HTTP ${response.status} ${await response.text()}`);
}

/** A signed-up person on their own device (app), with the profile first sign-in creates. */
async function person(name: string): Promise<{ uid: string; backend: Backend }> {
  clientCount += 1;
  const backend = createFirebaseBackend(
    { apiKey: 'demo-api-key', projectId: PROJECT_ID, appId: 'demo-app', authDomain: `${PROJECT_ID}.firebaseapp.com` },
    { auth: AUTH_HOST, firestoreHost: FIRESTORE_HOST },
    { appName: `friends-client-${clientCount}`, persistence: 'memory' },
  );
  clients.push(backend);
  const account = await backend.auth.signUp({
    email: `${name.toLowerCase()}-${clientCount}-${Date.now()}@devtribe.test`,
    password: 'correct horse battery',
    displayName: name,
  });
  await ensureProfile(backend.db, account);
  return { uid: account.uid, backend };
}

(SKIP ? describe.skip : describe)('friends on Firebase (emulators)', () => {
  jest.setTimeout(120_000);

  beforeAll(async () => {
    const rules = readFileSync(path.resolve(__dirname, '../../../firestore.rules'), 'utf8');
    await emulatorRequest(FIRESTORE_HOST, 'PUT', `/emulator/v1/projects/${PROJECT_ID}:securityRules`, {
      rules: { files: [{ name: 'firestore.rules', content: rules }] },
    });
  }, 180_000);

  beforeEach(async () => {
    await emulatorRequest(
      FIRESTORE_HOST,
      'DELETE',
      `/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
    );
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((backend) => backend.firebase.close()));
  });

  it('six people sending a request to one person at once all succeed, and only that person reads them', async () => {
    const receiver = await person('Rita');
    const senders = await Promise.all(['Ana', 'Ben', 'Cai', 'Dov', 'Eli', 'Fay'].map(person));
    const results = await Promise.all(
      senders.map((sender) => sendFriendRequest(sender.backend.db, sender.uid, receiver.uid, clock)),
    );
    expect(results.map((result) => result.message)).toEqual(Array(6).fill('Friend request sent'));
    const rita = await readOwnProfile(receiver.backend.db, receiver.uid);
    expect(rita?.friendRequests.map((request) => request.senderId).sort()).toEqual(
      senders.map((sender) => sender.uid).sort(),
    );
    expect(rita?.hasNewNotification).toBe(true);
    // A second request from one of them is refused by the rules (the sender cannot read the inbox).
    const again = await sendFriendRequest(senders[0]!.backend.db, senders[0]!.uid, receiver.uid, clock);
    expect(again.message).toBe('Friend request already sent');
    // Nobody else reads Rita's inbox, whether it exists or not.
    await expect(senders[1]!.backend.db.get(docRef('inboxes', receiver.uid))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(senders[1]!.backend.db.get(docRef('inboxes', 'nobody-here'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });

  it("three people accepting one sender's requests at once all succeed, and the counts add up", async () => {
    const sender = await person('Sam');
    const receivers = await Promise.all(['Ivy', 'Jon', 'Kim'].map(person));
    const sent: Awaited<ReturnType<typeof sendFriendRequest>>[] = [];
    for (const receiver of receivers)
      sent.push(await sendFriendRequest(sender.backend.db, sender.uid, receiver.uid, clock));
    expect(sent.every((result) => result.success)).toBe(true);
    const accepted = await Promise.all(
      receivers.map((receiver, i) =>
        acceptFriendRequest(receiver.backend.db, receiver.uid, sent[i]!.requestId!, clock),
      ),
    );
    expect(accepted.map((result) => result.message)).toEqual(Array(3).fill('Friend request accepted'));
    const sam = await readOwnProfile(sender.backend.db, sender.uid);
    expect(sam?.friends.map((friend) => friend.id).sort()).toEqual(receivers.map((receiver) => receiver.uid).sort());
    expect(sam?.friendCount).toBe(3);
    expect(sam?.sentFriendRequests).toEqual([]);
    expect(Object.keys(sam?.notifications ?? {})).toHaveLength(3);

    // ...and the same three removing Sam at once.
    const removed = await Promise.all(
      receivers.map((receiver) => removeFriend(receiver.backend.db, receiver.uid, sender.uid, clock)),
    );
    expect(removed.map((result) => result.message)).toEqual(Array(3).fill('Friend removed'));
    const after = await readOwnProfile(sender.backend.db, sender.uid);
    expect([after?.friends, after?.friendCount]).toEqual([[], 0]);
  });
});
