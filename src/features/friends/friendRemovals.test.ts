// Ending a friendship between two users on the local adapter, through the access policy: both
// sides, one side and a pending record, and the records' processing at a later sign-in.
import { docRef } from '../../backend/port';
import type { TwoUsers } from '../../test/twoUsers';
import { createPendingFriendRemoval, removeFriend } from './friendsApi';
import { friendsTestUsers, processPendingFriendRemovals } from './friendsTestUsers';

const users = friendsTestUsers();
const { aliceDb, bobDb, befriend, snapshotUsers } = users;
let t: TwoUsers;
beforeEach(() => {
  t = users.current();
});

describe('remove', () => {
  it('removes the friendship from both lists with lingering requests, counts follow', async () => {
    await befriend();
    expect(await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toEqual({
      success: true,
      message: 'Friend removed',
    });
    const alice = await t.profile(t.alice.uid);
    const bob = await t.profile(t.bob.uid);
    expect([alice?.friends, bob?.friends]).toEqual([[], []]);
    expect([alice?.friendCount, bob?.friendCount]).toEqual([0, 0]);
  });

  it('answers Friend not found in your list for a stranger, changing nothing', async () => {
    const before = await snapshotUsers();
    expect(await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toEqual({
      success: false,
      message: 'Friend not found in your list',
    });
    expect(await removeFriend(aliceDb(), t.alice.uid, 'no-such-user', t.clock)).toEqual({
      success: false,
      message: 'Friend not found in your list',
    });
    expect(await snapshotUsers()).toEqual(before);
  });

  it('needs both ids: Missing user IDs', async () => {
    expect(await removeFriend(aliceDb(), t.alice.uid, '', t.clock)).toEqual({
      success: false,
      message: 'Missing user IDs',
    });
  });

  it('needs the own profile: User profile not found', async () => {
    const carol = await t.addUser({ displayName: 'Carol', withProfile: false });
    expect(await removeFriend(carol.backend.db, carol.uid, t.bob.uid, t.clock)).toEqual({
      success: false,
      message: 'User profile not found',
    });
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
      // the server's time, as the rules require (the local store keeps epoch ms)
      createdAt: t.clock.now(),
    });

    // Alice's retry still fails: attempts and lastAttempt move.
    t.clock.advance(60_000);
    expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({
      processed: 0,
      failed: 1,
      stuck: [],
    });
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_${t.bob.uid}`)).toMatchObject({
      attempts: 1,
      lastAttempt: t.clock.now(),
    });

    // Bob (the target) processes it from his own tab: his list is cleaned, the record deleted.
    expect(await processPendingFriendRemovals(bobDb(), t.bob.uid, t.clock)).toEqual({
      processed: 1,
      failed: 0,
      stuck: [],
    });
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
      expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({
        processed: 0,
        failed: 1,
        stuck: [],
      });
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
    await expect(aliceDb().update(docRef('pendingFriendRemovals', recordId), { attempts: 11 })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    // The target is never told (it is not their removal); once Bob's side is writable, it finishes.
    t.alice.backend.local.faults.clear();
    expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({
      processed: 1,
      failed: 0,
      stuck: [],
    });
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
    expect(await processPendingFriendRemovals(bobDb(), t.bob.uid, t.clock)).toEqual({
      processed: 1,
      failed: 0,
      stuck: [],
    });
    expect((await t.profile(t.bob.uid))?.friends).toEqual([]);
  });

  it('their document unavailable and the record too: no permissions message for what was not a permission error', async () => {
    await befriend();
    t.alice.backend.local.faults.failWrites({ collection: 'users', id: t.bob.uid }, 'unavailable');
    t.alice.backend.local.faults.failWrites({ collection: 'pendingFriendRemovals' }, 'unavailable');
    expect(await removeFriend(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).toEqual({
      success: true,
      message:
        'Friend removed from your list, but could not update their list: The service is currently unavailable (simulated network failure).',
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
    expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({
      processed: 1,
      failed: 0,
      stuck: [],
    });
    expect((await t.profile(t.bob.uid))?.friends).toEqual([]);
    expect((await t.profile(t.bob.uid))?.friendCount).toBe(0);
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_${t.bob.uid}`)).toBeNull();
  });

  it('creates pending removal records with the spec key and fields', async () => {
    expect((await createPendingFriendRemoval(aliceDb(), t.alice.uid, t.bob.uid, t.clock)).success).toBe(true);
    expect(await t.rawDoc('pendingFriendRemovals', `${t.alice.uid}_${t.bob.uid}`)).toMatchObject({
      attempts: 0,
      initiatorId: t.alice.uid,
    });
    expect(await processPendingFriendRemovals(aliceDb(), t.alice.uid, t.clock)).toEqual({
      processed: 1,
      failed: 0,
      stuck: [],
    });
  });
});
