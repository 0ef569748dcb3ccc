// The safety sagas over the real local backend (two users in two "tabs" on one fake-indexeddb
// database, each write judged by the access policy as its author), run with expectSaga.
import type { Action } from '@reduxjs/toolkit';
import { all, call, race, take, takeEvery } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { EffectProviders, StaticProvider } from 'redux-saga-test-plan/providers';

import type { Clock } from '../../backend/port';
import { docRef } from '../../backend/port';
import { SEND_REFUSED_MESSAGE } from '../../domain/friendsSend';
import { SAFETY_MESSAGES } from '../../domain/safetyMessages';
import { rootReducer } from '../../test/allFeatures';
import {
  acceptFriendRequest,
  createPost,
  createTribe,
  joinTribe,
  sendFriendRequest,
} from '../../test/featureInternals';
import { signedInRootState } from '../../test/signedInState';
import { makeModerator } from '../../test/tabHelpers';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TestTab, TwoUsers } from '../../test/twoUsers';
import { signedIn } from '../session';
import { reportId } from './safetyApi';
import { safetySaga } from './safetySagas';
import {
  blockedListReceived,
  blockRequested,
  memberRemovalRequested,
  moderationQueueOpened,
  moderatorClaimChecked,
  muteRequested,
  operationFinished,
  postRemovalRequested,
  reportActionRequested,
  reportAnswered,
  reportDismissRequested,
  reportSubmitted,
  unblockRequested,
  unmuteRequested,
} from './safetySlice';
import {
  actWorker,
  afterSignIn,
  blockWorker,
  checkModeratorClaim,
  dismissWorker,
  loadModerationQueue,
  muteWorker,
  removeMemberWorker,
  removePostWorker,
  reportWorker,
  unblockWorker,
  unmuteWorker,
} from './safetyWorkerSagas';

/**
 * Every run here ends by itself (a worker finishes, or a race ends on the awaited action); the
 * limit only stops a broken run. expectSaga's own default (250 ms) is too short for real
 * IndexedDB work on a busy machine.
 */
const RUN_LIMIT_MS = 15_000;
jest.setTimeout(60_000);

let users: TwoUsers;
let alice: TestTab;
let bob: TestTab;

beforeEach(async () => {
  users = await setupTwoUsers();
  ({ alice, bob } = users);
});
afterEach(() => users.close());

const contextOf = (tab: TestTab, clock: Clock = users.clock): StaticProvider[] => [
  [matchers.getContext('backend'), tab.backend],
  [matchers.getContext('clock'), clock],
];
const stateOf = (tab: TestTab, name: string) =>
  signedInRootState({ uid: tab.uid, email: tab.user.email, displayName: name });
const person = (tab: TestTab, name: string) => ({ id: tab.uid, name });

/** `saga` started with `args`, run as `name` signed in on `tab` (its state, backend and clock). */
const runAs = <Args extends unknown[]>(tab: TestTab, name: string, saga: (...args: Args) => Generator, ...args: Args) =>
  expectSaga(saga, ...args)
    .withState(stateOf(tab, name))
    .provide(contextOf(tab));

type Outcome = Omit<ReturnType<typeof operationFinished>['payload'], 'success'> & { success?: boolean };

/** A worker's run as `name` on `tab` that must end in this outcome (a success unless it says not). */
const expectOutcome = <A>(tab: TestTab, name: string, worker: (action: A) => Generator, action: A, outcome: Outcome) =>
  runAs(tab, name, worker, action)
    .put(operationFinished({ success: true, ...outcome }))
    .run(RUN_LIMIT_MS);

/** Alice blocks `blocked` (named `blockedName`) and is told so. */
const expectBlocked = (blocked: TestTab, blockedName: string) =>
  expectOutcome(alice, 'Alice', blockWorker, blockRequested({ person: person(blocked, blockedName) }), {
    operation: 'block',
    targetId: blocked.uid,
    message: SAFETY_MESSAGES.blocked(blockedName),
  });

type ReportForm = ReturnType<typeof reportSubmitted>['payload'];

/** `name` on `tab` reports `form.target` and gets this answer. */
const expectReportAnswer = (tab: TestTab, name: string, form: ReportForm, success: boolean, message: string) =>
  runAs(tab, name, reportWorker, reportSubmitted(form))
    .put(reportAnswered({ target: form.target, success, message }))
    .run(RUN_LIMIT_MS);

/** Alice's open tribe Rustaceans. */
const createAliceTribe = () =>
  createTribe(
    alice.backend.db,
    { uid: alice.uid, displayName: 'Alice', photoURL: null },
    {
      name: 'Rustaceans',
      tagline: '',
      description: '',
      topics: ['Rust'],
      joinPolicy: 'open',
    },
  );

describe('the operations queue', () => {
  it('one person, one queue: a mute asked while the block runs waits for it; another person does not', async () => {
    const calls: string[] = [];
    const later = <T>(ms: number, value: () => T) =>
      new Promise<T>((resolve) => setTimeout(() => resolve(value()), ms));
    // The workers call safetyApi through a small function per operation; this api answers instead.
    const api = {
      blockPerson: (_db: unknown, _uid: string, target: { id: string }) => {
        calls.push(`block ${target.id}`);
        return later(50, () => {
          calls.push(`blocked ${target.id}`);
          return { success: true, message: 'Blocked' };
        });
      },
      mutePerson: (_db: unknown, _uid: string, target: { id: string }) => {
        calls.push(`mute ${target.id}`);
        return Promise.resolve({ success: true, message: 'Muted' });
      },
    };
    const answering: EffectProviders = {
      call(effect, next) {
        const [first, ...rest] = effect.args as [unknown, ...unknown[]];
        const isApiCall = typeof (first as { blockPerson?: unknown } | null)?.blockPerson === 'function';
        return isApiCall ? (effect.fn as (...args: unknown[]) => unknown)(api, ...rest) : next();
      },
    };
    const carol = { id: 'carol', name: 'Carol' };
    await expectSaga(safetySaga)
      .withState(stateOf(alice, 'Alice'))
      .provide([...contextOf(alice), answering] as never)
      .dispatch(blockRequested({ person: person(bob, 'Bob') }))
      .dispatch(muteRequested({ person: person(bob, 'Bob') }))
      .dispatch(muteRequested({ person: carol }))
      .put(operationFinished({ operation: 'mute', targetId: bob.uid, success: true, message: 'Muted' }))
      .silentRun(1_000);
    expect(calls).toEqual([`block ${bob.uid}`, 'mute carol', `blocked ${bob.uid}`, `mute ${bob.uid}`]);
  });
});

describe('block', () => {
  it('ends the friendship on both sides, and the blocked person can no longer send a request', async () => {
    const sent = await sendFriendRequest(bob.backend.db, bob.uid, alice.uid, users.clock);
    expect((await acceptFriendRequest(alice.backend.db, alice.uid, sent.requestId ?? '', users.clock)).success).toBe(
      true,
    );
    expect((await users.profile(alice.uid))?.friendCount).toBe(1);

    await expectBlocked(bob, 'Bob');

    const [aliceAfter, bobAfter] = [await users.profile(alice.uid), await users.profile(bob.uid)];
    expect(aliceAfter).toMatchObject({ friends: [], friendCount: 0 });
    expect(bobAfter).toMatchObject({ friends: [], friendCount: 0 });
    expect(await users.rawDoc('blocks', `${alice.uid}_${bob.uid}`)).toMatchObject({
      blockerId: alice.uid,
      blockedId: bob.uid,
      blockedName: 'Bob',
    });

    users.clock.advance(1000);
    const again = await sendFriendRequest(bob.backend.db, bob.uid, alice.uid, users.clock);
    // Refused by the rules; the message does not say it was a block.
    expect(again).toMatchObject({ success: false, message: SEND_REFUSED_MESSAGE });
    expect((await users.profile(alice.uid))?.friendRequests).toEqual([]);
    // The blocked person is not told, and cannot find out by reading the block.
    await expect(bob.backend.db.get(docRef('blocks', `${alice.uid}_${bob.uid}`))).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });

  it('removes pending requests both ways', async () => {
    const carol = await users.addUser({ displayName: 'Carol' });
    await sendFriendRequest(bob.backend.db, bob.uid, alice.uid, users.clock);
    users.clock.advance(10);
    await sendFriendRequest(alice.backend.db, alice.uid, carol.uid, users.clock);

    await expectBlocked(bob, 'Bob');
    await expectBlocked(carol, 'Carol');

    expect(await users.profile(alice.uid)).toMatchObject({ friendRequests: [], sentFriendRequests: [] });
    expect(await users.profile(bob.uid)).toMatchObject({ sentFriendRequests: [] });
    expect(await users.profile(carol.uid)).toMatchObject({ friendRequests: [] });
  });

  it('lists the blocked person live after sign-in, and unblocking takes them off', async () => {
    const bobListed = (action: Action) => blockedListReceived.match(action) && action.payload.people.length === 1;
    // Signed in, Alice blocks Bob; the run ends when the live list shows him.
    function* signedInTab() {
      yield race({
        tab: all([
          call(afterSignIn, signedIn({ uid: alice.uid })),
          takeEvery(blockRequested.type, (action: ReturnType<typeof blockRequested>) => blockWorker(action)),
        ]),
        listed: take(bobListed),
      });
    }
    const blocking = await expectSaga(signedInTab)
      .withReducer(rootReducer, stateOf(alice, 'Alice'))
      .provide(contextOf(alice))
      .dispatch(blockRequested({ person: person(bob, 'Bob') }))
      .put(moderatorClaimChecked({ isModerator: false }))
      .put(blockedListReceived({ people: [{ id: bob.uid, name: 'Bob' }] }))
      .run(RUN_LIMIT_MS);
    expect((blocking.storeState as ReturnType<typeof rootReducer>).safety.blocked).toEqual([
      { id: bob.uid, name: 'Bob' },
    ]);

    await expectOutcome(alice, 'Alice', unblockWorker, unblockRequested({ person: person(bob, 'Bob') }), {
      operation: 'unblock',
      targetId: bob.uid,
      message: SAFETY_MESSAGES.unblocked('Bob'),
    });
    expect(await users.rawDoc('blocks', `${alice.uid}_${bob.uid}`)).toBeNull();
    function* signedInAgain() {
      yield race({ tab: call(afterSignIn, signedIn({ uid: alice.uid })), listed: take(blockedListReceived.type) });
    }
    const after = await expectSaga(signedInAgain)
      .withReducer(rootReducer, stateOf(alice, 'Alice'))
      .provide(contextOf(alice))
      .put(blockedListReceived({ people: [] }))
      .run(RUN_LIMIT_MS);
    expect((after.storeState as ReturnType<typeof rootReducer>).safety.listsStatus).toBe('ready');
    // Unblocked: requests go through again.
    expect((await sendFriendRequest(bob.backend.db, bob.uid, alice.uid, users.clock)).success).toBe(true);
  });

  it('stops the blocked person from joining the blocker’s tribe', async () => {
    const created = await createAliceTribe();
    await expectBlocked(bob, 'Bob');
    const joined = await joinTribe(
      bob.backend.db,
      { uid: bob.uid, displayName: 'Bob', photoURL: null },
      created.tribeId ?? '',
    );
    expect(joined.success).toBe(false);
    expect(await users.rawDoc('tribeMembers', `${created.tribeId}_${bob.uid}`)).toBeNull();
  });
});

describe('mute', () => {
  it('records the mute where only the muter reads it, and unmutes', async () => {
    await expectOutcome(alice, 'Alice', muteWorker, muteRequested({ person: person(bob, 'Bob') }), {
      operation: 'mute',
      targetId: bob.uid,
      message: SAFETY_MESSAGES.muted('Bob'),
    });
    expect(await users.rawDoc('mutes', `${alice.uid}_${bob.uid}`)).toMatchObject({
      muterId: alice.uid,
      mutedId: bob.uid,
    });
    await expect(bob.backend.db.get(docRef('mutes', `${alice.uid}_${bob.uid}`))).rejects.toMatchObject({
      code: 'permission-denied',
    });

    await expectOutcome(alice, 'Alice', unmuteWorker, unmuteRequested({ person: person(bob, 'Bob') }), {
      operation: 'unmute',
      targetId: bob.uid,
      message: SAFETY_MESSAGES.unmuted('Bob'),
    });
    expect(await users.rawDoc('mutes', `${alice.uid}_${bob.uid}`)).toBeNull();
  });

  it('cannot mute yourself', async () => {
    await expectOutcome(alice, 'Alice', muteWorker, muteRequested({ person: person(alice, 'Alice') }), {
      operation: 'mute',
      targetId: alice.uid,
      success: false,
      message: SAFETY_MESSAGES.self,
    });
  });
});

describe('report', () => {
  const target = () => ({ kind: 'profile' as const, id: bob.uid, label: 'Bob' });

  it('sends one report with a reason and details, and refuses a second one', async () => {
    const form = { target: target(), reason: 'impersonation', details: 'Not the real Bob' };
    await expectReportAnswer(alice, 'Alice', form, true, SAFETY_MESSAGES.reportSent);
    const id = reportId(alice.uid, target());
    expect(await users.rawDoc('reports', id)).toMatchObject({
      reporterId: alice.uid,
      reason: 'impersonation',
      details: 'Not the real Bob',
      status: 'open',
    });
    // Only the author and moderators read it.
    await expect(bob.backend.db.get(docRef('reports', id))).rejects.toMatchObject({ code: 'permission-denied' });

    const second = { target: target(), reason: 'spam', details: '' };
    await expectReportAnswer(alice, 'Alice', second, false, SAFETY_MESSAGES.alreadyReported);
    expect(await users.rawDoc('reports', id)).toMatchObject({ reason: 'impersonation' });
  });

  it.each([
    ['details over 1,000 characters', 'spam', 'x'.repeat(1001), SAFETY_MESSAGES.detailsTooLong],
    ['an unknown reason', 'boring', '', SAFETY_MESSAGES.chooseReason],
  ])('refuses %s, writing nothing', async (_case, reason, details, message) => {
    await expectReportAnswer(alice, 'Alice', { target: target(), reason, details }, false, message);
    expect(await users.rawDoc('reports', reportId(alice.uid, target()))).toBeNull();
  });
});

describe('moderation', () => {
  /** Alice's tribe with Bob and Carol as members; Bob posted. */
  async function tribeWithPost() {
    const carol = await users.addUser({ displayName: 'Carol' });
    const created = await createAliceTribe();
    const tribeId = created.tribeId ?? '';
    await joinTribe(bob.backend.db, { uid: bob.uid, displayName: 'Bob', photoURL: null }, tribeId);
    await joinTribe(carol.backend.db, { uid: carol.uid, displayName: 'Carol', photoURL: null }, tribeId);
    const post = await createPost(
      bob.backend.db,
      { uid: bob.uid, displayName: 'Bob', photoURL: null },
      tribeId,
      'Buy cheap followers',
    );
    return { carol, tribeId, postId: post.postId ?? '' };
  }

  it('the tribe owner removes a member’s post (postCount - 1) and a member (memberCount - 1)', async () => {
    const { tribeId, postId } = await tribeWithPost();
    expect(await users.rawDoc('tribes', tribeId)).toMatchObject({ memberCount: 3, postCount: 1 });

    await expectOutcome(alice, 'Alice', removePostWorker, postRemovalRequested({ postId, tribeId }), {
      operation: 'removePost',
      targetId: postId,
      message: SAFETY_MESSAGES.postRemoved,
    });
    await expectOutcome(
      alice,
      'Alice',
      removeMemberWorker,
      memberRemovalRequested({ tribeId, member: person(bob, 'Bob') }),
      { operation: 'removeMember', targetId: bob.uid, message: SAFETY_MESSAGES.memberRemoved('Bob') },
    );
    expect(await users.rawDoc('posts', postId)).toBeNull();
    expect(await users.rawDoc('tribeMembers', `${tribeId}_${bob.uid}`)).toBeNull();
    expect(await users.rawDoc('tribes', tribeId)).toMatchObject({ memberCount: 2, postCount: 0 });
  });

  it('a member who does not own the tribe cannot remove a post', async () => {
    const { carol, tribeId, postId } = await tribeWithPost();
    await expectOutcome(carol, 'Carol', removePostWorker, postRemovalRequested({ postId, tribeId }), {
      operation: 'removePost',
      targetId: postId,
      success: false,
      message: SAFETY_MESSAGES.failed('remove the post', 'Missing or insufficient permissions.'),
    });
    expect(await users.rawDoc('posts', postId)).not.toBeNull();
  });

  it('a moderator sees the report in the queue with the post inline, removes the post, and dismisses another report', async () => {
    const { carol, tribeId, postId } = await tribeWithPost();
    const postTarget = { kind: 'post' as const, id: postId, label: 'Buy cheap followers' };
    const profileTarget = { kind: 'profile' as const, id: bob.uid, label: 'Bob' };
    const postForm = { target: postTarget, reason: 'spam', details: '' };
    await expectReportAnswer(alice, 'Alice', postForm, true, SAFETY_MESSAGES.reportSent);
    users.clock.advance(1000);
    const profileForm = { target: profileTarget, reason: 'other', details: 'Rude' };
    await expectReportAnswer(alice, 'Alice', profileForm, true, SAFETY_MESSAGES.reportSent);

    // Without the claim, the queue is refused.
    await expectSaga(checkModeratorClaim)
      .provide(contextOf(carol))
      .put(moderatorClaimChecked({ isModerator: false }))
      .run(RUN_LIMIT_MS);
    await expect(
      carol.backend.db.query({
        collection: 'reports',
        where: [{ field: 'status', op: '==', value: 'open' }],
        limit: 100,
      }),
    ).rejects.toMatchObject({ code: 'permission-denied' });

    await makeModerator(users.dbName, carol);
    await expectSaga(checkModeratorClaim)
      .provide(contextOf(carol))
      .put(moderatorClaimChecked({ isModerator: true }))
      .run(RUN_LIMIT_MS);

    const { storeState } = await expectSaga(loadModerationQueue)
      .withReducer(rootReducer, stateOf(carol, 'Carol'))
      .provide(contextOf(carol))
      .run(RUN_LIMIT_MS);
    const items = (storeState as ReturnType<typeof rootReducer>).safety.moderation.items;
    // Newest first, each with the reported content as it is now.
    expect(items.map((item) => item.report.target.kind)).toEqual(['profile', 'post']);
    expect(items[1]?.content).toMatchObject({
      title: 'Post by Bob',
      body: 'Buy cheap followers',
      path: `/tribes/${tribeId}`,
    });

    const postReportId = reportId(alice.uid, postTarget);
    await runAs(carol, 'Carol', actWorker, reportActionRequested({ reportId: postReportId }))
      .put(
        operationFinished({
          operation: 'act',
          targetId: postReportId,
          success: true,
          message: SAFETY_MESSAGES.postRemoved,
        }),
      )
      .put(moderationQueueOpened())
      .run(RUN_LIMIT_MS);
    expect(await users.rawDoc('posts', postId)).toBeNull();
    expect(await users.rawDoc('tribes', tribeId)).toMatchObject({ postCount: 0 });
    expect(await users.rawDoc('reports', postReportId)).toMatchObject({
      status: 'actioned',
      resolution: 'postRemoved',
      resolvedBy: carol.uid,
    });

    const profileReportId = reportId(alice.uid, profileTarget);
    await expectOutcome(carol, 'Carol', dismissWorker, reportDismissRequested({ reportId: profileReportId }), {
      operation: 'dismiss',
      targetId: profileReportId,
      message: SAFETY_MESSAGES.dismissed,
    });
    expect(await users.rawDoc('reports', profileReportId)).toMatchObject({
      status: 'dismissed',
      resolvedBy: carol.uid,
    });
  });

  it('a moderator hides a reported tribe from listings', async () => {
    const { carol, tribeId } = await tribeWithPost();
    const tribeTarget = { kind: 'tribe' as const, id: tribeId, label: 'Rustaceans' };
    const tribeForm = { target: tribeTarget, reason: 'inappropriate', details: '' };
    await expectReportAnswer(bob, 'Bob', tribeForm, true, SAFETY_MESSAGES.reportSent);
    await makeModerator(users.dbName, carol);
    const id = reportId(bob.uid, tribeTarget);
    await expectOutcome(carol, 'Carol', actWorker, reportActionRequested({ reportId: id }), {
      operation: 'act',
      targetId: id,
      message: 'Tribe hidden from listings',
    });
    expect(await users.rawDoc('tribes', tribeId)).toMatchObject({ hidden: true, memberCount: 3 });
  });
});
