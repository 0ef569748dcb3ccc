// Two users on the local adapter (fake-indexeddb), each writing as themselves through the access
// policy: every friends message of the spec's section 8 is reached through its operation.
import { docRef } from '../../backend/port';
import { signUpUser } from '../../test/setupTestStore';
import { createTestBackend, createTestClock, TEST_START_MS } from '../../test/testBackend';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TwoUsers } from '../../test/twoUsers';
import { toUserProfile } from '../profile/profileMapper';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  cleanupStaleSentRequests,
  createPendingFriendRemoval,
  declineFriendRequest,
  getFriends,
  MESSAGES,
  processPendingFriendRemovals,
  removeFriend,
  sendFriendRequest,
} from './friendsApi';
import { acceptMovesCounts, ALREADY_FRIENDS_MESSAGE, applyAccept, SELF_REQUEST_MESSAGE } from './friendsLogic';
import { selectIncomingRequests, selectSentRequests } from './friendsSlice';

let t: TwoUsers;

beforeEach(async () => {
  // Failed retries are logged by design; keep the output readable.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  t = await setupTwoUsers();
});

afterEach(async () => {
  await t.close();
});

const aliceDb = () => t.alice.backend.db;
const bobDb = () => t.bob.backend.db;

async function befriend(): Promise<string> {
  const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
  expect(sent.success).toBe(true);
  t.clock.advance(1000);
  const accepted = await acceptFriendRequest(bobDb(), t.bob.uid, sent.requestId!, t.clock);
  expect(accepted).toEqual({ success: true, message: 'Friend request accepted' });
  t.clock.advance(1000);
  return sent.requestId!;
}

async function snapshotUsers() {
  return { alice: await t.rawDoc('users', t.alice.uid), bob: await t.rawDoc('users', t.bob.uid) };
}

describe('send', () => {
  it('creates a pending entry on both users and sets the receiver flag', async () => {
    const result = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    const requestId = `${t.alice.uid}_${TEST_START_MS}`;
    expect(result).toEqual({ success: true, message: 'Friend request sent', requestId });
    const alice = await t.profile(t.alice.uid);
    const bob = await t.profile(t.bob.uid);
    expect(alice?.sentFriendRequests).toEqual([
      { requestId, receiverId: t.bob.uid, receiverName: 'Bob', receiverPhoto: null, status: 'pending', createdAt: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(bob?.friendRequests).toEqual([
      { requestId, senderId: t.alice.uid, senderName: 'Alice', senderPhoto: null, status: 'pending', createdAt: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(bob?.hasNewNotification).toBe(true);
  });

  it('refuses a duplicate pending request: Friend request already sent', async () => {
    await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    t.clock.advance(50);
    const before = await snapshotUsers();
    expect(await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toEqual({
      success: false,
      message: 'Friend request already sent',
      requestId: null,
    });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('needs both ids: Missing sender or receiver ID', async () => {
    expect((await sendFriendRequest(aliceDb(), t.alice.uid, '', t.clock)).message).toBe('Missing sender or receiver ID');
    expect((await sendFriendRequest(aliceDb(), '', t.bob.uid, t.clock)).message).toBe('Missing sender or receiver ID');
  });

  it('refuses a request to oneself and changes nothing', async () => {
    const before = await snapshotUsers();
    expect(await sendFriendRequest(aliceDb(), t.alice.uid, t.alice.uid, t.clock)).toEqual({
      success: false,
      message: SELF_REQUEST_MESSAGE,
      requestId: null,
    });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('refuses a receiver that does not exist: User not found, nothing changes', async () => {
    const before = await snapshotUsers();
    const result = await sendFriendRequest(aliceDb(), t.alice.uid, 'no-such-user', t.clock);
    expect(result).toMatchObject({ success: false, message: 'User not found' });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('refuses when the sender has no profile: Sender profile not found', async () => {
    const carol = await t.addUser({ displayName: 'Carol', withProfile: false });
    const result = await sendFriendRequest(carol.backend.db, carol.uid, t.bob.uid, t.clock);
    expect(result).toMatchObject({ success: false, message: 'Sender profile not found' });
  });

  it('reports a failed write: Failed to create friend request: {detail}', async () => {
    t.alice.backend.local.faults.failWrites({ collection: 'users', id: t.bob.uid }, 'unavailable', 'offline');
    const before = await snapshotUsers();
    expect(await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toMatchObject({
      success: false,
      message: 'Failed to create friend request: offline',
    });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('refuses a request to someone who is already a friend', async () => {
    await befriend();
    expect((await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).message).toBe(ALREADY_FRIENDS_MESSAGE);
  });
});

describe('accept', () => {
  it('makes both users friends, updates both counts and notifies the sender', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    t.clock.advance(5000);
    const acceptedAt = t.clock.now();
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, sent.requestId!, t.clock)).toEqual({
      success: true,
      message: 'Friend request accepted',
    });
    const alice = await t.profile(t.alice.uid);
    const bob = await t.profile(t.bob.uid);
    const addedAt = new Date(acceptedAt).toISOString();
    expect(bob?.friendRequests).toEqual([]);
    expect(alice?.sentFriendRequests).toEqual([]);
    expect(bob?.friends).toEqual([{ id: t.alice.uid, displayName: 'Alice', photoURL: null, addedAt }]);
    expect(alice?.friends).toEqual([{ id: t.bob.uid, displayName: 'Bob', photoURL: null, addedAt }]);
    expect([alice?.friendCount, bob?.friendCount]).toEqual([1, 1]);
    expect(alice?.notifications).toEqual([
      {
        id: `accepted_${sent.requestId}_${acceptedAt}`,
        type: 'friendRequestAccepted',
        message: 'Bob accepted your friend request',
        senderId: t.bob.uid,
        senderName: 'Bob',
        senderPhoto: null,
        read: false,
        createdAt: addedAt,
      },
    ]);
    expect(alice?.hasNewNotification).toBe(true);
  });

  it('keeps notifications stored as an object an object', async () => {
    await t.adminWrite('users', t.alice.uid, {
      notifications: {
        old: { id: 'old', type: 'friendRequestAccepted', message: 'Old news', senderId: 'x', senderName: 'X', senderPhoto: null, read: true, createdAt: '2026-01-01T00:00:00.000Z' },
      },
    });
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    expect((await acceptFriendRequest(bobDb(), t.bob.uid, sent.requestId!, t.clock)).success).toBe(true);
    const notifications = (await t.profile(t.alice.uid))?.notifications;
    expect(Array.isArray(notifications)).toBe(false);
    expect(Object.keys(notifications ?? {}).sort()).toEqual([`accepted_${sent.requestId}_${TEST_START_MS}`, 'old'].sort());
  });

  it('only removes the request entries when already friends', async () => {
    await befriend();
    // A stale crossed request from Alice lingers in Bob's list.
    await t.adminWrite('users', t.bob.uid, {
      friendRequests: [{ requestId: `${t.alice.uid}_1`, senderId: t.alice.uid, senderName: 'Alice', senderPhoto: null, status: 'pending', createdAt: '2026-11-22T09:00:00.000Z' }],
    });
    await t.adminWrite('users', t.alice.uid, {
      sentFriendRequests: [{ requestId: `${t.alice.uid}_1`, receiverId: t.bob.uid, receiverName: 'Bob', receiverPhoto: null, status: 'pending', createdAt: '2026-11-22T09:00:00.000Z' }],
    });
    const before = await t.profile(t.alice.uid);
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, `${t.alice.uid}_1`, t.clock)).toEqual({ success: true, message: 'Friend request accepted' });
    const alice = await t.profile(t.alice.uid);
    const bob = await t.profile(t.bob.uid);
    expect(bob?.friendRequests).toEqual([]);
    expect(alice?.sentFriendRequests).toEqual([]);
    expect(alice?.friends).toEqual(before?.friends);
    expect(alice?.notifications).toEqual(before?.notifications);
    expect([alice?.friendCount, bob?.friendCount]).toEqual([1, 1]);
  });

  it('refuses a forged or stale requestId: Friend request not found, nothing changes', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    const before = await snapshotUsers();
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, `${t.alice.uid}_123`, t.clock)).toEqual({ success: false, message: 'Friend request not found' });
    // Alice cannot accept her own request either: it is not in her list.
    expect(await acceptFriendRequest(aliceDb(), t.alice.uid, sent.requestId!, t.clock)).toEqual({ success: false, message: 'Friend request not found' });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('needs ids: Missing user IDs', async () => {
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, '', t.clock)).toEqual({ success: false, message: 'Missing user IDs' });
  });

  it('needs the own profile: Your profile not found', async () => {
    const carol = await t.addUser({ displayName: 'Carol', withProfile: false });
    expect(await acceptFriendRequest(carol.backend.db, carol.uid, 'x_1', t.clock)).toEqual({ success: false, message: 'Your profile not found' });
  });

  it('needs the sender to exist: User not found, nothing changes', async () => {
    await t.adminWrite('users', t.bob.uid, {
      friendRequests: [{ requestId: 'ghost_1', senderId: 'ghost', senderName: 'Ghost', senderPhoto: null, status: 'pending', createdAt: '2026-11-22T09:00:00.000Z' }],
    });
    const before = await snapshotUsers();
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, 'ghost_1', t.clock)).toEqual({ success: false, message: 'User not found' });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('a stale stored count is not a failure: the counts follow the lists and are repaired, in 2 reads', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    // Bob's stored count already says 1 with an empty list (the old check compared against it and
    // answered "did not change"); Alice's says 5 with an empty list.
    await t.adminWrite('users', t.bob.uid, { friendCount: 1 });
    await t.adminWrite('users', t.alice.uid, { friendCount: 5 });
    t.bob.backend.local.resetCounters();
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, sent.requestId!, t.clock)).toEqual({ success: true, message: 'Friend request accepted' });
    expect(t.bob.backend.local.counters).toMatchObject({ reads: 2, writes: 2 });
    const alice = await t.profile(t.alice.uid);
    const bob = await t.profile(t.bob.uid);
    expect([alice?.friends.map((f) => f.id), bob?.friends.map((f) => f.id)]).toEqual([[t.bob.uid], [t.alice.uid]]);
    expect([alice?.friendCount, bob?.friendCount]).toEqual([1, 1]);
  });

  it('already friends with a stale count on the receiver: the request goes, the count is repaired', async () => {
    await befriend();
    await t.adminWrite('users', t.bob.uid, {
      friendCount: 7,
      friendRequests: [{ requestId: `${t.alice.uid}_1`, senderId: t.alice.uid, senderName: 'Alice', senderPhoto: null, status: 'pending', createdAt: '2026-11-22T09:00:00.000Z' }],
    });
    await t.adminWrite('users', t.alice.uid, {
      sentFriendRequests: [{ requestId: `${t.alice.uid}_1`, receiverId: t.bob.uid, receiverName: 'Bob', receiverPhoto: null, status: 'pending', createdAt: '2026-11-22T09:00:00.000Z' }],
    });
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, `${t.alice.uid}_1`, t.clock)).toEqual({ success: true, message: 'Friend request accepted' });
    const bob = await t.profile(t.bob.uid);
    expect([bob?.friendRequests, bob?.friendCount]).toEqual([[], 1]);
  });
});

describe('the accept count check (Database operation completed but friend count did not change)', () => {
  const entry = (id: string) => ({ id, displayName: id, photoURL: null, addedAt: '2026-11-22T09:00:00.000Z' });
  const before = { receiver: { friends: [entry('x')] }, sender: { friends: [] } };

  it('passes when every side that gains a friend has one more entry and a count equal to its list', () => {
    expect(
      acceptMovesCounts(before, {
        receiver: { friends: [entry('x'), entry('alice')], friendCount: 2 },
        sender: { friends: [entry('bob')], friendCount: 1 },
      }),
    ).toBe(true);
    // Sides that gain nothing (already friends) are not checked.
    expect(acceptMovesCounts(before, { receiver: { friendRequests: [] }, sender: { sentFriendRequests: [] } })).toBe(true);
  });

  it('fails when a count would not move with its list, or the list would not grow by one', () => {
    expect(
      acceptMovesCounts(before, { receiver: { friends: [entry('x'), entry('alice')], friendCount: 1 }, sender: { friends: [entry('bob')], friendCount: 1 } }),
    ).toBe(false);
    expect(acceptMovesCounts(before, { receiver: { friends: [entry('x')], friendCount: 1 }, sender: {} })).toBe(false);
    expect(acceptMovesCounts(before, { receiver: {}, sender: { friends: [entry('bob'), entry('y')], friendCount: 2 } })).toBe(false);
  });

  it('every accept plan of the app passes it, stale stored counts included', () => {
    const profile = (friends: ReturnType<typeof entry>[], friendCount: number) => ({ ...toUserProfile({ displayName: 'P' }), friends, friendCount });
    const request = { requestId: 'alice_1', senderId: 'alice', senderName: 'Alice', senderPhoto: null, status: 'pending' as const, createdAt: '2026-11-22T09:00:00.000Z' };
    for (const [receiver, sender] of [
      [profile([], 0), profile([], 0)],
      [profile([], 3), profile([entry('z')], 0)],
      [profile([entry('alice')], 9), profile([], 2)],
      [profile([entry('alice')], 1), profile([entry('bob')], 1)],
    ] as const) {
      expect(acceptMovesCounts({ receiver, sender }, applyAccept('bob', receiver, sender, request, TEST_START_MS))).toBe(true);
    }
  });
});

describe('decline', () => {
  it('removes the request from both users', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    expect(await declineFriendRequest(bobDb(), t.bob.uid, sent.requestId!)).toEqual({ success: true, message: 'Friend request declined' });
    expect((await t.profile(t.bob.uid))?.friendRequests).toEqual([]);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);
    expect((await t.profile(t.alice.uid))?.friends).toEqual([]);
  });

  it('refuses a stale requestId and changes nothing', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    await declineFriendRequest(bobDb(), t.bob.uid, sent.requestId!);
    const before = await snapshotUsers();
    expect(await declineFriendRequest(bobDb(), t.bob.uid, sent.requestId!)).toEqual({ success: false, message: 'Friend request not found' });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('needs the own profile: Your profile not found', async () => {
    const carol = await t.addUser({ displayName: 'Carol', withProfile: false });
    expect(await declineFriendRequest(carol.backend.db, carol.uid, 'x_1')).toEqual({ success: false, message: 'Your profile not found' });
  });
});

describe('cancel', () => {
  it('removes the request from both users, found by requestId', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    expect(await cancelFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, sent.requestId)).toEqual({ success: true, message: 'Friend request canceled' });
    expect((await t.profile(t.bob.uid))?.friendRequests).toEqual([]);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);
  });

  it('falls back to the pending request to that receiver', async () => {
    await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    expect(await cancelFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, null)).toEqual({ success: true, message: 'Friend request canceled' });
    expect((await t.profile(t.bob.uid))?.friendRequests).toEqual([]);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);
  });

  it('falls back to the pending request when the given requestId is stale', async () => {
    await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    expect((await cancelFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, `${t.alice.uid}_1`)).message).toBe('Friend request canceled');
    expect((await t.profile(t.bob.uid))?.friendRequests).toEqual([]);
  });

  it('answers Friend request not found when nothing is pending, changing nothing', async () => {
    const before = await snapshotUsers();
    expect(await cancelFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, null)).toEqual({ success: false, message: 'Friend request not found' });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('needs the receiver: Receiver profile not found', async () => {
    expect(await cancelFriendRequest(aliceDb(), t.alice.uid, 'no-such-user', null)).toEqual({ success: false, message: 'Receiver profile not found' });
  });

  it('needs both ids: Missing user IDs', async () => {
    expect(await cancelFriendRequest(aliceDb(), t.alice.uid, '', null)).toEqual({ success: false, message: 'Missing user IDs' });
  });

  it('needs the own profile: Your profile not found', async () => {
    const carol = await t.addUser({ displayName: 'Carol', withProfile: false });
    expect(await cancelFriendRequest(carol.backend.db, carol.uid, t.bob.uid, null)).toEqual({ success: false, message: 'Your profile not found' });
  });
});

describe('remove', () => {
  it('removes the friendship from both lists with lingering requests, counts follow', async () => {
    await befriend();
    expect(await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toEqual({ success: true, message: 'Friend removed' });
    const alice = await t.profile(t.alice.uid);
    const bob = await t.profile(t.bob.uid);
    expect([alice?.friends, bob?.friends]).toEqual([[], []]);
    expect([alice?.friendCount, bob?.friendCount]).toEqual([0, 0]);
  });

  it('answers Friend not found in your list for a stranger, changing nothing', async () => {
    const before = await snapshotUsers();
    expect(await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toEqual({ success: false, message: 'Friend not found in your list' });
    expect(await removeFriend(aliceDb(), t.alice.uid, 'no-such-user', t.clock)).toEqual({ success: false, message: 'Friend not found in your list' });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('needs both ids: Missing user IDs', async () => {
    expect(await removeFriend(aliceDb(), t.alice.uid, '', t.clock)).toEqual({ success: false, message: 'Missing user IDs' });
  });

  it('needs the own profile: User profile not found', async () => {
    const carol = await t.addUser({ displayName: 'Carol', withProfile: false });
    expect(await removeFriend(carol.backend.db, carol.uid, t.bob.uid, t.clock)).toEqual({ success: false, message: 'User profile not found' });
  });

  it('their document unavailable: own side removed, pending removal recorded, processed at their next sign-in', async () => {
    await befriend();
    t.alice.backend.local.faults.failWrites({ collection: 'users', id: t.bob.uid }, 'unavailable');
    expect(await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toEqual({
      success: true,
      message: 'Friend removed from your list and pending removal from their list',
    });
    expect((await t.profile(t.alice.uid))?.friends).toEqual([]);
    expect((await t.profile(t.bob.uid))?.friends).toHaveLength(1);
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_${t.bob.uid}`)).toEqual({
      initiatorId: t.alice.uid,
      targetId: t.bob.uid,
      timestamp: t.clock.now(),
      attempts: 0,
      lastAttempt: null,
      createdAt: new Date(t.clock.now()).toISOString(),
    });

    // Alice's retry still fails: attempts and lastAttempt move.
    t.clock.advance(60_000);
    expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({ processed: 0, failed: 1, stuck: [] });
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_${t.bob.uid}`)).toMatchObject({
      attempts: 1,
      lastAttempt: new Date(t.clock.now()).toISOString(),
    });

    // Bob (the target) processes it from his own tab: his list is cleaned, the record deleted.
    expect(await processPendingFriendRemovals(bobDb(), t.bob.uid, t.clock)).toEqual({ processed: 1, failed: 0, stuck: [] });
    const bob = await t.profile(t.bob.uid);
    expect([bob?.friends, bob?.friendCount]).toEqual([[], 0]);
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_${t.bob.uid}`)).toBeNull();
  });

  it('counts at most 10 failed attempts, then tells the initiator at every failure after that', async () => {
    await befriend();
    t.alice.backend.local.faults.failWrites({ collection: 'users', id: t.bob.uid }, 'unavailable');
    await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    const recordId = `${t.alice.uid}_${t.bob.uid}`;
    for (let attempt = 1; attempt < 10; attempt += 1) {
      t.clock.advance(60_000);
      expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({ processed: 0, failed: 1, stuck: [] });
      expect(await t.rawDoc('pendingFriendRemovals', recordId)).toMatchObject({ attempts: attempt });
    }
    // The tenth failure: counted, and the removal is stuck (reported once: newlyStuck).
    expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({
      processed: 0,
      failed: 1,
      stuck: [{ targetId: t.bob.uid, targetName: 'Bob', newlyStuck: true }],
    });
    expect(await t.rawDoc('pendingFriendRemovals', recordId)).toMatchObject({ attempts: 10 });
    // Later failures: still tried, no longer counted (the policy refuses an eleventh), still told.
    expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({
      processed: 0,
      failed: 1,
      stuck: [{ targetId: t.bob.uid, targetName: 'Bob', newlyStuck: false }],
    });
    expect(await t.rawDoc('pendingFriendRemovals', recordId)).toMatchObject({ attempts: 10 });
    await expect(aliceDb().update(docRef('pendingFriendRemovals', recordId), { attempts: 11 })).rejects.toMatchObject({ code: 'permission-denied' });
    // The target is never told (it is not their removal); once Bob's side is writable, it finishes.
    t.alice.backend.local.faults.clear();
    expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({ processed: 1, failed: 0, stuck: [] });
  });

  it('their document denied: the simplified one-sided removal, answered with the permissions message', async () => {
    await befriend();
    t.alice.backend.local.faults.failWrites({ collection: 'users', id: t.bob.uid }, 'permission-denied');
    expect(await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toEqual({
      success: true,
      message: 'Friend removed from your list, but could not update their list due to permissions',
    });
    expect((await t.profile(t.alice.uid))?.friendCount).toBe(0);
    expect((await t.profile(t.bob.uid))?.friendCount).toBe(1);
    // The record lets Bob drop Alice from his own list at his next sign-in.
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_${t.bob.uid}`)).toMatchObject({ attempts: 0 });
    expect(await processPendingFriendRemovals(bobDb(), t.bob.uid, t.clock)).toEqual({ processed: 1, failed: 0, stuck: [] });
    expect((await t.profile(t.bob.uid))?.friends).toEqual([]);
  });

  it('their document unavailable and the record too: no permissions message for what was not a permission error', async () => {
    await befriend();
    t.alice.backend.local.faults.failWrites({ collection: 'users', id: t.bob.uid }, 'unavailable');
    t.alice.backend.local.faults.failWrites({ collection: 'pendingFriendRemovals' }, 'unavailable');
    expect(await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toEqual({
      success: true,
      message: 'Friend removed from your list, but could not update their list: The service is currently unavailable (simulated network failure).',
    });
    expect((await t.profile(t.alice.uid))?.friends).toEqual([]);
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_${t.bob.uid}`)).toBeNull();
  });

  it('their document unavailable and the record refused for permissions: the permissions message', async () => {
    await befriend();
    t.alice.backend.local.faults.failWrites({ collection: 'users', id: t.bob.uid }, 'unavailable');
    t.alice.backend.local.faults.failWrites({ collection: 'pendingFriendRemovals' }, 'permission-denied');
    expect(await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toEqual({
      success: true,
      message: 'Friend removed from your list, but could not update their list due to permissions',
    });
  });

  it('the initiator finishes a pending removal once the other document is writable again', async () => {
    await befriend();
    t.alice.backend.local.faults.failWrites({ collection: 'users', id: t.bob.uid }, 'unavailable');
    await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    t.alice.backend.local.faults.clear();
    expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({ processed: 1, failed: 0, stuck: [] });
    expect((await t.profile(t.bob.uid))?.friends).toEqual([]);
    expect((await t.profile(t.bob.uid))?.friendCount).toBe(0);
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_${t.bob.uid}`)).toBeNull();
  });

  it('creates pending removal records with the spec key and fields', async () => {
    expect((await createPendingFriendRemoval(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).success).toBe(true);
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_${t.bob.uid}`)).toMatchObject({ attempts: 0, initiatorId: t.alice.uid });
    expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({ processed: 1, failed: 0, stuck: [] });
  });
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
    expect(await getFriends(aliceDb(), 'no-such-user')).toEqual({ success: false, message: 'User profile not found', friends: [] });
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

describe('cleanup of stale sent requests', () => {
  const sentTo = (receiverId: string, receiverName: string, requestId: string, status: 'pending' | 'accepted') => ({
    requestId,
    receiverId,
    receiverName,
    receiverPhoto: null,
    status,
    createdAt: '2026-11-22T09:00:00.000Z',
  });
  const incomingFrom = (senderId: string, requestId: string, status: 'pending' | 'accepted') => ({
    requestId,
    senderId,
    senderName: 'Alice',
    senderPhoto: null,
    status,
    createdAt: '2026-11-22T09:00:00.000Z',
  });

  it('marks a request accepted when the receiver lists the user, and re-adds the missing friend', async () => {
    const requestId = `${t.alice.uid}_1`;
    await t.adminWrite('users', t.alice.uid, { sentFriendRequests: [sentTo(t.bob.uid, 'Bob', requestId, 'pending')] });
    await t.adminWrite('users', t.bob.uid, {
      friends: [{ id: t.alice.uid, displayName: 'Alice', photoURL: null, addedAt: '2026-11-22T09:30:00.000Z' }],
      friendCount: 1,
    });
    const result = await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock);
    expect(result.actions[requestId]).toEqual(['markedAccepted', 'friendReAdded']);
    const alice = await t.profile(t.alice.uid);
    expect(alice?.sentFriendRequests).toEqual([sentTo(t.bob.uid, 'Bob', requestId, 'accepted')]);
    expect(alice?.friends.map((f) => f.id)).toEqual([t.bob.uid]);
    expect(alice?.friendCount).toBe(1);
  });

  it("marks a request accepted when the receiver's copy is accepted", async () => {
    const requestId = `${t.alice.uid}_1`;
    await t.adminWrite('users', t.alice.uid, { sentFriendRequests: [sentTo(t.bob.uid, 'Bob', requestId, 'pending')] });
    await t.adminWrite('users', t.bob.uid, { friendRequests: [incomingFrom(t.alice.uid, requestId, 'accepted')] });
    expect((await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock)).actions[requestId]).toEqual(['markedAccepted']);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests[0]?.status).toBe('accepted');
    expect((await t.profile(t.alice.uid))?.friends).toEqual([]);
  });

  it('drops a request the receiver declined (their copy is gone)', async () => {
    const requestId = `${t.alice.uid}_1`;
    await t.adminWrite('users', t.alice.uid, { sentFriendRequests: [sentTo(t.bob.uid, 'Bob', requestId, 'pending')] });
    expect((await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock)).actions[requestId]).toEqual(['dropped']);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);
  });

  it('drops a request whose receiver is gone', async () => {
    await t.adminWrite('users', t.alice.uid, { sentFriendRequests: [sentTo('deleted-user', 'Gone', 'r_1', 'pending')] });
    expect((await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock)).actions.r_1).toEqual(['dropped']);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);
  });

  it('reverts an accepted request to pending when the receiver does not list the user', async () => {
    const requestId = `${t.alice.uid}_1`;
    await t.adminWrite('users', t.alice.uid, { sentFriendRequests: [sentTo(t.bob.uid, 'Bob', requestId, 'accepted')] });
    await t.adminWrite('users', t.bob.uid, { friendRequests: [incomingFrom(t.alice.uid, requestId, 'pending')] });
    expect((await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock)).actions[requestId]).toEqual(['revertedToPending']);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests[0]?.status).toBe('pending');
  });

  it('leaves a live pending request alone and writes nothing', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    const before = await snapshotUsers();
    t.alice.backend.local.resetCounters();
    expect((await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock)).actions[sent.requestId!]).toEqual(['unchanged']);
    expect(t.alice.backend.local.counters.writes).toBe(0);
    expect(await snapshotUsers()).toEqual(before);
  });
});

describe('a user id that does not exist', () => {
  it('gets a clear message from every operation and changes nothing', async () => {
    const before = await snapshotUsers();
    expect((await sendFriendRequest(aliceDb(), t.alice.uid, 'ghost', t.clock)).message).toBe('User not found');
    expect((await cancelFriendRequest(aliceDb(), t.alice.uid, 'ghost', null)).message).toBe('Receiver profile not found');
    expect((await removeFriend(aliceDb(), t.alice.uid, 'ghost', t.clock)).message).toBe('Friend not found in your list');
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
  const backend = await createTestBackend({ clock: createTestClock() });
  const user = await signUpUser(backend, { displayName: 'Solo' });
  expect((await backend.db.get(docRef('users', user.uid))).data?.displayName).toBe('Solo');
  expect(MESSAGES.countDidNotChange).toBe('Database operation completed but friend count did not change');
  await backend.local.close();
});
