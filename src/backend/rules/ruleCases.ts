// The rule-case table: who may write what on whose document. Each case is a state before, one
// batch of writes (each document's whole state after, null to delete) by one actor, and whether
// that batch is allowed. Two runners read it: policy.rules.test.ts (src/backend/local/policy.ts,
// always) and firestore.rules.test.ts (firestore.rules on the Firestore emulator).
//
// Limits of the rules language, accepted here rather than hidden (rules cannot loop over lists):
// - the mirror proofs look at the LAST element of the caller's own list (send: the sent request;
//   accept: the new friend), where policy.ts searches the whole list; the app always appends;
// - a duplicate pending request is refused by the app (checkSend), not by the rules;
// - removals take out at most two entries naming the caller per list (legacy duplicates);
// - the owner's friends may grow when a sent request to that friend leaves in the same write
//   (stale-request cleanup); policy.ts also checks that the friend lists the owner.
// - project members: the rules check the first and last members entries and each one written
//   (at most one per write), where policy.ts checks every entry in every write.
// firestore.rules are stricter than policy.ts for tribes and posts (each said in the rules):
// memberCount and postCount move only with the membership, post and users/{uid}.postCount written
// in the same batch; a new membership names its role and status; a post's tribe must exist;
// member and post photos must be https. So every tribes case below writes the whole batch the app
// writes (tribesApi.ts), and no case depends on those differences. Cases that only the rules would
// deny (a post that does not bump the author's postCount, a stranger decrementing memberCount)
// cannot be in this one table until policy.ts makes the same checks.
import type { DocData } from '../port';

export const ADA = 'adaUid';
export const BOB = 'bobUid';
export const CY = 'cyUid';

export const emailOf = (uid: string) => `${uid.replace(/Uid$/, '')}@devtribe.test`;

export interface RuleWrite {
  /** "collection/id" */
  path: string;
  /** The document's whole state after the batch; null deletes it. */
  after: DocData | null;
}

export interface RuleCase {
  name: string;
  /** null: signed out */
  actor: string | null;
  /** Documents before the batch, by "collection/id". */
  before: Record<string, DocData>;
  writes: RuleWrite[];
  expected: 'allowed' | 'denied';
}

const JOINED = Date.UTC(2026, 0, 1);
const NOW = Date.UTC(2026, 0, 15, 12);
const NOW_ISO = new Date(NOW).toISOString();
const REQUEST_ID = `${ADA}_${NOW}`;

const nameOf = (uid: string) => ({ [ADA]: 'Ada', [BOB]: 'Bob', [CY]: 'Cy' })[uid] ?? uid;

export function profile(uid: string, extra: DocData = {}): DocData {
  return {
    displayName: nameOf(uid),
    email: emailOf(uid),
    photoURL: null,
    joinDate: JOINED,
    postCount: 0,
    bio: '',
    skills: [],
    friends: [],
    friendCount: 0,
    friendRequests: [],
    sentFriendRequests: [],
    notifications: [],
    hasNewNotification: false,
    ...extra,
  };
}

/**
 * A field value meaning "the time of this write" (a serverTimestamp()): firestore.rules.test.ts
 * writes serverTimestamp(), the policy runner RULE_REQUEST_TIME, the requestTime it passes.
 */
export const REQUEST_TIME = '<request.time>';
export const RULE_REQUEST_TIME = NOW + 60_000;

const user = (uid: string) => `users/${uid}`;
const with_ = (base: DocData, changes: DocData): DocData => ({ ...base, ...changes });

const friendEntry = (uid: string): DocData => ({ id: uid, displayName: nameOf(uid), photoURL: null, addedAt: NOW_ISO });
const incoming = (senderId: string, requestId = `${senderId}_${NOW}`): DocData => ({
  requestId,
  senderId,
  senderName: nameOf(senderId),
  senderPhoto: null,
  status: 'pending',
  createdAt: NOW_ISO,
});
const sentTo = (receiverId: string, requestId = REQUEST_ID): DocData => ({
  requestId,
  receiverId,
  receiverName: nameOf(receiverId),
  receiverPhoto: null,
  status: 'pending',
  createdAt: NOW_ISO,
});
const acceptedNotification = (from: string, requestId = REQUEST_ID): DocData => ({
  id: `accepted_${requestId}_${NOW}`,
  type: 'friendRequestAccepted',
  message: `${nameOf(from)} accepted your friend request`,
  senderId: from,
  senderName: nameOf(from),
  senderPhoto: null,
  read: false,
  createdAt: NOW_ISO,
});

const projectNotification = (from: string, to: string, type: string): DocData => ({
  id: `project_pr1_${to}_${NOW}`,
  type,
  message: `${nameOf(from)} answered your request to join DevTribe`,
  senderId: from,
  senderName: nameOf(from),
  senderPhoto: null,
  read: false,
  createdAt: NOW_ISO,
});

// ---------- states the friends cases start from ----------

const ada = profile(ADA);
const bob = profile(BOB);
const cy = profile(CY);
const strangers = { [user(ADA)]: ada, [user(BOB)]: bob, [user(CY)]: cy };

/** Ada has asked Bob. */
const adaAsking = with_(ada, { sentFriendRequests: [sentTo(BOB)] });
const bobAsked = with_(bob, { friendRequests: [incoming(ADA, REQUEST_ID)], hasNewNotification: true });
const adaAskedBob = { [user(ADA)]: adaAsking, [user(BOB)]: bobAsked, [user(CY)]: cy };

/** Ada and Bob are friends. */
const friends = {
  [user(ADA)]: with_(ada, { friends: [friendEntry(BOB)], friendCount: 1 }),
  [user(BOB)]: with_(bob, { friends: [friendEntry(ADA)], friendCount: 1 }),
  [user(CY)]: cy,
};

/** Bob has friends Ada and Cy. */
const bobHasTwoFriends = {
  ...friends,
  [user(BOB)]: with_(bob, { friends: [friendEntry(ADA), friendEntry(CY)], friendCount: 2 }),
};

const sendBatch = (receiverEntry: DocData, extraAppended: DocData[] = [], mirror = true): RuleWrite[] => [
  ...(mirror ? [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [sentTo(BOB)] }) }] : []),
  { path: user(BOB), after: with_(bob, { friendRequests: [receiverEntry, ...extraAppended], hasNewNotification: true }) },
];

const acceptBatch = (adaAfter: DocData = {}, bobAfter: DocData = {}): RuleWrite[] => [
  {
    path: user(BOB),
    after: with_(bobAsked, { friendRequests: [], friends: [friendEntry(ADA)], friendCount: 1, ...bobAfter }),
  },
  {
    path: user(ADA),
    after: with_(adaAsking, {
      sentFriendRequests: [],
      friends: [friendEntry(BOB)],
      friendCount: 1,
      notifications: [acceptedNotification(BOB)],
      hasNewNotification: true,
      ...adaAfter,
    }),
  },
];

const pendingRemoval = (initiatorId: string, targetId: string, extra: DocData = {}): DocData => ({
  initiatorId,
  targetId,
  timestamp: NOW,
  attempts: 0,
  lastAttempt: null,
  createdAt: NOW_ISO,
  ...extra,
});

const own = (name: string, changes: DocData, expected: RuleCase['expected']): RuleCase => ({
  name,
  actor: ADA,
  before: { [user(ADA)]: ada },
  writes: [{ path: user(ADA), after: with_(ada, changes) }],
  expected,
});

// ---------- states the tribes, posts and projects cases start from ----------

const TRIBE = 'tribes/t1';
const NAME_CLAIM = 'tribeNames/rustaceans';
const memberPath = (uid: string, tribeId = 't1') => `tribeMembers/${tribeId}_${uid}`;
const POST = 'posts/p1';
const PROJECT = 'projects/pr1';
const applicationPath = (uid: string) => `projectApplications/pr1_${uid}`;

const tribeDoc = (changes: DocData = {}): DocData => ({
  name: 'Rustaceans',
  nameKey: 'rustaceans',
  tagline: 'Systems programming, safely',
  description: 'We write Rust.',
  topics: ['rust', 'systems'],
  joinPolicy: 'open',
  ownerId: ADA,
  memberCount: 1,
  postCount: 0,
  createdAt: NOW,
  lastActivityAt: NOW,
  ...changes,
});
const membership = (uid: string, changes: DocData = {}): DocData => ({
  tribeId: 't1',
  uid,
  displayName: nameOf(uid),
  photoURL: null,
  role: uid === ADA ? 'owner' : 'member',
  status: 'active',
  requestedAt: NOW,
  joinedAt: NOW,
  ...changes,
});
const pendingMembership = (uid: string) => membership(uid, { status: 'pending', joinedAt: null });
const postDoc = (authorId: string, changes: DocData = {}): DocData => ({
  postId: 'p1',
  tribeId: 't1',
  authorId,
  authorName: nameOf(authorId),
  authorPhoto: null,
  body: 'Hello, tribe',
  createdAt: NOW,
  ...changes,
});

/** Ada's open tribe t1, Ada its owner and only member. */
const adaTribe: Record<string, DocData> = { ...strangers, [TRIBE]: tribeDoc(), [memberPath(ADA)]: membership(ADA) };
/** The same tribe asking for approval, with Bob's request pending. */
const bobRequested: Record<string, DocData> = {
  ...adaTribe,
  [TRIBE]: tribeDoc({ joinPolicy: 'request' }),
  [memberPath(BOB)]: pendingMembership(BOB),
};
/** Bob has joined Ada's tribe. */
const bobInTribe: Record<string, DocData> = { ...adaTribe, [TRIBE]: tribeDoc({ memberCount: 2 }), [memberPath(BOB)]: membership(BOB) };
/** Bob in the tribe, whose last activity is stamped after any request time (another member's post committed first). */
const bobActiveLater: Record<string, DocData> = { ...bobInTribe, [TRIBE]: tribeDoc({ memberCount: 2, lastActivityAt: Date.UTC(2100, 0, 1) }) };
/** Bob has posted p1 in it. */
const bobPosted: Record<string, DocData> = {
  ...bobInTribe,
  [TRIBE]: tribeDoc({ memberCount: 2, postCount: 1 }),
  [user(BOB)]: with_(bob, { postCount: 1 }),
  [POST]: postDoc(BOB),
};

/** Creating Ada's tribe: the tribe, its name claim and Ada's owner membership (createTribe). */
const createTribeBatch = (tribe: DocData = tribeDoc(), claim = true): RuleWrite[] => [
  { path: TRIBE, after: tribe },
  ...(claim ? [{ path: NAME_CLAIM, after: { tribeId: 't1', ownerId: ADA } }] : []),
  { path: memberPath(ADA), after: membership(ADA) },
];

/** `uid` joins (status active, memberCount + 1) the tribe of `state` (joinTribe). */
const joinBatch = (state: Record<string, DocData>, uid: string, memberCount = 2): RuleWrite[] => [
  { path: memberPath(uid), after: membership(uid) },
  { path: TRIBE, after: with_(state[TRIBE] ?? {}, { memberCount }) },
];

/** `uid` posts p1 in t1 (createPost): the post, the tribe's counters, their postCount, their membership. */
const postBatch = (
  state: Record<string, DocData>,
  uid: string,
  post: DocData = postDoc(uid),
  lastActivityAt: DocData[string] = NOW + 1,
): RuleWrite[] => {
  const tribe = state[TRIBE] ?? {};
  const author = state[user(uid)] ?? {};
  const member = state[memberPath(uid)];
  return [
    { path: POST, after: post },
    { path: TRIBE, after: with_(tribe, { postCount: Number(tribe.postCount) + 1, lastActivityAt }) },
    { path: user(uid), after: with_(author, { postCount: Number(author.postCount) + 1 }) },
    ...(member ? [{ path: memberPath(uid), after: with_(member, { lastPostAt: NOW + 1 }) }] : []),
  ];
};

const projectMember = (uid: string): DocData => ({ id: uid, displayName: nameOf(uid), photoURL: null, skills: [] });
const projectDoc = (changes: DocData = {}): DocData => ({
  title: 'DevTribe',
  summary: 'A social platform for developers',
  description: 'Tribes, projects and friends.',
  requiredSkills: ['TypeScript', 'React'],
  ownerId: ADA,
  ownerName: 'Ada',
  memberIds: [ADA],
  members: [projectMember(ADA)],
  status: 'recruiting',
  commitment: 5,
  repositoryUrl: null,
  createdAt: NOW,
  ...changes,
});
const applicationDoc = (uid: string, changes: DocData = {}): DocData => ({
  projectId: 'pr1',
  ownerId: ADA,
  applicantId: uid,
  applicantName: nameOf(uid),
  applicantPhoto: null,
  note: 'I would love to help',
  status: 'pending',
  createdAt: NOW,
  decidedAt: null,
  ...changes,
});

/** Ada's recruiting project pr1. */
const adaProject: Record<string, DocData> = { ...strangers, [PROJECT]: projectDoc() };
/** Bob has asked to join it. */
const bobApplied: Record<string, DocData> = { ...adaProject, [applicationPath(BOB)]: applicationDoc(BOB) };

/** The owner approves Bob (approveApplication): Bob joins, the request is approved, Bob is told. */
const approveBatch = (actor: string, application: DocData = applicationDoc(BOB, { status: 'approved', decidedAt: NOW })): RuleWrite[] => [
  { path: PROJECT, after: projectDoc({ memberIds: [ADA, BOB], members: [projectMember(ADA), projectMember(BOB)] }) },
  { path: applicationPath(BOB), after: application },
  {
    path: user(BOB),
    after: with_(bob, { notifications: [projectNotification(actor, BOB, 'projectApplicationApproved')], hasNewNotification: true }),
  },
];

export const RULE_CASES: readonly RuleCase[] = [
  // ---------- users: creating a profile ----------
  { name: 'a user creates their own profile with the defaults', actor: ADA, before: {}, writes: [{ path: user(ADA), after: with_(ada, { joinDate: null }) }], expected: 'allowed' },
  { name: "nobody creates someone else's profile", actor: BOB, before: {}, writes: [{ path: user(ADA), after: with_(ada, { joinDate: null }) }], expected: 'denied' },
  { name: 'a new profile cannot start with posts', actor: ADA, before: {}, writes: [{ path: user(ADA), after: with_(ada, { joinDate: null, postCount: 3 }) }], expected: 'denied' },
  { name: 'a new profile cannot start with friends', actor: ADA, before: {}, writes: [{ path: user(ADA), after: with_(ada, { joinDate: null, friends: [friendEntry(BOB)], friendCount: 1 }) }], expected: 'denied' },
  { name: "a new profile carries the account's own email", actor: ADA, before: {}, writes: [{ path: user(ADA), after: with_(ada, { joinDate: null, email: 'someone@else.test' }) }], expected: 'denied' },
  { name: 'a new profile has only the known fields', actor: ADA, before: {}, writes: [{ path: user(ADA), after: with_(ada, { joinDate: null, isAdmin: true }) }], expected: 'denied' },
  { name: 'signed-out visitors write nothing', actor: null, before: {}, writes: [{ path: user(ADA), after: with_(ada, { joinDate: null }) }], expected: 'denied' },

  // ---------- users: the owner's own fields ----------
  own('the owner edits name, bio and skills within the limits', { displayName: 'Ada L.', bio: 'x'.repeat(500), skills: ['TypeScript', 'x'.repeat(30)] }, 'allowed'),
  own('the owner sets an https photo', { photoURL: 'https://firebasestorage.googleapis.com/v0/b/x/o/users%2Fada%2Fphoto-1?alt=media' }, 'allowed'),
  own('the owner removes the photo', { photoURL: null }, 'allowed'),
  own('a javascript: photoURL is refused', { photoURL: 'javascript:alert(1)' }, 'denied'),
  own('an http: photoURL is refused', { photoURL: 'http://example.com/ada.png' }, 'denied'),
  own('a 5,000-character name is refused', { displayName: 'x'.repeat(5000) }, 'denied'),
  own('a 51-character name is refused', { displayName: 'x'.repeat(51) }, 'denied'),
  own('an empty name is refused', { displayName: '' }, 'denied'),
  own('a 501-character bio is refused', { bio: 'x'.repeat(501) }, 'denied'),
  own('21 skills are refused', { skills: Array.from({ length: 21 }, (_, i) => `skill${i}`) }, 'denied'),
  own('a 31-character skill is refused', { skills: ['x'.repeat(31)] }, 'denied'),
  own('joinDate never changes', { joinDate: 0 }, 'denied'),
  own('postCount moves up by one', { postCount: 1 }, 'allowed'),
  own('postCount does not jump by two', { postCount: 2 }, 'denied'),
  own('postCount does not go below zero', { postCount: -1 }, 'denied'),
  { name: 'the owner clears the new-notification flag', actor: ADA, before: { [user(ADA)]: with_(ada, { hasNewNotification: true }) }, writes: [{ path: user(ADA), after: ada }], expected: 'allowed' },
  own('the owner cannot add a request to their own incoming list', { friendRequests: [incoming(BOB)] }, 'denied'),
  own('the owner cannot add a friend without a request', { friends: [friendEntry(BOB)], friendCount: 1 }, 'denied'),
  own("the owner's friendCount must match the friends list", { friendCount: 5 }, 'denied'),
  own('the owner cannot add unknown fields', { role: 'admin' }, 'denied'),

  // ---------- users: another user's document ----------
  { name: "a user cannot change another user's profile fields", actor: ADA, before: strangers, writes: [{ path: user(BOB), after: with_(bob, { displayName: 'Bobby' }) }], expected: 'denied' },
  { name: "a user cannot change another user's postCount", actor: ADA, before: strangers, writes: [{ path: user(BOB), after: with_(bob, { postCount: 1 }) }], expected: 'denied' },
  { name: 'send: one pending request from the caller, mirrored in their sent list', actor: ADA, before: strangers, writes: sendBatch(incoming(ADA, REQUEST_ID)), expected: 'allowed' },
  { name: 'send: a request whose senderId is someone else is refused', actor: ADA, before: strangers, writes: sendBatch(with_(incoming(ADA, REQUEST_ID), { senderId: CY })), expected: 'denied' },
  { name: 'send: two entries appended at once are refused', actor: ADA, before: strangers, writes: sendBatch(incoming(ADA, REQUEST_ID), [incoming(ADA, `${ADA}_${NOW + 1}`)]), expected: 'denied' },
  { name: "send: without the mirror entry in the caller's sent list it is refused", actor: ADA, before: strangers, writes: sendBatch(incoming(ADA, REQUEST_ID), [], false), expected: 'denied' },
  { name: 'send: a requestId that is not {senderId}_{ms} is refused', actor: ADA, before: strangers, writes: [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [sentTo(BOB, `${BOB}_1`)] }) }, { path: user(BOB), after: with_(bob, { friendRequests: [incoming(ADA, `${BOB}_1`)], hasNewNotification: true }) }], expected: 'denied' },
  { name: 'send: a spoofed sender name is refused', actor: ADA, before: strangers, writes: sendBatch(with_(incoming(ADA, REQUEST_ID), { senderName: 'Bob' })), expected: 'denied' },
  { name: 'send: a request may not touch the receiver’s friends', actor: ADA, before: strangers, writes: [...sendBatch(incoming(ADA, REQUEST_ID)).slice(0, 1), { path: user(BOB), after: with_(bob, { friendRequests: [incoming(ADA, REQUEST_ID)], friends: [friendEntry(ADA)], friendCount: 1 }) }], expected: 'denied' },
  { name: 'accept: both join each other, the sender is notified (list)', actor: BOB, before: adaAskedBob, writes: acceptBatch(), expected: 'allowed' },
  { name: 'accept: the notification may go into a map keyed by id', actor: BOB, before: { ...adaAskedBob, [user(ADA)]: with_(adaAsking, { notifications: {} }) }, writes: acceptBatch({ notifications: { [`accepted_${REQUEST_ID}_${NOW}`]: acceptedNotification(BOB) } }), expected: 'allowed' },
  { name: "adding oneself to another's friends without their request is refused", actor: BOB, before: strangers, writes: [{ path: user(ADA), after: with_(ada, { friends: [friendEntry(BOB)], friendCount: 1 }) }, { path: user(BOB), after: with_(bob, { friends: [friendEntry(ADA)], friendCount: 1 }) }], expected: 'denied' },
  { name: "accept: a friendCount that does not match the other user's list is refused", actor: BOB, before: adaAskedBob, writes: acceptBatch({ friendCount: 7 }), expected: 'denied' },
  { name: 'accept: a notification sent in another name is refused', actor: BOB, before: adaAskedBob, writes: acceptBatch({ notifications: [with_(acceptedNotification(BOB), { senderId: CY })] }), expected: 'denied' },
  { name: 'cancel: the sender takes their own request back', actor: ADA, before: adaAskedBob, writes: [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [] }) }, { path: user(BOB), after: with_(bobAsked, { friendRequests: [] }) }], expected: 'allowed' },
  { name: "cancel: nobody removes a third user's request", actor: CY, before: adaAskedBob, writes: [{ path: user(BOB), after: with_(bobAsked, { friendRequests: [] }) }], expected: 'denied' },
  { name: "decline: the receiver drops the sender's sent entry addressed to them", actor: BOB, before: adaAskedBob, writes: [{ path: user(BOB), after: with_(bobAsked, { friendRequests: [] }) }, { path: user(ADA), after: with_(ada, { sentFriendRequests: [] }) }], expected: 'allowed' },
  { name: 'decline: a sent entry addressed to someone else stays', actor: CY, before: adaAskedBob, writes: [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [] }) }], expected: 'denied' },
  { name: "remove: a user takes themself out of a friend's list", actor: ADA, before: friends, writes: [{ path: user(ADA), after: with_(ada, { friends: [], friendCount: 0 }) }, { path: user(BOB), after: with_(bob, { friends: [], friendCount: 0 }) }], expected: 'allowed' },
  { name: "remove: nobody takes a third user out of a friend's list", actor: ADA, before: bobHasTwoFriends, writes: [{ path: user(BOB), after: with_(bob, { friends: [friendEntry(ADA)], friendCount: 1 }) }], expected: 'denied' },
  { name: 'remove: a friendCount that does not match is refused', actor: ADA, before: friends, writes: [{ path: user(BOB), after: with_(bob, { friends: [], friendCount: 1 }) }], expected: 'denied' },

  // ---------- pendingFriendRemovals/{initiatorId}_{targetId} ----------
  { name: 'pending removal: the initiator records it under {initiatorId}_{targetId}', actor: ADA, before: {}, writes: [{ path: `pendingFriendRemovals/${ADA}_${BOB}`, after: pendingRemoval(ADA, BOB) }], expected: 'allowed' },
  { name: 'pending removal: a forged id is refused', actor: ADA, before: {}, writes: [{ path: `pendingFriendRemovals/${BOB}_${ADA}`, after: pendingRemoval(ADA, BOB) }], expected: 'denied' },
  { name: 'pending removal: an outsider cannot record one', actor: CY, before: {}, writes: [{ path: `pendingFriendRemovals/${ADA}_${BOB}`, after: pendingRemoval(ADA, BOB) }], expected: 'denied' },
  { name: 'pending removal: it starts with zero attempts', actor: ADA, before: {}, writes: [{ path: `pendingFriendRemovals/${ADA}_${BOB}`, after: pendingRemoval(ADA, BOB, { attempts: 3 }) }], expected: 'denied' },
  { name: 'pending removal: the target records a failed attempt', actor: BOB, before: { [`pendingFriendRemovals/${ADA}_${BOB}`]: pendingRemoval(ADA, BOB) }, writes: [{ path: `pendingFriendRemovals/${ADA}_${BOB}`, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: NOW_ISO }) }], expected: 'allowed' },
  { name: 'pending removal: attempts never go down', actor: ADA, before: { [`pendingFriendRemovals/${ADA}_${BOB}`]: pendingRemoval(ADA, BOB, { attempts: 2 }) }, writes: [{ path: `pendingFriendRemovals/${ADA}_${BOB}`, after: pendingRemoval(ADA, BOB, { attempts: 1 }) }], expected: 'denied' },
  { name: 'pending removal: its parties never change', actor: ADA, before: { [`pendingFriendRemovals/${ADA}_${BOB}`]: pendingRemoval(ADA, BOB) }, writes: [{ path: `pendingFriendRemovals/${ADA}_${BOB}`, after: pendingRemoval(ADA, CY, { attempts: 1 }) }], expected: 'denied' },
  { name: 'pending removal: a party deletes it once processed', actor: BOB, before: { [`pendingFriendRemovals/${ADA}_${BOB}`]: pendingRemoval(ADA, BOB) }, writes: [{ path: `pendingFriendRemovals/${ADA}_${BOB}`, after: null }], expected: 'allowed' },
  { name: 'pending removal: an outsider cannot delete it', actor: CY, before: { [`pendingFriendRemovals/${ADA}_${BOB}`]: pendingRemoval(ADA, BOB) }, writes: [{ path: `pendingFriendRemovals/${ADA}_${BOB}`, after: null }], expected: 'denied' },

  // ---------- tribes, members, posts, projects, applications ----------
  { name: 'tribes: not in someone else’s name', actor: ADA, before: {}, writes: [{ path: 'tribes/t1', after: { ownerId: BOB, name: 'Rustaceans' } }], expected: 'denied' },
  { name: 'tribes: a member updates its counters, joining an open tribe', actor: BOB, before: adaTribe, writes: joinBatch(adaTribe, BOB), expected: 'allowed' },
  { name: 'tribes: ownership never moves', actor: BOB, before: { 'tribes/t1': { ownerId: ADA, memberCount: 1 } }, writes: [{ path: 'tribes/t1', after: { ownerId: BOB, memberCount: 1 } }], expected: 'denied' },
  { name: 'tribes: only the owner deletes', actor: BOB, before: { 'tribes/t1': { ownerId: ADA } }, writes: [{ path: 'tribes/t1', after: null }], expected: 'denied' },
  { name: 'tribeMembers: a user joins as themself', actor: BOB, before: { 'tribes/t1': { ownerId: ADA } }, writes: [{ path: `tribeMembers/t1_${BOB}`, after: { tribeId: 't1', uid: BOB, role: 'member', status: 'pending' } }], expected: 'allowed' },
  { name: 'tribeMembers: nobody joins in a third user’s name', actor: BOB, before: { 'tribes/t1': { ownerId: ADA } }, writes: [{ path: `tribeMembers/t1_${CY}`, after: { tribeId: 't1', uid: CY } }], expected: 'denied' },
  { name: 'tribeMembers: the tribe owner manages members', actor: ADA, before: { 'tribes/t1': { ownerId: ADA }, [`tribeMembers/t1_${CY}`]: { tribeId: 't1', uid: CY } }, writes: [{ path: `tribeMembers/t1_${CY}`, after: null }], expected: 'allowed' },
  { name: 'posts: written in the author’s own name', actor: BOB, before: bobInTribe, writes: postBatch(bobInTribe, BOB), expected: 'allowed' },
  { name: 'posts: not in someone else’s name', actor: ADA, before: {}, writes: [{ path: 'posts/p1', after: { authorId: BOB, tribeId: 't1', body: 'Hello' } }], expected: 'denied' },
  { name: 'posts: only the author edits', actor: BOB, before: { 'posts/p1': { authorId: ADA, body: 'Hello' } }, writes: [{ path: 'posts/p1', after: { authorId: ADA, body: 'Edited' } }], expected: 'denied' },
  { name: 'projects: only the owner edits', actor: BOB, before: { 'projects/pr1': { ownerId: ADA, title: 'DevTribe' } }, writes: [{ path: 'projects/pr1', after: { ownerId: ADA, title: 'Mine now' } }], expected: 'denied' },
  { name: 'projectApplications: nobody applies in a third user’s name', actor: BOB, before: { 'projects/pr1': { ownerId: ADA } }, writes: [{ path: `projectApplications/pr1_${CY}`, after: { projectId: 'pr1', uid: CY, ownerId: ADA } }], expected: 'denied' },
  { name: "projects: the owner tells an applicant of the decision on their request", actor: ADA, before: { ...strangers, 'projects/pr1': { ownerId: ADA }, [`projectApplications/pr1_${BOB}`]: { projectId: 'pr1', applicantId: BOB, ownerId: ADA, status: 'pending', decidedAt: null } }, writes: [{ path: `projectApplications/pr1_${BOB}`, after: { projectId: 'pr1', applicantId: BOB, ownerId: ADA, status: 'declined', decidedAt: NOW } }, { path: user(BOB), after: with_(bob, { notifications: [projectNotification(ADA, BOB, 'projectApplicationDeclined')], hasNewNotification: true }) }], expected: 'allowed' },
  { name: "projects: nobody else sends a project decision to a user", actor: CY, before: { ...strangers, 'projects/pr1': { ownerId: ADA }, [`projectApplications/pr1_${BOB}`]: { projectId: 'pr1', applicantId: BOB, ownerId: ADA, status: 'approved', decidedAt: NOW } }, writes: [{ path: user(BOB), after: with_(bob, { notifications: [projectNotification(CY, BOB, 'projectApplicationApproved')], hasNewNotification: true }) }], expected: 'denied' },
  // ---------- tribes and tribeNames: shapes, claims, counters ----------
  { name: 'tribes: created with its name claim and the owner’s membership', actor: ADA, before: strangers, writes: createTribeBatch(), expected: 'allowed' },
  { name: 'tribes: a tribe without its name claim is refused', actor: ADA, before: strangers, writes: createTribeBatch(tribeDoc(), false), expected: 'denied' },
  { name: 'tribes: a new tribe starts with one member and no posts', actor: ADA, before: strangers, writes: createTribeBatch(tribeDoc({ memberCount: 50, postCount: 7 })), expected: 'denied' },
  { name: 'tribes: a 41-character name is refused', actor: ADA, before: strangers, writes: createTribeBatch(tribeDoc({ name: 'x'.repeat(41), nameKey: 'x'.repeat(41) })), expected: 'denied' },
  { name: 'tribes: six topics are refused', actor: ADA, before: strangers, writes: createTribeBatch(tribeDoc({ topics: ['a', 'b', 'c', 'd', 'e', 'f'] })), expected: 'denied' },
  { name: 'tribes: unknown fields are refused', actor: ADA, before: strangers, writes: createTribeBatch(tribeDoc({ featured: true })), expected: 'denied' },
  { name: 'tribeNames: a second claim of a taken name is refused', actor: BOB, before: { ...adaTribe, [NAME_CLAIM]: { tribeId: 't1', ownerId: ADA } }, writes: [{ path: 'tribes/t2', after: tribeDoc({ ownerId: BOB }) }, { path: NAME_CLAIM, after: { tribeId: 't2', ownerId: BOB } }, { path: memberPath(BOB, 't2'), after: membership(BOB, { tribeId: 't2', role: 'owner' }) }], expected: 'denied' },
  { name: 'tribeNames: a claim is never released, even by its owner', actor: ADA, before: { ...adaTribe, [NAME_CLAIM]: { tribeId: 't1', ownerId: ADA } }, writes: [{ path: NAME_CLAIM, after: null }], expected: 'denied' },
  { name: 'tribes: the owner edits the tagline and topics', actor: ADA, before: adaTribe, writes: [{ path: TRIBE, after: tribeDoc({ tagline: 'Fearless concurrency', topics: ['rust'] }) }], expected: 'allowed' },
  { name: 'tribes: the name never changes', actor: ADA, before: adaTribe, writes: [{ path: TRIBE, after: tribeDoc({ name: 'Gophers', nameKey: 'gophers' }) }], expected: 'denied' },
  { name: 'tribes: a member cannot edit the description', actor: BOB, before: bobInTribe, writes: [{ path: TRIBE, after: tribeDoc({ memberCount: 2, description: 'Taken over' }) }], expected: 'denied' },
  { name: 'tribes: memberCount does not jump by two', actor: BOB, before: adaTribe, writes: joinBatch(adaTribe, BOB, 3), expected: 'denied' },

  // ---------- tribeMembers: joining, approving, leaving ----------
  { name: 'tribeMembers: joining a request-only tribe as active is refused', actor: BOB, before: { ...adaTribe, [TRIBE]: tribeDoc({ joinPolicy: 'request' }) }, writes: joinBatch({ ...adaTribe, [TRIBE]: tribeDoc({ joinPolicy: 'request' }) }, BOB), expected: 'denied' },
  { name: 'tribeMembers: a member cannot approve their own request', actor: BOB, before: bobRequested, writes: [{ path: memberPath(BOB), after: membership(BOB) }, { path: TRIBE, after: tribeDoc({ joinPolicy: 'request', memberCount: 2 }) }], expected: 'denied' },
  { name: 'tribeMembers: the owner approves a pending request, memberCount + 1', actor: ADA, before: bobRequested, writes: [{ path: memberPath(BOB), after: membership(BOB) }, { path: TRIBE, after: tribeDoc({ joinPolicy: 'request', memberCount: 2 }) }], expected: 'allowed' },
  { name: 'tribeMembers: another member cannot approve a request', actor: CY, before: { ...bobRequested, [memberPath(CY)]: membership(CY) }, writes: [{ path: memberPath(BOB), after: membership(BOB) }], expected: 'denied' },
  { name: 'tribeMembers: nobody but the owner holds the owner role', actor: BOB, before: adaTribe, writes: [{ path: memberPath(BOB), after: membership(BOB, { role: 'owner' }) }, { path: TRIBE, after: tribeDoc({ memberCount: 2 }) }], expected: 'denied' },
  { name: 'tribeMembers: a member leaves, memberCount - 1', actor: BOB, before: bobInTribe, writes: [{ path: memberPath(BOB), after: null }, { path: TRIBE, after: tribeDoc({ memberCount: 1 }) }], expected: 'allowed' },
  { name: 'tribeMembers: the owner cannot leave while other members remain', actor: ADA, before: bobInTribe, writes: [{ path: memberPath(ADA), after: null }, { path: TRIBE, after: tribeDoc({ memberCount: 1 }) }], expected: 'denied' },
  { name: 'tribeMembers: a member never changes their own role', actor: BOB, before: bobInTribe, writes: [{ path: memberPath(BOB), after: membership(BOB, { role: 'owner' }) }], expected: 'denied' },

  // ---------- posts ----------
  { name: 'posts: a non-member’s post is refused', actor: CY, before: bobInTribe, writes: postBatch(bobInTribe, CY), expected: 'denied' },
  { name: 'posts: a pending member cannot post yet', actor: BOB, before: bobRequested, writes: postBatch(bobRequested, BOB), expected: 'denied' },
  { name: 'posts: a 5,001-character body is refused', actor: BOB, before: bobInTribe, writes: postBatch(bobInTribe, BOB, postDoc(BOB, { body: 'x'.repeat(5001) })), expected: 'denied' },
  { name: 'posts: a blank body is refused', actor: BOB, before: bobInTribe, writes: postBatch(bobInTribe, BOB, postDoc(BOB, { body: '   ' })), expected: 'denied' },
  { name: 'posts: a post has only the known fields', actor: BOB, before: bobInTribe, writes: postBatch(bobInTribe, BOB, postDoc(BOB, { pinned: true })), expected: 'denied' },
  // Two members post at once: the later commit may carry the earlier time, which is still the time of its write.
  { name: 'posts: a post stamped with the time of its write is allowed when a later activity committed first', actor: BOB, before: bobActiveLater, writes: postBatch(bobActiveLater, BOB, postDoc(BOB), REQUEST_TIME), expected: 'allowed' },
  { name: 'posts: a post cannot move the tribe’s activity back to another time', actor: BOB, before: bobInTribe, writes: postBatch(bobInTribe, BOB, postDoc(BOB), NOW - 1), expected: 'denied' },
  { name: 'posts: a tribe post is never edited, even by its author', actor: BOB, before: bobPosted, writes: [{ path: POST, after: postDoc(BOB, { body: 'Edited' }) }], expected: 'denied' },
  { name: 'posts: the author deletes a post, both postCounts - 1', actor: BOB, before: bobPosted, writes: [{ path: POST, after: null }, { path: TRIBE, after: tribeDoc({ memberCount: 2, postCount: 0 }) }, { path: user(BOB), after: bob }], expected: 'allowed' },
  { name: 'posts: nobody deletes another member’s post', actor: ADA, before: bobPosted, writes: [{ path: POST, after: null }, { path: TRIBE, after: tribeDoc({ memberCount: 2, postCount: 0 }) }], expected: 'denied' },

  // ---------- projects ----------
  { name: 'projects: created by its owner as the only member', actor: ADA, before: strangers, writes: [{ path: PROJECT, after: projectDoc() }], expected: 'allowed' },
  { name: 'projects: created listing another member is refused', actor: ADA, before: strangers, writes: [{ path: PROJECT, after: projectDoc({ memberIds: [ADA, BOB], members: [projectMember(ADA), projectMember(BOB)] }) }], expected: 'denied' },
  { name: 'projects: eleven required skills are refused', actor: ADA, before: strangers, writes: [{ path: PROJECT, after: projectDoc({ requiredSkills: Array.from({ length: 11 }, (_, i) => `skill${i}`) }) }], expected: 'denied' },
  { name: 'projects: a non-https repository URL is refused', actor: ADA, before: strangers, writes: [{ path: PROJECT, after: projectDoc({ repositoryUrl: 'javascript:alert(1)' }) }], expected: 'denied' },
  { name: 'projects: a 2-character title is refused', actor: ADA, before: adaProject, writes: [{ path: PROJECT, after: projectDoc({ title: 'DT' }) }], expected: 'denied' },
  { name: 'projects: the owner edits the description and status', actor: ADA, before: adaProject, writes: [{ path: PROJECT, after: projectDoc({ description: 'Now in progress', status: 'inProgress' }) }], expected: 'allowed' },
  { name: "projects: editing a project's ownerId is refused", actor: ADA, before: { ...adaProject, [PROJECT]: projectDoc({ memberIds: [ADA, BOB], members: [projectMember(ADA), projectMember(BOB)] }) }, writes: [{ path: PROJECT, after: projectDoc({ ownerId: BOB, ownerName: 'Bob', memberIds: [ADA, BOB], members: [projectMember(ADA), projectMember(BOB)] }) }], expected: 'denied' },
  { name: 'projects: the owner approves a request, adding the member and telling them', actor: ADA, before: bobApplied, writes: approveBatch(ADA), expected: 'allowed' },
  { name: 'projects: a member is not added without an approved request', actor: ADA, before: bobApplied, writes: approveBatch(ADA).slice(0, 1), expected: 'denied' },

  // ---------- projectApplications ----------
  { name: 'projectApplications: a pending request to a recruiting project', actor: BOB, before: adaProject, writes: [{ path: applicationPath(BOB), after: applicationDoc(BOB) }], expected: 'allowed' },
  { name: 'projectApplications: nobody asks to join their own project', actor: ADA, before: adaProject, writes: [{ path: applicationPath(ADA), after: applicationDoc(ADA) }], expected: 'denied' },
  { name: 'projectApplications: a project that is not recruiting takes no requests', actor: BOB, before: { ...adaProject, [PROJECT]: projectDoc({ status: 'completed' }) }, writes: [{ path: applicationPath(BOB), after: applicationDoc(BOB) }], expected: 'denied' },
  { name: 'projectApplications: a 501-character note is refused', actor: BOB, before: adaProject, writes: [{ path: applicationPath(BOB), after: applicationDoc(BOB, { note: 'x'.repeat(501) }) }], expected: 'denied' },
  { name: 'projectApplications: a request cannot start approved', actor: BOB, before: adaProject, writes: [{ path: applicationPath(BOB), after: applicationDoc(BOB, { status: 'approved', decidedAt: NOW }) }], expected: 'denied' },
  { name: 'projectApplications: an applicant cannot approve themself', actor: BOB, before: bobApplied, writes: [{ path: applicationPath(BOB), after: applicationDoc(BOB, { status: 'approved', decidedAt: NOW }) }], expected: 'denied' },
  { name: 'projectApplications: a non-owner cannot approve a request', actor: CY, before: bobApplied, writes: [{ path: applicationPath(BOB), after: applicationDoc(BOB, { status: 'approved', decidedAt: NOW }) }], expected: 'denied' },
  { name: 'projectApplications: the owner cannot approve without adding the member', actor: ADA, before: bobApplied, writes: [{ path: applicationPath(BOB), after: applicationDoc(BOB, { status: 'approved', decidedAt: NOW }) }], expected: 'denied' },
  { name: 'projectApplications: the applicant withdraws a pending request', actor: BOB, before: bobApplied, writes: [{ path: applicationPath(BOB), after: applicationDoc(BOB, { status: 'withdrawn', decidedAt: NOW }) }], expected: 'allowed' },
  { name: 'projectApplications: the owner cannot rewrite the note while deciding', actor: ADA, before: bobApplied, writes: [{ path: applicationPath(BOB), after: applicationDoc(BOB, { status: 'declined', decidedAt: NOW, note: 'edited' }) }], expected: 'denied' },
  { name: 'projectApplications: requests are never deleted', actor: BOB, before: bobApplied, writes: [{ path: applicationPath(BOB), after: null }], expected: 'denied' },

  { name: 'any other collection is closed', actor: ADA, before: {}, writes: [{ path: 'admin/settings', after: { open: true } }], expected: 'denied' },
];
