// Rule cases for safety: blocks, mutes, reports, and the moderation hooks in other collections
// (friend requests, tribe joins and project requests refused between blocked people; posts
// removed by a tribe's owner or a moderator; tribes and projects hidden by moderators).
import type { DocData } from '../port';
import {
  ADA,
  BOB,
  CY,
  NOW,
  NOW_ISO,
  SERVER_TIME,
  ada,
  bob,
  inboxPath,
  incoming,
  nameOf,
  notifiedInbox,
  rustTribe,
  sentTo,
  strangers,
  user,
  with_,
} from './ruleFixtures';
import type { RuleCase, RuleWrite } from './ruleFixtures';

// ---------- documents ----------

const blockPath = (blocker: string, blockedId: string) => `blocks/${blocker}_${blockedId}`;
const mutePath = (muter: string, mutedId: string) => `mutes/${muter}_${mutedId}`;
const blockDoc = (blocker: string, blockedId: string, changes: DocData = {}): DocData => ({
  blockerId: blocker,
  blockedId,
  blockedName: nameOf(blockedId),
  createdAt: SERVER_TIME,
  ...changes,
});
const storedBlock = (blocker: string, blockedId: string) => blockDoc(blocker, blockedId, { createdAt: NOW });
const muteDoc = (muter: string, mutedId: string, changes: DocData = {}): DocData => ({
  muterId: muter,
  mutedId,
  mutedName: nameOf(mutedId),
  createdAt: SERVER_TIME,
  ...changes,
});

const TRIBE = 'tribes/t1';
const memberPath = (uid: string) => `tribeMembers/t1_${uid}`;
const POST = 'posts/p1';
const PROJECT = 'projects/pr1';
const applicationPath = (uid: string) => `projectApplications/pr1_${uid}`;

const tribeDoc = (owner: string, changes: DocData = {}): DocData =>
  rustTribe(owner, { createdAt: NOW, lastActivityAt: NOW, ...changes });
const membership = (uid: string, owner: string, changes: DocData = {}): DocData => ({
  tribeId: 't1',
  uid,
  displayName: nameOf(uid),
  photoURL: null,
  role: uid === owner ? 'owner' : 'member',
  status: 'active',
  requestedAt: NOW,
  joinedAt: NOW,
  ...changes,
});
const postDoc = (authorId: string): DocData => ({
  postId: 'p1',
  tribeId: 't1',
  authorId,
  authorName: nameOf(authorId),
  authorPhoto: null,
  body: 'Buy cheap followers',
  createdAt: NOW,
});
const projectMember = (uid: string): DocData => ({ id: uid, displayName: nameOf(uid), photoURL: null, skills: [] });
const projectDoc = (owner: string, changes: DocData = {}): DocData => ({
  title: 'DevTribe',
  summary: 'A social platform for developers',
  description: 'Tribes, projects and friends.',
  requiredSkills: ['TypeScript', 'React'],
  ownerId: owner,
  ownerName: nameOf(owner),
  memberIds: [owner],
  members: [projectMember(owner)],
  status: 'recruiting',
  commitment: 5,
  repositoryUrl: null,
  createdAt: NOW,
  ...changes,
});
const applicationDoc = (uid: string, owner: string, changes: DocData = {}): DocData => ({
  projectId: 'pr1',
  ownerId: owner,
  applicantId: uid,
  applicantName: nameOf(uid),
  applicantPhoto: null,
  note: 'I would love to help',
  status: 'pending',
  createdAt: NOW,
  decidedAt: null,
  ...changes,
});

const REPORT = `reports/${ADA}_post_p1`;
const reportDoc = (changes: DocData = {}): DocData => ({
  reporterId: ADA,
  targetKind: 'post',
  targetId: 'p1',
  targetLabel: 'Buy cheap followers',
  reason: 'spam',
  details: '',
  status: 'open',
  createdAt: SERVER_TIME,
  ...changes,
});
const storedReport = reportDoc({ createdAt: NOW });
const resolved = (moderator: string, changes: DocData = {}): DocData => ({
  ...storedReport,
  status: 'dismissed',
  resolution: 'dismissed',
  resolvedBy: moderator,
  resolvedAt: SERVER_TIME,
  ...changes,
});

// ---------- states ----------

const bobBlocksAda = { ...strangers, [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) };
const adaBlocksBob = { ...strangers, [blockPath(ADA, BOB)]: storedBlock(ADA, BOB) };
const bobBlocksCy = { ...strangers, [blockPath(BOB, CY)]: storedBlock(BOB, CY) };
const bobMutesAda = { ...strangers, [mutePath(BOB, ADA)]: muteDoc(BOB, ADA, { createdAt: NOW }) };

/** Ada asks Bob to be friends (sendFriendRequest): her sent request, counted in a new rate window, and his incoming one. */
/** Ada asks Bob (sendFriendRequest): her sent entry and window in her inbox, his incoming entry merged into his (docs/friends-model.md). */
const adaAsksBob: RuleWrite[] = [
  {
    path: inboxPath(ADA),
    after: {
      sentFriendRequests: { [BOB]: sentTo(BOB, undefined, SERVER_TIME) },
      requestWindowStart: SERVER_TIME,
      requestWindowCount: 1,
    },
  },
  {
    path: inboxPath(BOB),
    after: { friendRequests: { [ADA]: incoming(ADA, undefined, SERVER_TIME) }, hasNewNotification: true },
  },
];

/** Bob's open tribe t1, Bob its owner and only member. */
const bobTribe = (extra: Record<string, DocData> = {}, tribe: DocData = tribeDoc(BOB)) => ({
  ...strangers,
  [TRIBE]: tribe,
  [memberPath(BOB)]: membership(BOB, BOB),
  ...extra,
});
/** Ada joins (joinTribe): her membership at the server's time, memberCount + 1 naming her. */
const adaJoins: RuleWrite[] = [
  { path: memberPath(ADA), after: membership(ADA, BOB, { requestedAt: SERVER_TIME, joinedAt: SERVER_TIME }) },
  { path: TRIBE, after: tribeDoc(BOB, { memberCount: 2, countedMemberId: ADA }) },
];
const adaAsksToJoin: RuleWrite[] = [
  {
    path: memberPath(ADA),
    after: membership(ADA, BOB, { status: 'pending', requestedAt: SERVER_TIME, joinedAt: null }),
  },
];
const requestTribe = tribeDoc(BOB, { joinPolicy: 'request' });

/** Bob's recruiting project pr1. */
const bobProject = (extra: Record<string, DocData> = {}) => ({ ...strangers, [PROJECT]: projectDoc(BOB), ...extra });
/** Ada asks to join (applyToProject): createdAt serverTimestamp(), as the app writes it. */
const adaApplies: RuleWrite[] = [
  { path: applicationPath(ADA), after: applicationDoc(ADA, BOB, { createdAt: SERVER_TIME }) },
];
/** Ada has asked to join Bob's project. */
const adaAppliedToBob = (extra: Record<string, DocData> = {}) =>
  bobProject({ [applicationPath(ADA)]: applicationDoc(ADA, BOB), ...extra });
/** Bob approves Ada (approveApplication): she joins his team, her request is approved, she is told. */
const bobApprovesAda: RuleWrite[] = [
  {
    path: PROJECT,
    after: projectDoc(BOB, { memberIds: [BOB, ADA], members: [projectMember(BOB), projectMember(ADA)] }),
  },
  { path: applicationPath(ADA), after: applicationDoc(ADA, BOB, { status: 'approved', decidedAt: SERVER_TIME }) },
  { path: inboxPath(ADA), after: notifiedInbox(BOB, ADA, 'projectApplicationApproved') },
];
const bobDeclinesAda: RuleWrite[] = [
  { path: applicationPath(ADA), after: applicationDoc(ADA, BOB, { status: 'declined', decidedAt: SERVER_TIME }) },
  { path: inboxPath(ADA), after: notifiedInbox(BOB, ADA, 'projectApplicationDeclined') },
];
const adaWithdraws: RuleWrite[] = [
  { path: applicationPath(ADA), after: applicationDoc(ADA, BOB, { status: 'withdrawn', decidedAt: SERVER_TIME }) },
];

/** Ada has asked to join Bob's request-only tribe. */
const adaAskedBobsTribe = (extra: Record<string, DocData> = {}) =>
  bobTribe({ [memberPath(ADA)]: membership(ADA, BOB, { status: 'pending', joinedAt: null }), ...extra }, requestTribe);
/** Bob approves her (approveJoinRequest): her membership active at the server's time, memberCount + 1 naming her. */
const bobApprovesAdaInTribe: RuleWrite[] = [
  { path: memberPath(ADA), after: membership(ADA, BOB, { joinedAt: SERVER_TIME }) },
  { path: TRIBE, after: tribeDoc(BOB, { joinPolicy: 'request', memberCount: 2, countedMemberId: ADA }) },
];
/** Ada, a member of Bob's tribe. */
const adaInBobsTribe = (extra: Record<string, DocData> = {}) =>
  bobTribe(
    { [memberPath(ADA)]: membership(ADA, BOB), ...extra },
    tribeDoc(BOB, { memberCount: 2, countedMemberId: ADA }),
  );
/** Ada posts p1 there (createPost): the post, the tribe's counters naming it, her postCount, her membership. */
const adaPostsInBobsTribe: RuleWrite[] = [
  { path: POST, after: { ...postDoc(ADA), body: 'Hello, tribe', createdAt: SERVER_TIME } },
  {
    path: TRIBE,
    after: tribeDoc(BOB, {
      memberCount: 2,
      countedMemberId: ADA,
      postCount: 1,
      lastActivityAt: SERVER_TIME,
      countedPostId: 'p1',
    }),
  },
  { path: user(ADA), after: with_(ada, { postCount: 1, lastPostId: 'p1' }) },
  { path: memberPath(ADA), after: membership(ADA, BOB, { lastPostAt: SERVER_TIME }) },
];

/** Ada's tribe t1 with Bob and Cy as members; Bob posted p1 (postCount 1). */
const bobPostedInAdaTribe: Record<string, DocData> = {
  ...strangers,
  [user(BOB)]: with_(bob, { postCount: 1 }),
  [TRIBE]: tribeDoc(ADA, { memberCount: 3, postCount: 1 }),
  [memberPath(ADA)]: membership(ADA, ADA),
  [memberPath(BOB)]: membership(BOB, ADA),
  [memberPath(CY)]: membership(CY, ADA),
  [POST]: postDoc(BOB),
};
/** The same, and Cy owns another tribe t2. */
const cyOwnsAnotherTribe = {
  ...bobPostedInAdaTribe,
  'tribes/t2': tribeDoc(CY, { name: 'Gophers', nameKey: 'gophers' }),
};
/** What a post's delete leaves, so its id is never used again (docs/conversations-model.md). */
const REMOVED_POST = 'removedPosts/p1';
/**
 * The owner or a moderator removes Bob's post (removePost): its removal mark, the tribe's
 * postCount - 1 naming it. Bob's own users/{uid}.postCount stays: nobody else writes his profile.
 */
const removePost: RuleWrite[] = [
  { path: POST, after: null },
  { path: TRIBE, after: tribeDoc(ADA, { memberCount: 3, postCount: 0, countedPostId: 'p1' }) },
  { path: REMOVED_POST, after: { removedAt: SERVER_TIME } },
];
/** The removal without the tribe's count (the post and its mark). */
const removePostUncounted = removePost.filter((write) => write.path !== TRIBE);
/** The tribe's count alone, for a post that stays. */
const removePostCountOnly = removePost.filter((write) => write.path === TRIBE);
/** The owner removes Bob (removeMember): memberCount - 1 naming him. */
const removeBob: RuleWrite[] = [
  { path: memberPath(BOB), after: null },
  { path: TRIBE, after: tribeDoc(ADA, { memberCount: 2, postCount: 1, countedMemberId: BOB }) },
];

const hiddenTribe = (changes: DocData = {}) =>
  tribeDoc(ADA, { memberCount: 3, postCount: 1, hidden: true, ...changes });

const reportOpen = { ...bobPostedInAdaTribe, [REPORT]: storedReport };

const openReportsQuery = {
  collection: 'reports',
  where: [{ field: 'status', op: '==' as const, value: 'open' }],
  orderBy: [{ field: 'createdAt', direction: 'desc' as const }],
  limit: 50,
};

const APPROVE_ADA = 'safety: Bob approves Ada’s request to his project';
const APPROVE_ADA_IN_TRIBE = 'safety: Bob approves Ada’s request to join his tribe';
const ADA_POSTS = 'safety: Ada posts in Bob’s tribe';

export const SAFETY_RULE_CASES: readonly RuleCase[] = [
  // ---------- blocks ----------
  {
    name: 'blocks: Bob blocks Ada',
    actor: BOB,
    before: strangers,
    writes: [{ path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA) }],
    expected: 'allowed',
  },
  {
    name: 'blocks: nobody blocks in someone else’s name',
    actor: CY,
    before: strangers,
    writes: [{ path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA) }],
    expected: 'denied',
    twin: 'blocks: Bob blocks Ada',
  },
  {
    name: 'blocks: the id must be {blockerId}_{blockedId}',
    actor: BOB,
    before: strangers,
    writes: [{ path: blockPath(BOB, CY), after: blockDoc(BOB, ADA) }],
    expected: 'denied',
    twin: 'blocks: Bob blocks Ada',
  },
  {
    name: 'blocks: nobody blocks themself',
    actor: BOB,
    before: strangers,
    writes: [{ path: blockPath(BOB, BOB), after: blockDoc(BOB, BOB) }],
    expected: 'denied',
    twin: 'blocks: Bob blocks Ada',
  },
  {
    name: 'blocks: only the known fields',
    actor: BOB,
    before: strangers,
    writes: [{ path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA, { note: 'annoying' }) }],
    expected: 'denied',
    twin: 'blocks: Bob blocks Ada',
  },
  {
    name: 'blocks: a 51-character name is refused',
    actor: BOB,
    before: strangers,
    writes: [{ path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA, { blockedName: 'x'.repeat(51) }) }],
    expected: 'denied',
    twin: 'blocks: Bob blocks Ada',
  },
  {
    name: 'blocks: the time is the app’s format',
    actor: BOB,
    before: strangers,
    writes: [{ path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA, { createdAt: 'yesterday' }) }],
    expected: 'denied',
    twin: 'blocks: Bob blocks Ada',
  },
  {
    name: 'blocks: a client’s ISO time is refused (the server sets it)',
    actor: BOB,
    before: strangers,
    writes: [{ path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA, { createdAt: NOW_ISO }) }],
    expected: 'denied',
    twin: 'blocks: Bob blocks Ada',
  },
  {
    name: 'blocks: a time years ahead is refused',
    actor: BOB,
    before: strangers,
    writes: [{ path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA, { createdAt: '2099-01-01T00:00:00.000Z' }) }],
    expected: 'denied',
    twin: 'blocks: Bob blocks Ada',
  },
  {
    name: 'blocks: signed out, nobody blocks',
    actor: null,
    before: strangers,
    writes: [{ path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA) }],
    expected: 'denied',
    twin: 'blocks: Bob blocks Ada',
  },
  {
    name: 'blocks: Bob unblocks Ada',
    actor: BOB,
    before: bobBlocksAda,
    writes: [{ path: blockPath(BOB, ADA), after: null }],
    expected: 'allowed',
  },
  {
    name: 'blocks: the blocked person cannot lift the block',
    actor: ADA,
    before: bobBlocksAda,
    writes: [{ path: blockPath(BOB, ADA), after: null }],
    expected: 'denied',
    twin: 'blocks: Bob unblocks Ada',
  },
  {
    name: 'blocks: a block is never edited',
    actor: BOB,
    before: bobBlocksAda,
    writes: [{ path: blockPath(BOB, ADA), after: storedBlock(BOB, CY) }],
    expected: 'denied',
    twin: 'blocks: Bob unblocks Ada',
  },
  {
    name: 'blocks: the blocker reads their block',
    actor: BOB,
    before: bobBlocksAda,
    writes: [],
    read: { kind: 'get', path: blockPath(BOB, ADA) },
    expected: 'allowed',
  },
  {
    name: 'blocks: the blocked person cannot read the block',
    actor: ADA,
    before: bobBlocksAda,
    writes: [],
    read: { kind: 'get', path: blockPath(BOB, ADA) },
    expected: 'denied',
    twin: 'blocks: the blocker reads their block',
  },
  {
    name: 'blocks: the blocker probes a block that does not exist',
    actor: BOB,
    before: strangers,
    writes: [],
    read: { kind: 'get', path: blockPath(BOB, CY) },
    expected: 'allowed',
  },
  {
    name: 'blocks: nobody probes someone else’s blocks',
    actor: CY,
    before: strangers,
    writes: [],
    read: { kind: 'get', path: blockPath(BOB, CY) },
    expected: 'denied',
    twin: 'blocks: the blocker probes a block that does not exist',
  },
  {
    name: 'blocks: the blocker lists their blocks',
    actor: BOB,
    before: bobBlocksAda,
    writes: [],
    read: {
      kind: 'query',
      query: { collection: 'blocks', where: [{ field: 'blockerId', op: '==', value: BOB }], limit: 50 },
    },
    expected: 'allowed',
  },
  {
    name: 'blocks: nobody lists someone else’s blocks',
    actor: ADA,
    before: bobBlocksAda,
    writes: [],
    read: {
      kind: 'query',
      query: { collection: 'blocks', where: [{ field: 'blockerId', op: '==', value: BOB }], limit: 50 },
    },
    expected: 'denied',
    twin: 'blocks: the blocker lists their blocks',
  },
  {
    name: 'blocks: nobody asks who blocked them',
    actor: ADA,
    before: bobBlocksAda,
    writes: [],
    read: {
      kind: 'query',
      query: { collection: 'blocks', where: [{ field: 'blockedId', op: '==', value: ADA }], limit: 50 },
    },
    expected: 'denied',
    twin: 'blocks: the blocker lists their blocks',
  },

  // ---------- blocks stop friend requests, joins and project requests ----------
  {
    name: 'safety: Ada sends Bob a friend request when nobody blocked anyone',
    actor: ADA,
    before: strangers,
    writes: adaAsksBob,
    expected: 'allowed',
  },
  {
    name: 'safety: a friend request from someone Bob blocked is refused',
    actor: ADA,
    before: bobBlocksAda,
    writes: adaAsksBob,
    expected: 'denied',
    twin: 'safety: Ada sends Bob a friend request when nobody blocked anyone',
  },
  {
    name: 'safety: a friend request to someone Ada blocked is refused',
    actor: ADA,
    before: adaBlocksBob,
    writes: adaAsksBob,
    expected: 'denied',
    twin: 'safety: Ada sends Bob a friend request when nobody blocked anyone',
  },
  {
    name: 'safety: Bob blocking Cy does not stop Ada’s request',
    actor: ADA,
    before: bobBlocksCy,
    writes: adaAsksBob,
    expected: 'allowed',
  },
  { name: 'safety: Ada joins Bob’s open tribe', actor: ADA, before: bobTribe(), writes: adaJoins, expected: 'allowed' },
  {
    name: 'safety: Ada cannot join the tribe of Bob, who blocked her',
    actor: ADA,
    before: bobTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    writes: adaJoins,
    expected: 'denied',
    twin: 'safety: Ada joins Bob’s open tribe',
  },
  {
    name: 'safety: Ada asks to join Bob’s request-only tribe',
    actor: ADA,
    before: bobTribe({}, requestTribe),
    writes: adaAsksToJoin,
    expected: 'allowed',
  },
  {
    name: 'safety: Ada cannot ask to join the tribe of Bob, who blocked her',
    actor: ADA,
    before: bobTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }, requestTribe),
    writes: adaAsksToJoin,
    expected: 'denied',
    twin: 'safety: Ada asks to join Bob’s request-only tribe',
  },
  {
    name: 'safety: Ada asks to join Bob’s project',
    actor: ADA,
    before: bobProject(),
    writes: adaApplies,
    expected: 'allowed',
  },
  {
    name: 'safety: Ada cannot ask to join the project of Bob, who blocked her',
    actor: ADA,
    before: bobProject({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    writes: adaApplies,
    expected: 'denied',
    twin: 'safety: Ada asks to join Bob’s project',
  },
  {
    name: 'safety: Bob muting Ada does not stop her request to his project',
    actor: ADA,
    before: bobProject({ [mutePath(BOB, ADA)]: muteDoc(BOB, ADA, { createdAt: NOW }) }),
    writes: adaApplies,
    expected: 'allowed',
  },

  // ---------- ...and their counterparts: what was asked before the block is not approved after it ----------
  { name: APPROVE_ADA, actor: BOB, before: adaAppliedToBob(), writes: bobApprovesAda, expected: 'allowed' },
  {
    name: 'safety: Bob cannot approve the request of Ada, whom he blocked since',
    actor: BOB,
    before: adaAppliedToBob({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    writes: bobApprovesAda,
    expected: 'denied',
    twin: APPROVE_ADA,
  },
  {
    name: 'safety: Bob cannot pull Ada, who blocked him since, into his team',
    actor: BOB,
    before: adaAppliedToBob({ [blockPath(ADA, BOB)]: storedBlock(ADA, BOB) }),
    writes: bobApprovesAda,
    expected: 'denied',
    twin: APPROVE_ADA,
  },
  {
    name: 'safety: Bob blocking Cy does not stop him approving Ada',
    actor: BOB,
    before: adaAppliedToBob({ [blockPath(BOB, CY)]: storedBlock(BOB, CY) }),
    writes: bobApprovesAda,
    expected: 'allowed',
  },
  {
    name: 'safety: Bob still declines the request of Ada, whom he blocked',
    actor: BOB,
    before: adaAppliedToBob({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    writes: bobDeclinesAda,
    expected: 'allowed',
  },
  {
    name: 'safety: Ada still withdraws her request to the project of Bob, who blocked her',
    actor: ADA,
    before: adaAppliedToBob({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    writes: adaWithdraws,
    expected: 'allowed',
  },
  {
    name: APPROVE_ADA_IN_TRIBE,
    actor: BOB,
    before: adaAskedBobsTribe(),
    writes: bobApprovesAdaInTribe,
    expected: 'allowed',
  },
  {
    name: 'safety: Bob cannot approve Ada’s request to join his tribe once he blocked her',
    actor: BOB,
    before: adaAskedBobsTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    writes: bobApprovesAdaInTribe,
    expected: 'denied',
    twin: APPROVE_ADA_IN_TRIBE,
  },
  {
    name: 'safety: Bob cannot pull Ada, who blocked him since, into his tribe',
    actor: BOB,
    before: adaAskedBobsTribe({ [blockPath(ADA, BOB)]: storedBlock(ADA, BOB) }),
    writes: bobApprovesAdaInTribe,
    expected: 'denied',
    twin: APPROVE_ADA_IN_TRIBE,
  },
  {
    name: 'safety: Bob still declines Ada’s request to join his tribe once he blocked her',
    actor: BOB,
    before: adaAskedBobsTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    writes: [{ path: memberPath(ADA), after: null }],
    expected: 'allowed',
  },
  { name: ADA_POSTS, actor: ADA, before: adaInBobsTribe(), writes: adaPostsInBobsTribe, expected: 'allowed' },
  {
    name: 'safety: Ada cannot post in the tribe of Bob, who blocked her after she joined',
    actor: ADA,
    before: adaInBobsTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    writes: adaPostsInBobsTribe,
    expected: 'denied',
    twin: ADA_POSTS,
  },
  {
    name: 'safety: Ada blocking Bob does not stop her posting in his tribe',
    actor: ADA,
    before: adaInBobsTribe({ [blockPath(ADA, BOB)]: storedBlock(ADA, BOB) }),
    writes: adaPostsInBobsTribe,
    expected: 'allowed',
  },
  {
    name: 'safety: Ada still leaves the tribe of Bob, who blocked her',
    actor: ADA,
    before: adaInBobsTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    writes: [
      { path: memberPath(ADA), after: null },
      { path: TRIBE, after: tribeDoc(BOB, { memberCount: 1, countedMemberId: ADA }) },
    ],
    expected: 'allowed',
  },

  // ---------- mutes ----------
  {
    name: 'mutes: Bob mutes Ada',
    actor: BOB,
    before: strangers,
    writes: [{ path: mutePath(BOB, ADA), after: muteDoc(BOB, ADA) }],
    expected: 'allowed',
  },
  {
    name: 'mutes: nobody mutes in someone else’s name',
    actor: ADA,
    before: strangers,
    writes: [{ path: mutePath(BOB, ADA), after: muteDoc(BOB, ADA) }],
    expected: 'denied',
    twin: 'mutes: Bob mutes Ada',
  },
  {
    name: 'mutes: the id must be {muterId}_{mutedId}',
    actor: BOB,
    before: strangers,
    writes: [{ path: mutePath(BOB, CY), after: muteDoc(BOB, ADA) }],
    expected: 'denied',
    twin: 'mutes: Bob mutes Ada',
  },
  {
    name: 'mutes: a client’s ISO time is refused (the server sets it)',
    actor: BOB,
    before: strangers,
    writes: [{ path: mutePath(BOB, ADA), after: muteDoc(BOB, ADA, { createdAt: NOW_ISO }) }],
    expected: 'denied',
    twin: 'mutes: Bob mutes Ada',
  },
  {
    name: 'mutes: a client’s time number is refused',
    actor: BOB,
    before: strangers,
    writes: [{ path: mutePath(BOB, ADA), after: muteDoc(BOB, ADA, { createdAt: NOW - 60_000 }) }],
    expected: 'denied',
    twin: 'mutes: Bob mutes Ada',
  },
  {
    name: 'mutes: Bob unmutes Ada',
    actor: BOB,
    before: bobMutesAda,
    writes: [{ path: mutePath(BOB, ADA), after: null }],
    expected: 'allowed',
  },
  {
    name: 'mutes: the muted person cannot unmute themself',
    actor: ADA,
    before: bobMutesAda,
    writes: [{ path: mutePath(BOB, ADA), after: null }],
    expected: 'denied',
    twin: 'mutes: Bob unmutes Ada',
  },
  {
    name: 'mutes: the muter reads their mute',
    actor: BOB,
    before: bobMutesAda,
    writes: [],
    read: { kind: 'get', path: mutePath(BOB, ADA) },
    expected: 'allowed',
  },
  {
    name: 'mutes: the muted person cannot read it',
    actor: ADA,
    before: bobMutesAda,
    writes: [],
    read: { kind: 'get', path: mutePath(BOB, ADA) },
    expected: 'denied',
    twin: 'mutes: the muter reads their mute',
  },
  {
    name: 'mutes: the muter lists their mutes',
    actor: BOB,
    before: bobMutesAda,
    writes: [],
    read: {
      kind: 'query',
      query: { collection: 'mutes', where: [{ field: 'muterId', op: '==', value: BOB }], limit: 50 },
    },
    expected: 'allowed',
  },
  {
    name: 'mutes: nobody lists someone else’s mutes',
    actor: CY,
    before: bobMutesAda,
    writes: [],
    read: {
      kind: 'query',
      query: { collection: 'mutes', where: [{ field: 'muterId', op: '==', value: BOB }], limit: 50 },
    },
    expected: 'denied',
    twin: 'mutes: the muter lists their mutes',
  },

  // ---------- tribe owners moderate their tribe ----------
  {
    name: 'safety: the tribe owner removes a member’s post, postCount - 1',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: removePost,
    expected: 'allowed',
  },
  {
    name: 'safety: the owner’s removal takes the tribe’s postCount down with it',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: removePostUncounted,
    expected: 'denied',
    twin: 'safety: the tribe owner removes a member’s post, postCount - 1',
  },
  {
    name: 'safety: the owner’s postCount - 1 names the removed post',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [
      ...removePostUncounted,
      { path: TRIBE, after: tribeDoc(ADA, { memberCount: 3, postCount: 0, countedPostId: 'p2' }) },
    ],
    expected: 'denied',
    twin: 'safety: the tribe owner removes a member’s post, postCount - 1',
  },
  {
    name: 'safety: the owner cannot lower postCount for a post that stays',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: removePostCountOnly,
    expected: 'denied',
    twin: 'safety: the tribe owner removes a member’s post, postCount - 1',
  },
  {
    name: 'safety: a moderator cannot lower postCount for a post that stays',
    actor: CY,
    moderator: true,
    before: cyOwnsAnotherTribe,
    writes: removePostCountOnly,
    expected: 'denied',
    twin: 'safety: a moderator removes a post in any tribe',
  },
  {
    name: 'safety: a member who does not own the tribe cannot lower its postCount',
    actor: CY,
    before: bobPostedInAdaTribe,
    writes: removePostCountOnly,
    expected: 'denied',
    twin: 'safety: a moderator removes a post in any tribe, as a member',
  },
  {
    name: 'safety: an owner cannot remove a post in another tribe',
    actor: CY,
    before: cyOwnsAnotherTribe,
    writes: removePost,
    expected: 'denied',
    twin: 'safety: a moderator removes a post in any tribe',
  },
  {
    name: 'safety: a moderator removes a post in any tribe',
    actor: CY,
    moderator: true,
    before: cyOwnsAnotherTribe,
    writes: removePost,
    expected: 'allowed',
  },
  {
    name: 'safety: a moderator’s removal leaves the removal mark (the id is never used again)',
    actor: CY,
    moderator: true,
    before: cyOwnsAnotherTribe,
    writes: removePost.filter((write) => write.path !== REMOVED_POST),
    expected: 'denied',
    twin: 'safety: a moderator removes a post in any tribe',
  },
  {
    name: 'safety: a member who does not own the tribe cannot remove a post',
    actor: CY,
    before: bobPostedInAdaTribe,
    writes: removePost,
    expected: 'denied',
    twin: 'safety: a moderator removes a post in any tribe, as a member',
  },
  {
    name: 'safety: a moderator removes a post in any tribe, as a member',
    actor: CY,
    moderator: true,
    before: bobPostedInAdaTribe,
    writes: removePost,
    expected: 'allowed',
  },
  {
    name: 'safety: the tribe owner removes a member, memberCount - 1',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: removeBob,
    expected: 'allowed',
  },
  {
    name: 'safety: the owner’s memberCount - 1 names the removed member',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [
      { path: memberPath(BOB), after: null },
      { path: TRIBE, after: tribeDoc(ADA, { memberCount: 2, postCount: 1, countedMemberId: CY }) },
    ],
    expected: 'denied',
    twin: 'safety: the tribe owner removes a member, memberCount - 1',
  },
  {
    name: 'safety: a member cannot remove another member',
    actor: CY,
    before: bobPostedInAdaTribe,
    writes: removeBob,
    expected: 'denied',
    twin: 'safety: the tribe owner removes a member, memberCount - 1',
  },

  // ---------- moderators hide tribes and projects from listings ----------
  {
    name: 'safety: a moderator hides a tribe',
    actor: CY,
    moderator: true,
    before: bobPostedInAdaTribe,
    writes: [{ path: TRIBE, after: hiddenTribe() }],
    expected: 'allowed',
  },
  {
    name: 'safety: a non-moderator cannot hide a tribe',
    actor: CY,
    before: bobPostedInAdaTribe,
    writes: [{ path: TRIBE, after: hiddenTribe() }],
    expected: 'denied',
    twin: 'safety: a moderator hides a tribe',
  },
  {
    name: 'safety: the owner cannot hide their own tribe either',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: TRIBE, after: hiddenTribe() }],
    expected: 'denied',
    twin: 'safety: a moderator hides a tribe',
  },
  {
    name: 'safety: hiding changes nothing else',
    actor: CY,
    moderator: true,
    before: bobPostedInAdaTribe,
    writes: [{ path: TRIBE, after: hiddenTribe({ tagline: 'Closed' }) }],
    expected: 'denied',
    twin: 'safety: a moderator hides a tribe',
  },
  {
    name: 'safety: hidden is true or false',
    actor: CY,
    moderator: true,
    before: bobPostedInAdaTribe,
    writes: [{ path: TRIBE, after: hiddenTribe({ hidden: 'yes' }) }],
    expected: 'denied',
    twin: 'safety: a moderator hides a tribe',
  },
  {
    name: 'safety: the owner still edits a hidden tribe',
    actor: ADA,
    before: { ...bobPostedInAdaTribe, [TRIBE]: hiddenTribe() },
    writes: [{ path: TRIBE, after: hiddenTribe({ tagline: 'Fearless concurrency' }) }],
    expected: 'allowed',
  },
  {
    name: 'safety: the owner cannot show a hidden tribe again',
    actor: ADA,
    before: { ...bobPostedInAdaTribe, [TRIBE]: hiddenTribe() },
    writes: [{ path: TRIBE, after: hiddenTribe({ hidden: false }) }],
    expected: 'denied',
    twin: 'safety: the owner still edits a hidden tribe',
  },
  {
    name: 'safety: a moderator hides a project',
    actor: CY,
    moderator: true,
    before: bobProject(),
    writes: [{ path: PROJECT, after: projectDoc(BOB, { hidden: true }) }],
    expected: 'allowed',
  },
  {
    name: 'safety: a non-moderator cannot hide a project',
    actor: CY,
    before: bobProject(),
    writes: [{ path: PROJECT, after: projectDoc(BOB, { hidden: true }) }],
    expected: 'denied',
    twin: 'safety: a moderator hides a project',
  },
  {
    name: 'safety: the owner still edits a hidden project',
    actor: BOB,
    before: bobProject({ [PROJECT]: projectDoc(BOB, { hidden: true }) }),
    writes: [{ path: PROJECT, after: projectDoc(BOB, { hidden: true, status: 'inProgress' }) }],
    expected: 'allowed',
  },
  {
    name: 'safety: a project is not created hidden',
    actor: BOB,
    before: strangers,
    writes: [{ path: PROJECT, after: projectDoc(BOB, { hidden: true, createdAt: SERVER_TIME }) }],
    expected: 'denied',
    twin: 'safety: a project is created without the flag',
  },
  {
    name: 'safety: a project is created without the flag',
    actor: BOB,
    before: strangers,
    writes: [{ path: PROJECT, after: projectDoc(BOB, { createdAt: SERVER_TIME }) }],
    expected: 'allowed',
  },

  // ---------- reports ----------
  {
    name: 'reports: Ada reports Bob’s post',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: REPORT, after: reportDoc() }],
    expected: 'allowed',
  },
  {
    name: 'reports: a second report of the same post by the same user is refused',
    actor: ADA,
    before: reportOpen,
    writes: [{ path: REPORT, after: reportDoc({ reason: 'harassment' }) }],
    expected: 'denied',
    twin: 'reports: Ada reports Bob’s post',
  },
  {
    name: 'reports: nobody reports in someone else’s name',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: REPORT, after: reportDoc({ reporterId: CY }) }],
    expected: 'denied',
    twin: 'reports: Ada reports Bob’s post',
  },
  {
    name: 'reports: the id names the reporter, the kind and the target',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: `reports/${ADA}_post_p2`, after: reportDoc() }],
    expected: 'denied',
    twin: 'reports: Ada reports Bob’s post',
  },
  {
    name: 'reports: an unknown reason is refused',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: REPORT, after: reportDoc({ reason: 'boring' }) }],
    expected: 'denied',
    twin: 'reports: Ada reports Bob’s post',
  },
  {
    name: 'reports: an unknown kind of target is refused',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: `reports/${ADA}_message_p1`, after: reportDoc({ targetKind: 'message' }) }],
    expected: 'denied',
    twin: 'reports: Ada reports Bob’s post',
  },
  {
    name: 'reports: details of 1,000 characters',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: REPORT, after: reportDoc({ details: 'x'.repeat(1000) }) }],
    expected: 'allowed',
  },
  {
    name: 'reports: details of 1,001 characters are refused',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: REPORT, after: reportDoc({ details: 'x'.repeat(1001) }) }],
    expected: 'denied',
    twin: 'reports: details of 1,000 characters',
  },
  {
    name: 'reports: an ISO-string createdAt, which would sort above every server time in the queue, is refused',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: REPORT, after: reportDoc({ createdAt: NOW_ISO }) }],
    expected: 'denied',
    twin: 'reports: Ada reports Bob’s post',
  },
  {
    name: 'reports: a client’s createdAt number is refused',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: REPORT, after: reportDoc({ createdAt: NOW + 365 * 24 * 3_600_000 }) }],
    expected: 'denied',
    twin: 'reports: Ada reports Bob’s post',
  },
  {
    name: 'reports: a report starts open',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [{ path: REPORT, after: reportDoc({ status: 'dismissed' }) }],
    expected: 'denied',
    twin: 'reports: Ada reports Bob’s post',
  },
  {
    name: 'reports: signed out, nobody reports',
    actor: null,
    before: bobPostedInAdaTribe,
    writes: [{ path: REPORT, after: reportDoc() }],
    expected: 'denied',
    twin: 'reports: Ada reports Bob’s post',
  },
  {
    name: 'reports: Ada reports Bob’s profile',
    actor: ADA,
    before: strangers,
    writes: [
      {
        path: `reports/${ADA}_profile_${BOB}`,
        after: reportDoc({ targetKind: 'profile', targetId: BOB, targetLabel: 'Bob', reason: 'impersonation' }),
      },
    ],
    expected: 'allowed',
  },
  {
    name: 'reports: a moderator dismisses an open report',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [{ path: REPORT, after: resolved(CY) }],
    expected: 'allowed',
  },
  {
    name: 'reports: a non-moderator cannot dismiss a report',
    actor: CY,
    before: reportOpen,
    writes: [{ path: REPORT, after: resolved(CY) }],
    expected: 'denied',
    twin: 'reports: a moderator dismisses an open report',
  },
  {
    name: 'reports: a moderator resolves in their own name',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [{ path: REPORT, after: resolved(BOB) }],
    expected: 'denied',
    twin: 'reports: a moderator dismisses an open report',
  },
  {
    name: 'reports: a moderator’s ISO resolvedAt is refused (the server sets it)',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [{ path: REPORT, after: resolved(CY, { resolvedAt: NOW_ISO }) }],
    expected: 'denied',
    twin: 'reports: a moderator dismisses an open report',
  },
  {
    name: 'reports: a moderator cannot rewrite the reason',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [{ path: REPORT, after: resolved(CY, { reason: 'other' }) }],
    expected: 'denied',
    twin: 'reports: a moderator dismisses an open report',
  },
  {
    name: 'reports: a moderator acts on a report, removing the post',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [{ path: REPORT, after: resolved(CY, { status: 'actioned', resolution: 'postRemoved' }) }, ...removePost],
    expected: 'allowed',
  },
  {
    name: "reports: 'postRemoved' while the post stays is refused",
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [{ path: REPORT, after: resolved(CY, { status: 'actioned', resolution: 'postRemoved' }) }],
    expected: 'denied',
    twin: 'reports: a moderator acts on a report, removing the post',
  },
  {
    name: "reports: 'commentRemoved' on a post’s report is refused",
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [
      { path: REPORT, after: resolved(CY, { status: 'actioned', resolution: 'commentRemoved' }) },
      ...removePost,
    ],
    expected: 'denied',
    twin: 'reports: a moderator acts on a report, removing the post',
  },
  {
    name: 'reports: an action names what was done',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [{ path: REPORT, after: resolved(CY, { status: 'actioned', resolution: 'dismissed' }) }, ...removePost],
    expected: 'denied',
    twin: 'reports: a moderator acts on a report, removing the post',
  },
  {
    name: 'reports: a resolved report stays resolved',
    actor: CY,
    moderator: true,
    before: { ...reportOpen, [REPORT]: resolved(CY, { resolvedAt: NOW }) },
    writes: [{ path: REPORT, after: resolved(CY, { status: 'actioned', resolution: 'postRemoved', resolvedAt: NOW }) }],
    expected: 'denied',
    twin: 'reports: a moderator dismisses an open report',
  },
  {
    name: 'reports: reports are never deleted, even by a moderator',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [{ path: REPORT, after: null }],
    expected: 'denied',
    twin: 'reports: a moderator dismisses an open report',
  },
  {
    name: 'reports: the reporter reads their report',
    actor: ADA,
    before: reportOpen,
    writes: [],
    read: { kind: 'get', path: REPORT },
    expected: 'allowed',
  },
  {
    name: 'reports: the reported person cannot read the report',
    actor: BOB,
    before: reportOpen,
    writes: [],
    read: { kind: 'get', path: REPORT },
    expected: 'denied',
    twin: 'reports: the reporter reads their report',
  },
  {
    name: 'reports: a moderator reads any report',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [],
    read: { kind: 'get', path: REPORT },
    expected: 'allowed',
  },
  {
    name: 'reports: a non-moderator reads no one else’s report',
    actor: CY,
    before: reportOpen,
    writes: [],
    read: { kind: 'get', path: REPORT },
    expected: 'denied',
    twin: 'reports: a moderator reads any report',
  },
  {
    name: 'reports: the reporter checks whether they already reported',
    actor: ADA,
    before: bobPostedInAdaTribe,
    writes: [],
    read: { kind: 'get', path: REPORT },
    expected: 'allowed',
  },
  {
    name: 'reports: nobody probes another user’s report id',
    actor: BOB,
    before: bobPostedInAdaTribe,
    writes: [],
    read: { kind: 'get', path: REPORT },
    expected: 'denied',
    twin: 'reports: the reporter checks whether they already reported',
  },
  {
    name: 'reports: a moderator lists the open reports, newest first',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [],
    read: { kind: 'query', query: openReportsQuery },
    expected: 'allowed',
  },
  {
    name: 'reports: a non-moderator cannot list the reports',
    actor: CY,
    before: reportOpen,
    writes: [],
    read: { kind: 'query', query: openReportsQuery },
    expected: 'denied',
    twin: 'reports: a moderator lists the open reports, newest first',
  },
  {
    name: 'reports: the moderation queue reads at most 50',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [],
    read: { kind: 'query', query: { ...openReportsQuery, limit: 51 } },
    expected: 'denied',
    twin: 'reports: a moderator lists the open reports, newest first',
  },
  {
    name: 'reports: the reporter lists their own reports',
    actor: ADA,
    before: reportOpen,
    writes: [],
    read: {
      kind: 'query',
      query: { collection: 'reports', where: [{ field: 'reporterId', op: '==', value: ADA }], limit: 50 },
    },
    expected: 'allowed',
  },
  {
    name: 'reports: nobody lists another user’s reports',
    actor: BOB,
    before: reportOpen,
    writes: [],
    read: {
      kind: 'query',
      query: { collection: 'reports', where: [{ field: 'reporterId', op: '==', value: ADA }], limit: 50 },
    },
    expected: 'denied',
    twin: 'reports: the reporter lists their own reports',
  },
];
