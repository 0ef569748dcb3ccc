// The app's real operations, run by several users on local backends whose policy records every
// commit (recordRuleCases.ts): every write the app performs, once or more, in the states the app
// reaches itself. Only states no single operation reaches (a lingering request between friends, a
// stale sent entry) are arranged past the policy, and those commits are not recorded.
// Test code: see src/backend/rules/recordedRuleCases.test.ts.
import { runSaga } from 'redux-saga';

import type { LocalBackend } from '../backend/local/createLocalBackend';
import { createMemoryBroadcastHub } from '../backend/local/memoryBroadcastHub';
import { openLocalDatabase } from '../backend/local/openLocalDatabase';
import type { Backend, DocData, WriteData } from '../backend/port';
import { docRef } from '../backend/port';
import { createRuleCaseRecorder, renameIds, sortedBefore } from '../backend/rules/recordRuleCases';
import type { RuleCaseRecorder } from '../backend/rules/recordRuleCases';
import { RULE_CASE_TIME } from '../backend/rules/ruleFixtures';
import type { RuleCase } from '../backend/rules/ruleFixtures';
import type { ReactionItem } from '../domain/conversationTypes';
import type { ReportTarget } from '../domain/safetyTypes';
import { addComment, deleteComment, editComment, toggleReaction } from '../features/conversations/conversationsApi';
import {
  attemptPendingFriendRemoval,
  listPendingFriendRemovals,
  recordFailedRemovalAttempt,
  removeFriend,
} from '../features/friends/friendRemovals';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  cleanupStaleSentRequests,
  declineFriendRequest,
  sendFriendRequest,
} from '../features/friends/friendRequests';
import { clearNewNotificationFlag, markNotificationsRead } from '../features/notifications/notificationsApi';
import { registerUpload } from '../features/profile/pendingUploads';
import { saveProfile, uploadPhoto } from '../features/profile/profileSagas';
import { photoUploadRequested, saveRequested } from '../features/profile/profileViewSlice';
import {
  applyToProject,
  approveApplication,
  createProject,
  declineApplication,
  withdrawApplication,
} from '../features/projects/projectWrites';
import {
  actOnReport,
  blockPerson,
  dismissReport,
  mutePerson,
  removeMember,
  removePost,
  reportId,
  submitReport,
  unblockPerson,
  unmutePerson,
} from '../features/safety/safetyApi';
import {
  approveJoinRequest,
  createPost,
  createTribe,
  declineJoinRequest,
  deletePost,
  joinTribe,
  leaveTribe,
} from '../features/tribes/tribesApi';
import { projectDraft, tribeInput } from './fixtures';
import { signUpUser } from './setupTestStore';
import { signedInRootState } from './signedInState';
import { createTestBackend, openPolicy, TEST_PASSWORD, uniqueDbName } from './testBackend';
import type { TestClock } from './testBackend';

/**
 * Well before RULE_CASE_TIME (the policy runner's request time) and the emulator's (today), so a
 * rate window the scenario started is over on both runners, as it was when the scenario restarted it.
 */
export const SCENARIO_START_MS = RULE_CASE_TIME - 24 * 3_600_000;

/**
 * A test clock that also moves on by 1 ms at every reading: no two commits share a time, so a
 * value equal to a commit's time is that commit's serverTimestamp() and nothing older.
 */
function tickingClock(startMs: number): TestClock {
  let now = startMs;
  return {
    now: () => (now += 1),
    advance(ms) {
      now += ms;
      return now;
    },
    set(ms) {
      now = ms;
    },
  };
}

interface Person {
  key: string;
  name: string;
  backend: LocalBackend;
  uid: string;
}

const ok = async <R extends { success: boolean; message: string }>(what: string, result: Promise<R>): Promise<R> => {
  const answered = await result;
  if (!answered.success) throw new Error(`${what}: ${answered.message}`);
  return answered;
};

const actor = (p: Person) => ({ uid: p.uid, displayName: p.name, photoURL: null });
const listed = (p: Person) => ({ id: p.uid, name: p.name });

/** Runs every scenario step; answers the recorded cases with random ids renamed to stable ones. */
export async function recordAppWrites(): Promise<RuleCase[]> {
  const recorder: RuleCaseRecorder = createRuleCaseRecorder();
  const dbName = uniqueDbName('recorded-rule-cases');
  const clock = tickingClock(SCENARIO_START_MS);
  const broadcast = createMemoryBroadcastHub();
  const backends: LocalBackend[] = [];
  const names = new Map<string, string>();
  const admin = await createTestBackend({ dbName, clock, broadcast, policy: openPolicy });
  backends.push(admin);

  const step = (operation: string, what: string) => {
    clock.advance(1_000);
    recorder.step(operation, what);
  };
  const arrange = () => recorder.pause();
  const adminWrite = async (collection: string, id: string, data: WriteData) => {
    arrange();
    await admin.db.set(docRef(collection, id), data, { merge: true });
  };
  const raw = async (collection: string, id: string): Promise<DocData | null> =>
    (await admin.db.get(docRef(collection, id))).data;

  const signUp = async (key: string, name: string): Promise<Person> => {
    const backend = await createTestBackend({ dbName, clock, broadcast, policy: recorder.policy });
    backends.push(backend);
    step('sign-up', `${name} signs up: profile and account created`);
    const user = await signUpUser(backend, { displayName: name, email: `${key}@devtribe.test` });
    names.set(user.uid, `${key}Uid`);
    return { key, name, backend, uid: user.uid };
  };

  try {
    // ---------- sign-up (profileApi.ensureProfile) ----------
    const alice = await signUp('alice', 'Alice');
    const bob = await signUp('bob', 'Bob');
    const carol = await signUp('carol', 'Carol');
    const dan = await signUp('dan', 'Dan');
    const grace = await signUp('grace', 'Grace');
    arrange();
    {
      // The moderator claim, as an administrator sets it; Grace signs in again to carry it.
      const database = await openLocalDatabase(indexedDB, dbName);
      const account = await database.getFromIndex('accounts', 'byUid', grace.uid);
      if (!account) throw new Error('no account for Grace');
      await database.put('accounts', { ...account, claims: { moderator: true } });
      database.close();
      await grace.backend.auth.signOut();
      await grace.backend.auth.signIn(account.email, TEST_PASSWORD);
    }
    const db = (p: Person) => p.backend.db;

    // ---------- friends: send, accept, decline, cancel ----------
    step('send', 'a first request creates both inboxes');
    const aliceToBob = await ok('send', sendFriendRequest(db(alice), alice.uid, bob.uid, clock));
    step('accept', 'new friends: both friends maps, the accepted notification');
    await ok('accept', acceptFriendRequest(db(bob), bob.uid, aliceToBob.requestId ?? '', clock));

    step('send', 'a second request in the same rate window');
    const aliceToCarol = await ok('send', sendFriendRequest(db(alice), alice.uid, carol.uid, clock));
    step('cancel', 'the sender withdraws a pending request');
    await ok('cancel', cancelFriendRequest(db(alice), alice.uid, carol.uid, aliceToCarol.requestId));

    step('send', 'to a receiver whose inbox exists');
    const carolToBob = await ok('send', sendFriendRequest(db(carol), carol.uid, bob.uid, clock));
    step('decline', 'the receiver declines a pending request');
    await ok('decline', declineFriendRequest(db(bob), bob.uid, carolToBob.requestId ?? ''));

    // A request left pending between two friends (a send that crossed an accept): accepting it
    // only takes the request away on both sides.
    const lingering = async (from: Person, to: Person) => {
      const requestId = `${from.uid}_${clock.now()}`;
      const at = clock.now();
      await adminWrite('inboxes', to.uid, {
        friendRequests: {
          [from.uid]: {
            requestId,
            senderId: from.uid,
            senderName: from.name,
            senderPhoto: null,
            status: 'pending',
            createdAt: at,
          },
        },
      });
      await adminWrite('inboxes', from.uid, {
        sentFriendRequests: {
          [to.uid]: {
            requestId,
            receiverId: to.uid,
            receiverName: to.name,
            receiverPhoto: null,
            status: 'pending',
            createdAt: at,
          },
        },
      });
      return requestId;
    };
    const stale = await lingering(alice, bob);
    step('accept', 'already friends: only the request goes, no notification');
    await ok('accept', acceptFriendRequest(db(bob), bob.uid, stale, clock));

    // ---------- notifications ----------
    step('notifications', 'mark read');
    await markNotificationsRead(db(alice), alice.uid);
    step('notifications', 'clear the new-notification flag');
    await clearNewNotificationFlag(db(alice), alice.uid);

    // ---------- remove ----------
    step('remove', 'both sides, no requests between them');
    await ok('remove', removeFriend(db(alice), alice.uid, bob.uid, clock));

    clock.advance(120_000); // a new rate window
    step('send', 'a new rate window after the last one is over');
    const bobToAlice = await ok('send', sendFriendRequest(db(bob), bob.uid, alice.uid, clock));
    arrange();
    await ok('accept', acceptFriendRequest(db(alice), alice.uid, bobToAlice.requestId ?? '', clock));
    await lingering(alice, bob);
    step('remove', 'with a lingering request: both inboxes lose it');
    await ok('remove', removeFriend(db(bob), bob.uid, alice.uid, clock));

    // ---------- stale sent requests ----------
    step('send', 'Alice asks Carol');
    const aliceToCarol2 = await ok('send', sendFriendRequest(db(alice), alice.uid, carol.uid, clock));
    arrange();
    await ok('accept', acceptFriendRequest(db(carol), carol.uid, aliceToCarol2.requestId ?? '', clock));
    {
      // Alice's copy went stale: her sent entry is still pending and her side lost Carol.
      const aliceUser = (await raw('users', alice.uid)) ?? {};
      const friends = { ...((aliceUser.friends as DocData | undefined) ?? {}) };
      delete friends[carol.uid];
      await admin.db.update(docRef('users', alice.uid), { friends, friendCount: Object.keys(friends).length });
      await adminWrite('inboxes', alice.uid, {
        sentFriendRequests: {
          [carol.uid]: {
            requestId: aliceToCarol2.requestId,
            receiverId: carol.uid,
            receiverName: carol.name,
            receiverPhoto: null,
            status: 'pending',
            createdAt: clock.now(),
          },
          [dan.uid]: {
            requestId: `${alice.uid}_${clock.now()}`,
            receiverId: dan.uid,
            receiverName: dan.name,
            receiverPhoto: null,
            status: 'accepted',
            createdAt: clock.now(),
          },
        },
      });
    }
    step('cleanup', 'mark accepted and revert to pending, then re-add the friend');
    await ok('cleanup', cleanupStaleSentRequests(db(alice), alice.uid, clock));

    // ---------- pending removals ----------
    step('send', 'Dan asks Carol');
    const danToCarol = await ok('send', sendFriendRequest(db(dan), dan.uid, carol.uid, clock));
    arrange();
    await ok('accept', acceptFriendRequest(db(carol), carol.uid, danToCarol.requestId ?? '', clock));
    const removeUnreachable = async (what: string) => {
      carol.backend.local.faults.failWrites({ collection: 'users', id: dan.uid }, 'unavailable');
      step('remove', what);
      await ok('remove', removeFriend(db(carol), carol.uid, dan.uid, clock));
      carol.backend.local.faults.clear();
      const [pending] = await listPendingFriendRemovals(db(carol), carol.uid);
      if (!pending) throw new Error('no pending removal');
      return pending;
    };
    const pending = await removeUnreachable('their side unreachable: own side alone, then a pending-removal record');
    step('pending removal', 'a failed retry is counted');
    await recordFailedRemovalAttempt(db(carol), pending.id, 1, clock);
    step('pending removal', "the initiator retries: the target's entry and the record go");
    await attemptPendingFriendRemoval(db(carol), pending);
    step('send', 'Carol asks Dan');
    const carolToDan = await ok('send', sendFriendRequest(db(carol), carol.uid, dan.uid, clock));
    arrange();
    await ok('accept', acceptFriendRequest(db(dan), dan.uid, carolToDan.requestId ?? '', clock));
    const pendingAgain = await removeUnreachable('their side unreachable again (the record recreated)');
    step('pending removal', 'the target processes it: drops the initiator, deletes the record');
    await attemptPendingFriendRemoval(db(dan), pendingAgain);

    // ---------- profile edits (profileSagas.ts, run as the app runs them) ----------
    const sagaOptions = (p: Person, backend: Backend, failures: string[]) => {
      const state = signedInRootState({ uid: p.uid, email: `${p.key}@devtribe.test`, displayName: p.name });
      return {
        context: { backend, clock },
        getState: () => state,
        dispatch: (action: { type: string; payload?: unknown }) => {
          if (/Failed$/.test(action.type)) failures.push(JSON.stringify(action));
        },
      };
    };
    const failures: string[] = [];
    step('profile', 'edit name, bio and skills');
    await runSaga(
      sagaOptions(dan, dan.backend, failures),
      saveProfile,
      saveRequested({ displayName: 'Daniel', bio: 'Rust and compilers.', skills: ['Rust', 'Go'] }),
    ).toPromise();
    step('profile', 'new photo (a Firebase Storage URL)');
    // The Firebase build's storage answers an https download URL; the local one a data: URL only the local policy accepts.
    const photoURL = `https://firebasestorage.googleapis.com/v0/b/devtribe.appspot.com/o/users%2F${dan.uid}%2Fphoto?alt=media`;
    const photoBackend: Backend = { ...dan.backend, storage: { uploadUserPhoto: () => Promise.resolve(photoURL) } };
    const photo = new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' });
    await runSaga(
      sagaOptions(dan, photoBackend, failures),
      uploadPhoto,
      photoUploadRequested({ uploadId: registerUpload(photo) }),
    ).toPromise();
    if (failures.length > 0) throw new Error(`profile sagas failed: ${failures.join('; ')}`);
    const daniel: Person = { ...dan, name: 'Daniel' };
    const danActor = () => ({ ...actor(daniel), photoURL });

    // ---------- tribes ----------
    step('tribe', 'create an open tribe (tribe, name claim, owner membership)');
    const open = await ok('create tribe', createTribe(db(alice), actor(alice), tribeInput({ name: 'Rustaceans' })));
    const openId = open.tribeId ?? '';
    names.set(openId, 'openTribe');
    step('tribe', 'join an open tribe');
    await ok('join', joinTribe(db(bob), actor(bob), openId));
    step('tribe', 'post');
    const post = await ok('post', createPost(db(bob), actor(bob), openId, 'Hello, Rustaceans!'));
    names.set(post.postId ?? '', 'post1');
    step('tribe', 'the author deletes their post');
    await ok('delete post', deletePost(db(bob), bob.uid, post.postId ?? ''));
    step('tribe', 'leave');
    await ok('leave', leaveTribe(db(bob), bob.uid, openId));

    step('tribe', 'create a tribe that takes requests');
    const closed = await ok(
      'create tribe',
      createTribe(
        db(carol),
        actor(carol),
        tribeInput({ name: 'Compiler Club', joinPolicy: 'request', topics: ['compilers'] }),
      ),
    );
    const closedId = closed.tribeId ?? '';
    names.set(closedId, 'requestTribe');
    step('tribe', 'ask to join a request tribe');
    await ok('join', joinTribe(db(dan), danActor(), closedId));
    step('tribe', 'the owner approves a member');
    await ok('approve', approveJoinRequest(db(carol), carol.uid, closedId, dan.uid));
    step('tribe', 'ask to join again (to be declined)');
    await ok('join', joinTribe(db(bob), actor(bob), closedId));
    step('tribe', 'the owner declines a request');
    await ok('decline', declineJoinRequest(db(carol), carol.uid, closedId, bob.uid));
    step('tribe', 'ask to join, then withdraw');
    await ok('join', joinTribe(db(bob), actor(bob), closedId));
    step('tribe', 'withdraw a pending request');
    await ok('withdraw', leaveTribe(db(bob), bob.uid, closedId));
    step('tribe', 'a member posts in a request tribe');
    const danPost = await ok('post', createPost(db(dan), danActor(), closedId, 'Parsing is fun.'));
    names.set(danPost.postId ?? '', 'post2');
    step('tribe', "the owner removes a member's post");
    await ok('remove post', removePost(db(carol), danPost.postId ?? ''));
    step('tribe', 'the owner removes a member');
    await ok('remove member', removeMember(db(carol), closedId, listed(daniel)));

    // ---------- conversations (conversationsApi.ts) ----------
    arrange();
    await ok('join', joinTribe(db(bob), actor(bob), openId));
    await ok('join', joinTribe(db(carol), actor(carol), openId));
    const talk = await ok('post', createPost(db(alice), actor(alice), openId, 'Borrow checker tips?'));
    const talkPost = { id: talk.postId ?? '', tribeId: openId, authorId: alice.uid };
    names.set(talkPost.id, 'post4');
    step('comment', "a member comments on someone's post: the comment, the post's count, the author's notice");
    const bobComment = await ok('comment', addComment(db(bob), actor(bob), talkPost, 'Use `clone()` less.'));
    const bobCommentId = bobComment.commentId ?? '';
    names.set(bobCommentId, 'comment1');
    step('comment', "a reply: the parent's author and the post's author are told");
    const carolReply = await ok(
      'reply',
      addComment(db(carol), actor(carol), talkPost, 'Agreed.', { id: bobCommentId, authorId: bob.uid }),
    );
    names.set(carolReply.commentId ?? '', 'comment2');
    step('comment', "the post's author replies: only the comment's author is told");
    const aliceReply = await ok(
      'reply',
      addComment(db(alice), actor(alice), talkPost, 'Thanks!', { id: bobCommentId, authorId: bob.uid }),
    );
    names.set(aliceReply.commentId ?? '', 'comment3');
    step('comment', 'the author edits their comment');
    await ok('edit', editComment(db(bob), bob.uid, bobCommentId, 'Use `clone()` less, and `Rc` rarely.'));
    const onTalk: ReactionItem = { type: 'post', ...talkPost, postId: talkPost.id };
    step('reaction', 'a first reaction on a post');
    await ok('react', toggleReaction(db(carol), carol.uid, onTalk, 'heart'));
    step('reaction', 'a reaction on a comment');
    await ok(
      'react',
      toggleReaction(
        db(alice),
        alice.uid,
        { type: 'comment', id: bobCommentId, postId: talkPost.id, tribeId: openId, authorId: bob.uid },
        'rocket',
      ),
    );
    step('reaction', 'taken back');
    await ok('unreact', toggleReaction(db(carol), carol.uid, onTalk, 'heart'));
    step('comment', 'the author deletes their comment, the count with it');
    await ok('delete comment', deleteComment(db(carol), carol.uid, carolReply.commentId ?? ''));
    step('comment', "the tribe's owner removes a member's comment");
    await ok('remove comment', deleteComment(db(alice), alice.uid, bobCommentId));
    const commentTarget: ReportTarget = { kind: 'comment', id: aliceReply.commentId ?? '', label: 'Thanks!' };
    step('report', 'a comment');
    await ok('report', submitReport(db(bob), bob.uid, { target: commentTarget, reason: 'spam', details: '' }));
    step('moderation', "act on a reported comment: removed, its post's count with it");
    await ok('act', actOnReport(db(grace), grace.uid, reportId(bob.uid, commentTarget)));
    arrange();
    const another = await ok('comment', addComment(db(bob), actor(bob), talkPost, 'One more thing.'));
    names.set(another.commentId ?? '', 'comment4');
    step('comment', 'a moderator removes a comment');
    await ok('remove comment', deleteComment(db(grace), grace.uid, another.commentId ?? ''));

    // ---------- projects ----------
    step('project', 'create');
    const project = await ok(
      'create project',
      createProject(db(alice), alice.uid, projectDraft({ title: 'Trail map', requiredSkills: ['React', 'Rust'] })),
    );
    const projectId = project.projectId ?? '';
    names.set(projectId, 'project1');
    step('project', 'apply');
    await ok('apply', applyToProject(db(bob), bob.uid, projectId, 'I know React.'));
    step('project', 'withdraw');
    await ok('withdraw', withdrawApplication(db(bob), bob.uid, projectId));
    step('project', 'apply again after a withdrawal');
    await ok('apply', applyToProject(db(bob), bob.uid, projectId, 'Still keen.'));
    step('project', 'the owner approves: member added, the applicant notified');
    await ok('approve', approveApplication(db(alice), alice.uid, projectId, bob.uid, clock));
    step('project', 'apply (to be declined)');
    await ok('apply', applyToProject(db(carol), carol.uid, projectId, ''));
    step('project', 'the owner declines: the applicant notified');
    await ok('decline', declineApplication(db(alice), alice.uid, projectId, carol.uid, clock));

    // ---------- safety ----------
    step('send', 'Dan asks Alice');
    await ok('send', sendFriendRequest(db(dan), dan.uid, alice.uid, clock));
    step('block', 'block someone with requests both ways: the block, then each request ended');
    await ok('block', blockPerson(db(alice), alice.uid, listed(daniel), clock));
    step('block', 'unblock');
    await ok('unblock', unblockPerson(db(alice), alice.uid, listed(daniel)));
    step('mute', 'mute');
    await ok('mute', mutePerson(db(alice), alice.uid, listed(carol)));
    step('mute', 'unmute');
    await ok('unmute', unmutePerson(db(alice), alice.uid, listed(carol)));

    step('tribe', 'a member posts (to be reported)');
    const reported = await ok('post', createPost(db(alice), actor(alice), openId, 'Buy cheap watches!'));
    names.set(reported.postId ?? '', 'post3');
    const postTarget: ReportTarget = { kind: 'post', id: reported.postId ?? '', label: 'Buy cheap watches!' };
    const tribeTarget: ReportTarget = { kind: 'tribe', id: closedId, label: 'Compiler Club' };
    const projectTarget: ReportTarget = { kind: 'project', id: projectId, label: 'Trail map' };
    const profileTarget: ReportTarget = { kind: 'profile', id: dan.uid, label: 'Daniel' };
    step('report', 'a post');
    await ok('report', submitReport(db(bob), bob.uid, { target: postTarget, reason: 'spam', details: 'Spam.' }));
    step('report', 'a tribe');
    await ok('report', submitReport(db(bob), bob.uid, { target: tribeTarget, reason: 'inappropriate', details: '' }));
    step('report', 'a project');
    await ok(
      'report',
      submitReport(db(carol), carol.uid, { target: projectTarget, reason: 'other', details: 'Not a real project.' }),
    );
    step('report', 'a profile');
    await ok(
      'report',
      submitReport(db(carol), carol.uid, { target: profileTarget, reason: 'impersonation', details: '' }),
    );
    step('moderation', 'act on a reported post: removed, the tribe count with it');
    await ok('act', actOnReport(db(grace), grace.uid, reportId(bob.uid, postTarget)));
    step('moderation', 'act on a reported tribe: hidden');
    await ok('act', actOnReport(db(grace), grace.uid, reportId(bob.uid, tribeTarget)));
    step('moderation', 'act on a reported project: hidden');
    await ok('act', actOnReport(db(grace), grace.uid, reportId(carol.uid, projectTarget)));
    step('moderation', 'dismiss a report');
    await ok('dismiss', dismissReport(db(grace), grace.uid, reportId(carol.uid, profileTarget)));
    arrange();

    return sortedBefore(renameIds(recorder.toRuleCases(), names));
  } finally {
    await Promise.all(backends.map((backend) => backend.local.close()));
  }
}
