// Friend requests between two users on the local adapter, each writing as themselves through
// the access policy: every request message of the spec's section 8 is reached through its operation.
import { ALREADY_FRIENDS_MESSAGE, SELF_REQUEST_MESSAGE } from '../../domain/friendsSend';
import { keyedBy } from '../../test/fixtures';
import { TEST_START_MS } from '../../test/testBackend';
import type { TwoUsers } from '../../test/twoUsers';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  cleanupStaleSentRequests,
  declineFriendRequest,
  sendFriendRequest,
} from './friendsApi';
import { friendsTestUsers } from './friendsTestUsers';

const users = friendsTestUsers();
const { aliceDb, bobDb, befriend, snapshotUsers } = users;
let t: TwoUsers;
beforeEach(() => {
  t = users.current();
});

/** Request entries as an inbox stores them, sent an hour before the test's clock starts. */
const EARLIER = '2026-11-22T09:00:00.000Z';
const sentTo = (receiverId: string, receiverName: string, requestId: string, status: 'pending' | 'accepted') => ({
  requestId,
  receiverId,
  receiverName,
  receiverPhoto: null,
  status,
  createdAt: EARLIER,
});
const sentList = (...entries: ReturnType<typeof sentTo>[]) => ({
  sentFriendRequests: keyedBy(entries, 'receiverId'),
});
const pendingFrom = (senderId: string, senderName: string, requestId: string) => ({
  friendRequests: keyedBy(
    [{ requestId, senderId, senderName, senderPhoto: null, status: 'pending', createdAt: EARLIER }],
    'senderId',
  ),
});

/** Alice's request `${alice}_1` to Bob, still pending in both inboxes (a stale crossed request). */
async function plantLingeringRequest(): Promise<string> {
  const requestId = `${t.alice.uid}_1`;
  await t.adminWrite('inboxes', t.bob.uid, pendingFrom(t.alice.uid, 'Alice', requestId));
  await t.adminWrite('inboxes', t.alice.uid, sentList(sentTo(t.bob.uid, 'Bob', requestId, 'pending')));
  return requestId;
}

describe('send', () => {
  it('creates a pending entry on both users and sets the receiver flag', async () => {
    const result = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    const requestId = `${t.alice.uid}_${TEST_START_MS}`;
    expect(result).toEqual({ success: true, message: 'Friend request sent', requestId });
    const alice = await t.profile(t.alice.uid);
    const bob = await t.profile(t.bob.uid);
    expect(alice?.sentFriendRequests).toEqual([
      {
        requestId,
        receiverId: t.bob.uid,
        receiverName: 'Bob',
        receiverPhoto: null,
        status: 'pending',
        createdAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
    expect(bob?.friendRequests).toEqual([
      {
        requestId,
        senderId: t.alice.uid,
        senderName: 'Alice',
        senderPhoto: null,
        status: 'pending',
        createdAt: '2026-11-22T10:00:00.000Z',
      },
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
    expect((await sendFriendRequest(aliceDb(), t.alice.uid, '', t.clock)).message).toBe(
      'Missing sender or receiver ID',
    );
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
    t.alice.backend.local.faults.failWrites({ collection: 'inboxes', id: t.bob.uid }, 'unavailable', 'offline');
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
    // stored as a map keyed by id (docs/friends-model.md), at the server's time of the accept
    expect(alice?.notifications).toEqual({
      [`accepted_${sent.requestId}_${acceptedAt}`]: {
        id: `accepted_${sent.requestId}_${acceptedAt}`,
        type: 'friendRequestAccepted',
        message: 'Bob accepted your friend request',
        senderId: t.bob.uid,
        senderName: 'Bob',
        senderPhoto: null,
        read: false,
        createdAt: addedAt,
      },
    });
    expect(alice?.hasNewNotification).toBe(true);
  });

  it('keeps notifications stored as an object an object', async () => {
    await t.adminWrite('inboxes', t.alice.uid, {
      notifications: {
        old: {
          id: 'old',
          type: 'friendRequestAccepted',
          message: 'Old news',
          senderId: 'x',
          senderName: 'X',
          senderPhoto: null,
          read: true,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      },
    });
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    expect((await acceptFriendRequest(bobDb(), t.bob.uid, sent.requestId!, t.clock)).success).toBe(true);
    const notifications = (await t.profile(t.alice.uid))?.notifications;
    expect(Array.isArray(notifications)).toBe(false);
    expect(Object.keys(notifications ?? {}).sort()).toEqual(
      [`accepted_${sent.requestId}_${TEST_START_MS}`, 'old'].sort(),
    );
  });

  it('only removes the request entries when already friends', async () => {
    await befriend();
    // A stale crossed request from Alice lingers in Bob's inbox.
    const requestId = await plantLingeringRequest();
    const before = await t.profile(t.alice.uid);
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, requestId, t.clock)).toEqual({
      success: true,
      message: 'Friend request accepted',
    });
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
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, `${t.alice.uid}_123`, t.clock)).toEqual({
      success: false,
      message: 'Friend request not found',
    });
    // Alice cannot accept her own request either: it is not in her list.
    expect(await acceptFriendRequest(aliceDb(), t.alice.uid, sent.requestId!, t.clock)).toEqual({
      success: false,
      message: 'Friend request not found',
    });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('needs ids: Missing user IDs', async () => {
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, '', t.clock)).toEqual({
      success: false,
      message: 'Missing user IDs',
    });
  });

  it('needs the own profile: Your profile not found', async () => {
    const carol = await t.addUser({ displayName: 'Carol', withProfile: false });
    expect(await acceptFriendRequest(carol.backend.db, carol.uid, 'x_1', t.clock)).toEqual({
      success: false,
      message: 'Your profile not found',
    });
  });

  it('needs the sender to exist: User not found, nothing changes', async () => {
    await t.adminWrite('inboxes', t.bob.uid, pendingFrom('ghost', 'Ghost', 'ghost_1'));
    const before = await snapshotUsers();
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, 'ghost_1', t.clock)).toEqual({
      success: false,
      message: 'User not found',
    });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('a stale stored count is not a failure: the counts follow the lists and are repaired, in 3 reads and 4 writes', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    // Bob's stored count already says 1 with an empty list (the old check compared against it and
    // answered "did not change"); Alice's says 5 with an empty list.
    await t.adminWrite('users', t.bob.uid, { friendCount: 1 });
    await t.adminWrite('users', t.alice.uid, { friendCount: 5 });
    t.bob.backend.local.resetCounters();
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, sent.requestId!, t.clock)).toEqual({
      success: true,
      message: 'Friend request accepted',
    });
    // Bob's profile and inbox, Alice's profile; both profiles and both inboxes written
    expect(t.bob.backend.local.counters).toMatchObject({ reads: 3, writes: 4 });
    const alice = await t.profile(t.alice.uid);
    const bob = await t.profile(t.bob.uid);
    expect([alice?.friends.map((f) => f.id), bob?.friends.map((f) => f.id)]).toEqual([[t.bob.uid], [t.alice.uid]]);
    expect([alice?.friendCount, bob?.friendCount]).toEqual([1, 1]);
  });

  it('already friends with a stale count on the receiver: the request goes, the count is repaired', async () => {
    await befriend();
    await t.adminWrite('users', t.bob.uid, { friendCount: 7 });
    const requestId = await plantLingeringRequest();
    expect(await acceptFriendRequest(bobDb(), t.bob.uid, requestId, t.clock)).toEqual({
      success: true,
      message: 'Friend request accepted',
    });
    const bob = await t.profile(t.bob.uid);
    expect([bob?.friendRequests, bob?.friendCount]).toEqual([[], 1]);
  });
});

describe('accepts on one person at once', () => {
  it('two people accepting requests from the same sender both land: the counts merge', async () => {
    const carol = await t.addUser({ displayName: 'Carol' });
    const toBob = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    t.clock.advance(1000);
    const toCarol = await sendFriendRequest(aliceDb(), t.alice.uid, carol.uid, t.clock);
    const results = await Promise.all([
      acceptFriendRequest(bobDb(), t.bob.uid, toBob.requestId!, t.clock),
      acceptFriendRequest(carol.backend.db, carol.uid, toCarol.requestId!, t.clock),
    ]);
    expect(results.map((r) => r.message)).toEqual(['Friend request accepted', 'Friend request accepted']);
    const alice = await t.profile(t.alice.uid);
    expect(alice?.friends.map((f) => f.id).sort()).toEqual([t.bob.uid, carol.uid].sort());
    expect(alice?.friendCount).toBe(2);
    expect(alice?.sentFriendRequests).toEqual([]);
    expect(Object.keys(alice?.notifications ?? {})).toHaveLength(2);
  });
});

describe('decline', () => {
  it('removes the request from both users', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    expect(await declineFriendRequest(bobDb(), t.bob.uid, sent.requestId!)).toEqual({
      success: true,
      message: 'Friend request declined',
    });
    expect((await t.profile(t.bob.uid))?.friendRequests).toEqual([]);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);
    expect((await t.profile(t.alice.uid))?.friends).toEqual([]);
  });

  it('refuses a stale requestId and changes nothing', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    await declineFriendRequest(bobDb(), t.bob.uid, sent.requestId!);
    const before = await snapshotUsers();
    expect(await declineFriendRequest(bobDb(), t.bob.uid, sent.requestId!)).toEqual({
      success: false,
      message: 'Friend request not found',
    });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('needs the own profile: Your profile not found', async () => {
    const carol = await t.addUser({ displayName: 'Carol', withProfile: false });
    expect(await declineFriendRequest(carol.backend.db, carol.uid, 'x_1')).toEqual({
      success: false,
      message: 'Your profile not found',
    });
  });
});

describe('cancel', () => {
  it('removes the request from both users, found by requestId', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    expect(await cancelFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, sent.requestId)).toEqual({
      success: true,
      message: 'Friend request canceled',
    });
    expect((await t.profile(t.bob.uid))?.friendRequests).toEqual([]);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);
  });

  it('falls back to the pending request to that receiver', async () => {
    await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    expect(await cancelFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, null)).toEqual({
      success: true,
      message: 'Friend request canceled',
    });
    expect((await t.profile(t.bob.uid))?.friendRequests).toEqual([]);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);
  });

  it('falls back to the pending request when the given requestId is stale', async () => {
    await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    expect((await cancelFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, `${t.alice.uid}_1`)).message).toBe(
      'Friend request canceled',
    );
    expect((await t.profile(t.bob.uid))?.friendRequests).toEqual([]);
  });

  it('answers Friend request not found when nothing is pending, changing nothing', async () => {
    const before = await snapshotUsers();
    expect(await cancelFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, null)).toEqual({
      success: false,
      message: 'Friend request not found',
    });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('needs the receiver: Receiver profile not found', async () => {
    expect(await cancelFriendRequest(aliceDb(), t.alice.uid, 'no-such-user', null)).toEqual({
      success: false,
      message: 'Receiver profile not found',
    });
  });

  it('needs both ids: Missing user IDs', async () => {
    expect(await cancelFriendRequest(aliceDb(), t.alice.uid, '', null)).toEqual({
      success: false,
      message: 'Missing user IDs',
    });
  });

  it('needs the own profile: Your profile not found', async () => {
    const carol = await t.addUser({ displayName: 'Carol', withProfile: false });
    expect(await cancelFriendRequest(carol.backend.db, carol.uid, t.bob.uid, null)).toEqual({
      success: false,
      message: 'Your profile not found',
    });
  });
});

describe('cleanup of stale sent requests', () => {
  it('marks a request accepted when the receiver lists the user, and re-adds the missing friend', async () => {
    const requestId = `${t.alice.uid}_1`;
    await t.adminWrite('inboxes', t.alice.uid, sentList(sentTo(t.bob.uid, 'Bob', requestId, 'pending')));
    await t.adminWrite('users', t.bob.uid, {
      friends: keyedBy(
        [{ id: t.alice.uid, displayName: 'Alice', photoURL: null, addedAt: '2026-11-22T09:30:00.000Z' }],
        'id',
      ),
      friendCount: 1,
    });
    const result = await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock);
    expect(result.actions[requestId]).toEqual(['markedAccepted', 'friendReAdded']);
    const alice = await t.profile(t.alice.uid);
    expect(alice?.sentFriendRequests).toEqual([sentTo(t.bob.uid, 'Bob', requestId, 'accepted')]);
    expect(alice?.friends.map((f) => f.id)).toEqual([t.bob.uid]);
    expect(alice?.friendCount).toBe(1);
  });

  it("keeps a pending request pending while the receiver does not list the user (the receiver's copy is private)", async () => {
    const requestId = `${t.alice.uid}_1`;
    await t.adminWrite('inboxes', t.alice.uid, sentList(sentTo(t.bob.uid, 'Bob', requestId, 'pending')));
    expect((await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock)).actions[requestId]).toEqual(['unchanged']);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests[0]?.status).toBe('pending');
    expect((await t.profile(t.alice.uid))?.friends).toEqual([]);
  });

  it('has nothing to drop after a decline: the decline removed both copies', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    await declineFriendRequest(bobDb(), t.bob.uid, sent.requestId!);
    expect((await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock)).message).toBe(
      'Sent requests are up to date',
    );
    expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);
  });

  it('drops a request whose receiver is gone', async () => {
    await t.adminWrite('inboxes', t.alice.uid, sentList(sentTo('deleted-user', 'Gone', 'r_1', 'pending')));
    expect((await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock)).actions.r_1).toEqual(['dropped']);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);
  });

  it('reverts an accepted request to pending when the receiver does not list the user', async () => {
    const requestId = `${t.alice.uid}_1`;
    await t.adminWrite('inboxes', t.alice.uid, sentList(sentTo(t.bob.uid, 'Bob', requestId, 'accepted')));
    expect((await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock)).actions[requestId]).toEqual([
      'revertedToPending',
    ]);
    expect((await t.profile(t.alice.uid))?.sentFriendRequests[0]?.status).toBe('pending');
  });

  it('leaves a live pending request alone and writes nothing', async () => {
    const sent = await sendFriendRequest(aliceDb(), t.alice.uid, t.bob.uid, t.clock);
    const before = await snapshotUsers();
    t.alice.backend.local.resetCounters();
    expect((await cleanupStaleSentRequests(aliceDb(), t.alice.uid, t.clock)).actions[sent.requestId!]).toEqual([
      'unchanged',
    ]);
    expect(t.alice.backend.local.counters.writes).toBe(0);
    expect(await snapshotUsers()).toEqual(before);
  });
});
