// The access policy as the app meets it: through the local backend's document store.
import { createTestBackend, signUpWithProfile, uniqueDbName } from '../../test/testBackend';
import { docRef, fieldValue } from '../port';
import type { LocalBackend } from './createLocalBackend';
import { createMemoryStorage } from './sessionStore';

const DENIED = { code: 'permission-denied', message: 'Missing or insufficient permissions.' };

describe('the local backend enforces the access policy', () => {
  let ada: LocalBackend;
  let bob: LocalBackend;
  let adaUid: string;
  let bobUid: string;

  beforeEach(async () => {
    const dbName = uniqueDbName();
    ada = await createTestBackend({ dbName, sessionStorage: createMemoryStorage() });
    bob = await createTestBackend({ dbName, sessionStorage: createMemoryStorage() });
    adaUid = await signUpWithProfile(ada, 'Ada');
    bobUid = await signUpWithProfile(bob, 'Bob');
  });
  afterEach(async () => {
    await Promise.all([ada.local.close(), bob.local.close()]);
  });

  it("refuses a write to another user's profile fields and changes nothing", async () => {
    const before = await ada.db.get(docRef('users', adaUid));
    await expect(bob.db.update(docRef('users', adaUid), { displayName: 'Hacked' })).rejects.toMatchObject(DENIED);
    await expect(bob.db.set(docRef('users', adaUid), { bio: 'pwned' }, { merge: true })).rejects.toMatchObject(DENIED);
    expect(bob.local.lastDenial()).toMatch(/only friends and friendCount/);
    expect(await ada.db.get(docRef('users', adaUid))).toEqual(before);
  });

  it("keeps the owner's updates within the profile limits", async () => {
    await expect(ada.db.update(docRef('users', adaUid), { displayName: 'x'.repeat(51) })).rejects.toMatchObject(DENIED);
    await expect(ada.db.update(docRef('users', adaUid), { postCount: fieldValue.increment(2) })).rejects.toMatchObject(
      DENIED,
    );
    await expect(
      ada.db.update(docRef('users', adaUid), { joinDate: fieldValue.serverTimestamp() }),
    ).rejects.toMatchObject(DENIED);
    // postCount moves only with the post it counts, named by lastPostId (tribesApi.createPost)
    await expect(ada.db.update(docRef('users', adaUid), { postCount: fieldValue.increment(1) })).rejects.toMatchObject(
      DENIED,
    );
    await ada.db.update(docRef('users', adaUid), { bio: 'Hello', skills: ['Go'] });
    expect((await ada.db.get(docRef('users', adaUid))).data).toMatchObject({
      postCount: 0,
      bio: 'Hello',
      skills: ['Go'],
    });
  });

  it('rejects a whole batch when one write in it is denied', async () => {
    await expect(
      bob.db.commit([
        { type: 'update', ref: docRef('users', bobUid), data: { bio: 'Allowed on its own' } },
        { type: 'update', ref: docRef('users', adaUid), data: { displayName: 'Denied' } },
      ]),
    ).rejects.toMatchObject(DENIED);
    expect((await bob.db.get(docRef('users', bobUid))).data).toMatchObject({ bio: '' });
    expect((await bob.db.get(docRef('users', adaUid))).data).toMatchObject({ displayName: 'Ada' });
  });

  it('refuses every write when signed out', async () => {
    await ada.auth.signOut();
    await expect(ada.db.update(docRef('users', adaUid), { bio: 'x' })).rejects.toMatchObject(DENIED);
    await expect(ada.db.get(docRef('users', adaUid))).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('allows a friend request and its acceptance, written by field path into the inboxes as the app does', async () => {
    const requestId = `${bobUid}_1768478400000`;
    // Bob sends: his own inbox (sent entry and rate window) and Ada's (set merge: he cannot read it)
    await bob.db.runTransaction(async (tx) => {
      await tx.get(docRef('users', adaUid));
      await tx.get(docRef('inboxes', bobUid));
      tx.set(
        docRef('inboxes', bobUid),
        {
          sentFriendRequests: {
            [adaUid]: {
              requestId,
              receiverId: adaUid,
              receiverName: 'Ada',
              receiverPhoto: null,
              status: 'pending',
              createdAt: fieldValue.serverTimestamp(),
            },
          },
          requestWindowStart: fieldValue.serverTimestamp(),
          requestWindowCount: 1,
        },
        { merge: true },
      );
      tx.set(
        docRef('inboxes', adaUid),
        {
          friendRequests: {
            [bobUid]: {
              requestId,
              senderId: bobUid,
              senderName: 'Bob',
              senderPhoto: null,
              status: 'pending',
              createdAt: fieldValue.serverTimestamp(),
            },
          },
          hasNewNotification: true,
        },
        { merge: true },
      );
    });
    // a second request while the first is held is refused (the key is the duplicate check)
    await expect(
      bob.db.set(
        docRef('inboxes', adaUid),
        { friendRequests: { [bobUid]: { requestId: `${bobUid}_1` } } },
        { merge: true },
      ),
    ).rejects.toMatchObject(DENIED);
    // nobody but Ada reads her inbox, whether or not it exists
    await expect(bob.db.get(docRef('inboxes', adaUid))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(ada.db.get(docRef('inboxes', bobUid))).rejects.toMatchObject({ code: 'permission-denied' });

    // Ada accepts: her request entry goes, both gain each other, Bob's sent entry goes, he is told
    const addedAt = '2026-01-15T12:00:00.000Z';
    await ada.db.runTransaction(async (tx) => {
      await tx.get(docRef('inboxes', adaUid));
      tx.update(docRef('inboxes', adaUid), { [`friendRequests.${bobUid}`]: fieldValue.deleteField() });
      tx.update(docRef('users', adaUid), {
        [`friends.${bobUid}`]: { id: bobUid, displayName: 'Bob', photoURL: null, addedAt },
        friendCount: fieldValue.increment(1),
      });
      tx.update(docRef('users', bobUid), {
        [`friends.${adaUid}`]: { id: adaUid, displayName: 'Ada', photoURL: null, addedAt },
        friendCount: fieldValue.increment(1),
      });
      const id = `accepted_${requestId}_1768478500000`;
      tx.update(docRef('inboxes', bobUid), {
        [`sentFriendRequests.${adaUid}`]: fieldValue.deleteField(),
        [`notifications.${id}`]: {
          id,
          type: 'friendRequestAccepted',
          message: 'Ada accepted your friend request',
          senderId: adaUid,
          senderName: 'Ada',
          senderPhoto: null,
          read: false,
          createdAt: fieldValue.serverTimestamp(),
        },
        hasNewNotification: true,
      });
    });
    expect((await bob.db.get(docRef('inboxes', bobUid))).data).toMatchObject({
      sentFriendRequests: {},
      hasNewNotification: true,
    });
    expect((await ada.db.get(docRef('users', bobUid))).data).toMatchObject({ friendCount: 1 });
    expect((await ada.db.get(docRef('inboxes', adaUid))).data).toMatchObject({ friendRequests: {} });
  });

  it('refuses to accept a request that was never sent', async () => {
    await expect(
      ada.db.update(docRef('users', adaUid), {
        [`friends.${bobUid}`]: { id: bobUid, displayName: 'Bob', photoURL: null, addedAt: '2026-01-15T12:00:00.000Z' },
        friendCount: fieldValue.increment(1),
      }),
    ).rejects.toMatchObject(DENIED);
  });

  describe('fault switch', () => {
    it('fails writes to a chosen document with a chosen code until cleared', async () => {
      bob.local.faults.failWrites({ collection: 'users', id: adaUid }, 'permission-denied');
      await expect(
        bob.db.commit([
          { type: 'update', ref: docRef('users', bobUid), data: { bio: 'mine' } },
          { type: 'update', ref: docRef('users', adaUid), data: { friendRequests: [] } },
        ]),
      ).rejects.toMatchObject(DENIED);
      await bob.db.update(docRef('users', bobUid), { bio: 'mine' });
      expect((await bob.db.get(docRef('users', bobUid))).data).toMatchObject({ bio: 'mine' });
      bob.local.faults.clear();
      await bob.db.update(docRef('users', bobUid), { bio: 'again' });
    });

    it('fails the next N operations as unavailable', async () => {
      ada.local.faults.failNextOperations(2);
      await expect(ada.db.get(docRef('users', adaUid))).rejects.toMatchObject({ code: 'unavailable' });
      await expect(ada.db.update(docRef('users', adaUid), { bio: 'x' })).rejects.toMatchObject({ code: 'unavailable' });
      await expect(ada.db.get(docRef('users', adaUid))).resolves.toMatchObject({ data: { bio: '' } });
    });
  });
});
