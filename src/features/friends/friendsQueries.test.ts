// The friends lists read for the screen, bad ids, and the access policy being live in these tests.
import { docRef } from '../../backend/port';
import { signUpUser } from '../../test/setupTestStore';
import { createTestBackend } from '../../test/testBackend';
import type { TwoUsers } from '../../test/twoUsers';
import { cancelFriendRequest, getFriends, MESSAGES, removeFriend, sendFriendRequest } from './friendsApi';
import { selectIncomingRequests, selectSentRequests } from './friendsSlice';
import { friendsTestUsers } from './friendsTestUsers';

const users = friendsTestUsers();
const { aliceDb, befriend, snapshotUsers } = users;
let t: TwoUsers;
beforeEach(() => {
  t = users.current();
});

describe('lists', () => {
  it('getFriends: valid entries of existing users, sorted by displayName', async () => {
    const zed = await t.addUser({ displayName: 'zed' });
    const carol = await t.addUser({ displayName: 'Carol' });
    await t.adminWrite('users', t.alice.uid, {
      friends: [
        { id: zed.uid, displayName: 'zed', photoURL: null, addedAt: '2026-11-01T00:00:00.000Z' },
        { id: 'deleted-user', displayName: 'Gone', photoURL: null, addedAt: '2026-11-01T00:00:00.000Z' },
        { id: carol.uid, displayName: 'Carol', photoURL: null, addedAt: '2026-11-01T00:00:00.000Z' },
        { id: t.bob.uid, displayName: '', photoURL: null, addedAt: '2026-11-01T00:00:00.000Z' },
        { displayName: 'No id' },
        { id: t.bob.uid, displayName: 'Bob', photoURL: null, addedAt: '2026-11-01T00:00:00.000Z' },
      ],
      friendCount: 6,
    });
    const result = await getFriends(aliceDb(), t.alice.uid);
    expect(result.success).toBe(true);
    expect(result.friends.map((f) => f.displayName)).toEqual(['Bob', 'Carol', 'zed']);
  });

  it('getFriends drops a friend whose document was deleted', async () => {
    await befriend();
    await t.adminWrite('users', t.bob.uid, null);
    expect((await getFriends(aliceDb(), t.alice.uid)).friends).toEqual([]);
  });

  it('getFriends: Missing user ID, User profile not found, Error getting friends: {detail}', async () => {
    expect(await getFriends(aliceDb(), '')).toEqual({ success: false, message: 'Missing user ID', friends: [] });
    expect(await getFriends(aliceDb(), 'no-such-user')).toEqual({
      success: false,
      message: 'User profile not found',
      friends: [],
    });
    t.alice.backend.local.faults.failNextOperations(1, 'unavailable');
    const failed = await getFriends(aliceDb(), t.alice.uid);
    expect(failed.success).toBe(false);
    expect(failed.message).toMatch(/^Error getting friends: /);
    expect(failed.friends).toEqual([]);
  });

  it('incoming and sent requests, newest first', async () => {
    const carol = await t.addUser({ displayName: 'Carol' });
    await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    t.clock.advance(1000);
    await sendFriendRequest(carol.backend.db, carol.uid, t.bob.uid, t.clock);
    t.clock.advance(1000);
    await sendFriendRequest(aliceDb(), t.alice.uid, carol.uid, t.clock);
    // As the app lists them: the stored profile as the session reads it, through the slice's selectors.
    const shown = async (uid: string) => {
      const profile = (await t.profile(uid))!;
      const state = { session: { user: { profile } } } as unknown as Parameters<typeof selectIncomingRequests>[0];
      return { incoming: selectIncomingRequests(state), sent: selectSentRequests(state) };
    };
    expect((await shown(t.bob.uid)).incoming.map((r) => r.senderName)).toEqual(['Carol', 'Alice']);
    expect((await shown(t.alice.uid)).sent.map((r) => r.receiverName)).toEqual(['Carol', 'Bob']);
  });
});

describe('a user id that does not exist', () => {
  it('gets a clear message from every operation and changes nothing', async () => {
    const before = await snapshotUsers();
    expect((await sendFriendRequest(aliceDb(), t.alice.uid, 'ghost', t.clock)).message).toBe('User not found');
    expect((await cancelFriendRequest(aliceDb(), t.alice.uid, 'ghost', null)).message).toBe(
      'Receiver profile not found',
    );
    expect((await removeFriend(aliceDb(), t.alice.uid, 'ghost', t.clock)).message).toBe(
      'Friend not found in your list',
    );
    expect((await getFriends(aliceDb(), 'ghost')).message).toBe('User profile not found');
    expect(await snapshotUsers()).toEqual(before);
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_ghost`)).toBeNull();
  });
});

it('the policy is live in these tests: a forged friendship on the other document is denied', async () => {
  await expect(
    aliceDb().update(docRef('users', t.bob.uid), {
      friends: [{ id: t.alice.uid, displayName: 'Alice', photoURL: null, addedAt: '2026-11-22T10:00:00.000Z' }],
      friendCount: 1,
    }),
  ).rejects.toMatchObject({ code: 'permission-denied' });
});

it('a fresh backend with one user: documents read through the policy', async () => {
  const backend = await createTestBackend();
  const user = await signUpUser(backend, { displayName: 'Solo' });
  expect((await backend.db.get(docRef('users', user.uid))).data?.displayName).toBe('Solo');
  expect(MESSAGES.countDidNotChange).toBe('Database operation completed but friend count did not change');
  await backend.local.close();
});
