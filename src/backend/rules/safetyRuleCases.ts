// Rule cases for safety: blocks, mutes, reports, and the moderation hooks in other collections
// (friend requests, tribe joins and project requests refused between blocked people; posts
// removed by a tribe's owner or a moderator; tribes and projects hidden by moderators).
import type { DocData } from '../port';
import { allowed, denied, get, MODERATOR, query, readAllowed, readDenied } from './ruleCaseBuilders';
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
  allowed('blocks: Bob blocks Ada', BOB, strangers, [{ path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA) }]),
  denied('blocks: nobody blocks in someone else’s name', 'blocks: Bob blocks Ada', CY, strangers, [
    { path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA) },
  ]),
  denied('blocks: the id must be {blockerId}_{blockedId}', 'blocks: Bob blocks Ada', BOB, strangers, [
    { path: blockPath(BOB, CY), after: blockDoc(BOB, ADA) },
  ]),
  denied('blocks: nobody blocks themself', 'blocks: Bob blocks Ada', BOB, strangers, [
    { path: blockPath(BOB, BOB), after: blockDoc(BOB, BOB) },
  ]),
  denied('blocks: only the known fields', 'blocks: Bob blocks Ada', BOB, strangers, [
    { path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA, { note: 'annoying' }) },
  ]),
  denied('blocks: a 51-character name is refused', 'blocks: Bob blocks Ada', BOB, strangers, [
    { path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA, { blockedName: 'x'.repeat(51) }) },
  ]),
  denied('blocks: the time is the app’s format', 'blocks: Bob blocks Ada', BOB, strangers, [
    { path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA, { createdAt: 'yesterday' }) },
  ]),
  denied('blocks: a client’s ISO time is refused (the server sets it)', 'blocks: Bob blocks Ada', BOB, strangers, [
    { path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA, { createdAt: NOW_ISO }) },
  ]),
  denied('blocks: a time years ahead is refused', 'blocks: Bob blocks Ada', BOB, strangers, [
    { path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA, { createdAt: '2099-01-01T00:00:00.000Z' }) },
  ]),
  denied('blocks: signed out, nobody blocks', 'blocks: Bob blocks Ada', null, strangers, [
    { path: blockPath(BOB, ADA), after: blockDoc(BOB, ADA) },
  ]),
  allowed('blocks: Bob unblocks Ada', BOB, bobBlocksAda, [{ path: blockPath(BOB, ADA), after: null }]),
  denied('blocks: the blocked person cannot lift the block', 'blocks: Bob unblocks Ada', ADA, bobBlocksAda, [
    { path: blockPath(BOB, ADA), after: null },
  ]),
  denied('blocks: a block is never edited', 'blocks: Bob unblocks Ada', BOB, bobBlocksAda, [
    { path: blockPath(BOB, ADA), after: storedBlock(BOB, CY) },
  ]),
  readAllowed('blocks: the blocker reads their block', BOB, bobBlocksAda, get(blockPath(BOB, ADA))),
  readDenied(
    'blocks: the blocked person cannot read the block',
    'blocks: the blocker reads their block',
    ADA,
    bobBlocksAda,
    get(blockPath(BOB, ADA)),
  ),
  readAllowed('blocks: the blocker probes a block that does not exist', BOB, strangers, get(blockPath(BOB, CY))),
  readDenied(
    'blocks: nobody probes someone else’s blocks',
    'blocks: the blocker probes a block that does not exist',
    CY,
    strangers,
    get(blockPath(BOB, CY)),
  ),
  readAllowed(
    'blocks: the blocker lists their blocks',
    BOB,
    bobBlocksAda,
    query({ collection: 'blocks', where: [{ field: 'blockerId', op: '==', value: BOB }], limit: 50 }),
  ),
  readDenied(
    'blocks: nobody lists someone else’s blocks',
    'blocks: the blocker lists their blocks',
    ADA,
    bobBlocksAda,
    query({ collection: 'blocks', where: [{ field: 'blockerId', op: '==', value: BOB }], limit: 50 }),
  ),
  readDenied(
    'blocks: nobody asks who blocked them',
    'blocks: the blocker lists their blocks',
    ADA,
    bobBlocksAda,
    query({ collection: 'blocks', where: [{ field: 'blockedId', op: '==', value: ADA }], limit: 50 }),
  ),

  // ---------- blocks stop friend requests, joins and project requests ----------
  allowed('safety: Ada sends Bob a friend request when nobody blocked anyone', ADA, strangers, adaAsksBob),
  denied(
    'safety: a friend request from someone Bob blocked is refused',
    'safety: Ada sends Bob a friend request when nobody blocked anyone',
    ADA,
    bobBlocksAda,
    adaAsksBob,
  ),
  denied(
    'safety: a friend request to someone Ada blocked is refused',
    'safety: Ada sends Bob a friend request when nobody blocked anyone',
    ADA,
    adaBlocksBob,
    adaAsksBob,
  ),
  allowed('safety: Bob blocking Cy does not stop Ada’s request', ADA, bobBlocksCy, adaAsksBob),
  allowed('safety: Ada joins Bob’s open tribe', ADA, bobTribe(), adaJoins),
  denied(
    'safety: Ada cannot join the tribe of Bob, who blocked her',
    'safety: Ada joins Bob’s open tribe',
    ADA,
    bobTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    adaJoins,
  ),
  allowed('safety: Ada asks to join Bob’s request-only tribe', ADA, bobTribe({}, requestTribe), adaAsksToJoin),
  denied(
    'safety: Ada cannot ask to join the tribe of Bob, who blocked her',
    'safety: Ada asks to join Bob’s request-only tribe',
    ADA,
    bobTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }, requestTribe),
    adaAsksToJoin,
  ),
  allowed('safety: Ada asks to join Bob’s project', ADA, bobProject(), adaApplies),
  denied(
    'safety: Ada cannot ask to join the project of Bob, who blocked her',
    'safety: Ada asks to join Bob’s project',
    ADA,
    bobProject({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    adaApplies,
  ),
  allowed(
    'safety: Bob muting Ada does not stop her request to his project',
    ADA,
    bobProject({ [mutePath(BOB, ADA)]: muteDoc(BOB, ADA, { createdAt: NOW }) }),
    adaApplies,
  ),

  // ---------- ...and their counterparts: what was asked before the block is not approved after it ----------
  allowed(APPROVE_ADA, BOB, adaAppliedToBob(), bobApprovesAda),
  denied(
    'safety: Bob cannot approve the request of Ada, whom he blocked since',
    APPROVE_ADA,
    BOB,
    adaAppliedToBob({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    bobApprovesAda,
  ),
  denied(
    'safety: Bob cannot pull Ada, who blocked him since, into his team',
    APPROVE_ADA,
    BOB,
    adaAppliedToBob({ [blockPath(ADA, BOB)]: storedBlock(ADA, BOB) }),
    bobApprovesAda,
  ),
  allowed(
    'safety: Bob blocking Cy does not stop him approving Ada',
    BOB,
    adaAppliedToBob({ [blockPath(BOB, CY)]: storedBlock(BOB, CY) }),
    bobApprovesAda,
  ),
  allowed(
    'safety: Bob still declines the request of Ada, whom he blocked',
    BOB,
    adaAppliedToBob({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    bobDeclinesAda,
  ),
  allowed(
    'safety: Ada still withdraws her request to the project of Bob, who blocked her',
    ADA,
    adaAppliedToBob({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    adaWithdraws,
  ),
  allowed(APPROVE_ADA_IN_TRIBE, BOB, adaAskedBobsTribe(), bobApprovesAdaInTribe),
  denied(
    'safety: Bob cannot approve Ada’s request to join his tribe once he blocked her',
    APPROVE_ADA_IN_TRIBE,
    BOB,
    adaAskedBobsTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    bobApprovesAdaInTribe,
  ),
  denied(
    'safety: Bob cannot pull Ada, who blocked him since, into his tribe',
    APPROVE_ADA_IN_TRIBE,
    BOB,
    adaAskedBobsTribe({ [blockPath(ADA, BOB)]: storedBlock(ADA, BOB) }),
    bobApprovesAdaInTribe,
  ),
  allowed(
    'safety: Bob still declines Ada’s request to join his tribe once he blocked her',
    BOB,
    adaAskedBobsTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    [{ path: memberPath(ADA), after: null }],
  ),
  allowed(ADA_POSTS, ADA, adaInBobsTribe(), adaPostsInBobsTribe),
  denied(
    'safety: Ada cannot post in the tribe of Bob, who blocked her after she joined',
    ADA_POSTS,
    ADA,
    adaInBobsTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    adaPostsInBobsTribe,
  ),
  allowed(
    'safety: Ada blocking Bob does not stop her posting in his tribe',
    ADA,
    adaInBobsTribe({ [blockPath(ADA, BOB)]: storedBlock(ADA, BOB) }),
    adaPostsInBobsTribe,
  ),
  allowed(
    'safety: Ada still leaves the tribe of Bob, who blocked her',
    ADA,
    adaInBobsTribe({ [blockPath(BOB, ADA)]: storedBlock(BOB, ADA) }),
    [
      { path: memberPath(ADA), after: null },
      { path: TRIBE, after: tribeDoc(BOB, { memberCount: 1, countedMemberId: ADA }) },
    ],
  ),

  // ---------- mutes ----------
  allowed('mutes: Bob mutes Ada', BOB, strangers, [{ path: mutePath(BOB, ADA), after: muteDoc(BOB, ADA) }]),
  denied('mutes: nobody mutes in someone else’s name', 'mutes: Bob mutes Ada', ADA, strangers, [
    { path: mutePath(BOB, ADA), after: muteDoc(BOB, ADA) },
  ]),
  denied('mutes: the id must be {muterId}_{mutedId}', 'mutes: Bob mutes Ada', BOB, strangers, [
    { path: mutePath(BOB, CY), after: muteDoc(BOB, ADA) },
  ]),
  denied('mutes: a client’s ISO time is refused (the server sets it)', 'mutes: Bob mutes Ada', BOB, strangers, [
    { path: mutePath(BOB, ADA), after: muteDoc(BOB, ADA, { createdAt: NOW_ISO }) },
  ]),
  denied('mutes: a client’s time number is refused', 'mutes: Bob mutes Ada', BOB, strangers, [
    { path: mutePath(BOB, ADA), after: muteDoc(BOB, ADA, { createdAt: NOW - 60_000 }) },
  ]),
  allowed('mutes: Bob unmutes Ada', BOB, bobMutesAda, [{ path: mutePath(BOB, ADA), after: null }]),
  denied('mutes: the muted person cannot unmute themself', 'mutes: Bob unmutes Ada', ADA, bobMutesAda, [
    { path: mutePath(BOB, ADA), after: null },
  ]),
  readAllowed('mutes: the muter reads their mute', BOB, bobMutesAda, get(mutePath(BOB, ADA))),
  readDenied(
    'mutes: the muted person cannot read it',
    'mutes: the muter reads their mute',
    ADA,
    bobMutesAda,
    get(mutePath(BOB, ADA)),
  ),
  readAllowed(
    'mutes: the muter lists their mutes',
    BOB,
    bobMutesAda,
    query({ collection: 'mutes', where: [{ field: 'muterId', op: '==', value: BOB }], limit: 50 }),
  ),
  readDenied(
    'mutes: nobody lists someone else’s mutes',
    'mutes: the muter lists their mutes',
    CY,
    bobMutesAda,
    query({ collection: 'mutes', where: [{ field: 'muterId', op: '==', value: BOB }], limit: 50 }),
  ),

  // ---------- tribe owners moderate their tribe ----------
  allowed('safety: the tribe owner removes a member’s post, postCount - 1', ADA, bobPostedInAdaTribe, removePost),
  denied(
    'safety: the owner’s removal takes the tribe’s postCount down with it',
    'safety: the tribe owner removes a member’s post, postCount - 1',
    ADA,
    bobPostedInAdaTribe,
    removePostUncounted,
  ),
  denied(
    'safety: the owner’s postCount - 1 names the removed post',
    'safety: the tribe owner removes a member’s post, postCount - 1',
    ADA,
    bobPostedInAdaTribe,
    [
      ...removePostUncounted,
      { path: TRIBE, after: tribeDoc(ADA, { memberCount: 3, postCount: 0, countedPostId: 'p2' }) },
    ],
  ),
  denied(
    'safety: the owner cannot lower postCount for a post that stays',
    'safety: the tribe owner removes a member’s post, postCount - 1',
    ADA,
    bobPostedInAdaTribe,
    removePostCountOnly,
  ),
  denied(
    'safety: a moderator cannot lower postCount for a post that stays',
    'safety: a moderator removes a post in any tribe',
    CY,
    cyOwnsAnotherTribe,
    removePostCountOnly,
    MODERATOR,
  ),
  denied(
    'safety: a member who does not own the tribe cannot lower its postCount',
    'safety: a moderator removes a post in any tribe, as a member',
    CY,
    bobPostedInAdaTribe,
    removePostCountOnly,
  ),
  denied(
    'safety: an owner cannot remove a post in another tribe',
    'safety: a moderator removes a post in any tribe',
    CY,
    cyOwnsAnotherTribe,
    removePost,
  ),
  allowed('safety: a moderator removes a post in any tribe', CY, cyOwnsAnotherTribe, removePost, MODERATOR),
  denied(
    'safety: a moderator’s removal leaves the removal mark (the id is never used again)',
    'safety: a moderator removes a post in any tribe',
    CY,
    cyOwnsAnotherTribe,
    removePost.filter((write) => write.path !== REMOVED_POST),
    MODERATOR,
  ),
  denied(
    'safety: a member who does not own the tribe cannot remove a post',
    'safety: a moderator removes a post in any tribe, as a member',
    CY,
    bobPostedInAdaTribe,
    removePost,
  ),
  allowed(
    'safety: a moderator removes a post in any tribe, as a member',
    CY,
    bobPostedInAdaTribe,
    removePost,
    MODERATOR,
  ),
  allowed('safety: the tribe owner removes a member, memberCount - 1', ADA, bobPostedInAdaTribe, removeBob),
  denied(
    'safety: the owner’s memberCount - 1 names the removed member',
    'safety: the tribe owner removes a member, memberCount - 1',
    ADA,
    bobPostedInAdaTribe,
    [
      { path: memberPath(BOB), after: null },
      { path: TRIBE, after: tribeDoc(ADA, { memberCount: 2, postCount: 1, countedMemberId: CY }) },
    ],
  ),
  denied(
    'safety: a member cannot remove another member',
    'safety: the tribe owner removes a member, memberCount - 1',
    CY,
    bobPostedInAdaTribe,
    removeBob,
  ),

  // ---------- moderators hide tribes and projects from listings ----------
  allowed(
    'safety: a moderator hides a tribe',
    CY,
    bobPostedInAdaTribe,
    [{ path: TRIBE, after: hiddenTribe() }],
    MODERATOR,
  ),
  denied('safety: a non-moderator cannot hide a tribe', 'safety: a moderator hides a tribe', CY, bobPostedInAdaTribe, [
    { path: TRIBE, after: hiddenTribe() },
  ]),
  denied(
    'safety: the owner cannot hide their own tribe either',
    'safety: a moderator hides a tribe',
    ADA,
    bobPostedInAdaTribe,
    [{ path: TRIBE, after: hiddenTribe() }],
  ),
  denied(
    'safety: hiding changes nothing else',
    'safety: a moderator hides a tribe',
    CY,
    bobPostedInAdaTribe,
    [{ path: TRIBE, after: hiddenTribe({ tagline: 'Closed' }) }],
    MODERATOR,
  ),
  denied(
    'safety: hidden is true or false',
    'safety: a moderator hides a tribe',
    CY,
    bobPostedInAdaTribe,
    [{ path: TRIBE, after: hiddenTribe({ hidden: 'yes' }) }],
    MODERATOR,
  ),
  allowed('safety: the owner still edits a hidden tribe', ADA, { ...bobPostedInAdaTribe, [TRIBE]: hiddenTribe() }, [
    { path: TRIBE, after: hiddenTribe({ tagline: 'Fearless concurrency' }) },
  ]),
  denied(
    'safety: the owner cannot show a hidden tribe again',
    'safety: the owner still edits a hidden tribe',
    ADA,
    { ...bobPostedInAdaTribe, [TRIBE]: hiddenTribe() },
    [{ path: TRIBE, after: hiddenTribe({ hidden: false }) }],
  ),
  allowed(
    'safety: a moderator hides a project',
    CY,
    bobProject(),
    [{ path: PROJECT, after: projectDoc(BOB, { hidden: true }) }],
    MODERATOR,
  ),
  denied('safety: a non-moderator cannot hide a project', 'safety: a moderator hides a project', CY, bobProject(), [
    { path: PROJECT, after: projectDoc(BOB, { hidden: true }) },
  ]),
  allowed(
    'safety: the owner still edits a hidden project',
    BOB,
    bobProject({ [PROJECT]: projectDoc(BOB, { hidden: true }) }),
    [{ path: PROJECT, after: projectDoc(BOB, { hidden: true, status: 'inProgress' }) }],
  ),
  denied('safety: a project is not created hidden', 'safety: a project is created without the flag', BOB, strangers, [
    { path: PROJECT, after: projectDoc(BOB, { hidden: true, createdAt: SERVER_TIME }) },
  ]),
  allowed('safety: a project is created without the flag', BOB, strangers, [
    { path: PROJECT, after: projectDoc(BOB, { createdAt: SERVER_TIME }) },
  ]),

  // ---------- reports ----------
  allowed('reports: Ada reports Bob’s post', ADA, bobPostedInAdaTribe, [{ path: REPORT, after: reportDoc() }]),
  denied(
    'reports: a second report of the same post by the same user is refused',
    'reports: Ada reports Bob’s post',
    ADA,
    reportOpen,
    [{ path: REPORT, after: reportDoc({ reason: 'harassment' }) }],
  ),
  denied(
    'reports: nobody reports in someone else’s name',
    'reports: Ada reports Bob’s post',
    ADA,
    bobPostedInAdaTribe,
    [{ path: REPORT, after: reportDoc({ reporterId: CY }) }],
  ),
  denied(
    'reports: the id names the reporter, the kind and the target',
    'reports: Ada reports Bob’s post',
    ADA,
    bobPostedInAdaTribe,
    [{ path: `reports/${ADA}_post_p2`, after: reportDoc() }],
  ),
  denied('reports: an unknown reason is refused', 'reports: Ada reports Bob’s post', ADA, bobPostedInAdaTribe, [
    { path: REPORT, after: reportDoc({ reason: 'boring' }) },
  ]),
  denied('reports: an unknown kind of target is refused', 'reports: Ada reports Bob’s post', ADA, bobPostedInAdaTribe, [
    { path: `reports/${ADA}_message_p1`, after: reportDoc({ targetKind: 'message' }) },
  ]),
  allowed('reports: details of 1,000 characters', ADA, bobPostedInAdaTribe, [
    { path: REPORT, after: reportDoc({ details: 'x'.repeat(1000) }) },
  ]),
  denied(
    'reports: details of 1,001 characters are refused',
    'reports: details of 1,000 characters',
    ADA,
    bobPostedInAdaTribe,
    [{ path: REPORT, after: reportDoc({ details: 'x'.repeat(1001) }) }],
  ),
  denied(
    'reports: an ISO-string createdAt, which would sort above every server time in the queue, is refused',
    'reports: Ada reports Bob’s post',
    ADA,
    bobPostedInAdaTribe,
    [{ path: REPORT, after: reportDoc({ createdAt: NOW_ISO }) }],
  ),
  denied(
    'reports: a client’s createdAt number is refused',
    'reports: Ada reports Bob’s post',
    ADA,
    bobPostedInAdaTribe,
    [{ path: REPORT, after: reportDoc({ createdAt: NOW + 365 * 24 * 3_600_000 }) }],
  ),
  denied('reports: a report starts open', 'reports: Ada reports Bob’s post', ADA, bobPostedInAdaTribe, [
    { path: REPORT, after: reportDoc({ status: 'dismissed' }) },
  ]),
  denied('reports: signed out, nobody reports', 'reports: Ada reports Bob’s post', null, bobPostedInAdaTribe, [
    { path: REPORT, after: reportDoc() },
  ]),
  allowed('reports: Ada reports Bob’s profile', ADA, strangers, [
    {
      path: `reports/${ADA}_profile_${BOB}`,
      after: reportDoc({ targetKind: 'profile', targetId: BOB, targetLabel: 'Bob', reason: 'impersonation' }),
    },
  ]),
  allowed(
    'reports: a moderator dismisses an open report',
    CY,
    reportOpen,
    [{ path: REPORT, after: resolved(CY) }],
    MODERATOR,
  ),
  denied(
    'reports: a non-moderator cannot dismiss a report',
    'reports: a moderator dismisses an open report',
    CY,
    reportOpen,
    [{ path: REPORT, after: resolved(CY) }],
  ),
  denied(
    'reports: a moderator resolves in their own name',
    'reports: a moderator dismisses an open report',
    CY,
    reportOpen,
    [{ path: REPORT, after: resolved(BOB) }],
    MODERATOR,
  ),
  denied(
    'reports: a moderator’s ISO resolvedAt is refused (the server sets it)',
    'reports: a moderator dismisses an open report',
    CY,
    reportOpen,
    [{ path: REPORT, after: resolved(CY, { resolvedAt: NOW_ISO }) }],
    MODERATOR,
  ),
  denied(
    'reports: a moderator cannot rewrite the reason',
    'reports: a moderator dismisses an open report',
    CY,
    reportOpen,
    [{ path: REPORT, after: resolved(CY, { reason: 'other' }) }],
    MODERATOR,
  ),
  allowed(
    'reports: a moderator acts on a report, removing the post',
    CY,
    reportOpen,
    [{ path: REPORT, after: resolved(CY, { status: 'actioned', resolution: 'postRemoved' }) }, ...removePost],
    MODERATOR,
  ),
  denied(
    "reports: 'postRemoved' while the post stays is refused",
    'reports: a moderator acts on a report, removing the post',
    CY,
    reportOpen,
    [{ path: REPORT, after: resolved(CY, { status: 'actioned', resolution: 'postRemoved' }) }],
    MODERATOR,
  ),
  denied(
    "reports: 'commentRemoved' on a post’s report is refused",
    'reports: a moderator acts on a report, removing the post',
    CY,
    reportOpen,
    [{ path: REPORT, after: resolved(CY, { status: 'actioned', resolution: 'commentRemoved' }) }, ...removePost],
    MODERATOR,
  ),
  denied(
    'reports: an action names what was done',
    'reports: a moderator acts on a report, removing the post',
    CY,
    reportOpen,
    [{ path: REPORT, after: resolved(CY, { status: 'actioned', resolution: 'dismissed' }) }, ...removePost],
    MODERATOR,
  ),
  denied(
    'reports: a resolved report stays resolved',
    'reports: a moderator dismisses an open report',
    CY,
    { ...reportOpen, [REPORT]: resolved(CY, { resolvedAt: NOW }) },
    [{ path: REPORT, after: resolved(CY, { status: 'actioned', resolution: 'postRemoved', resolvedAt: NOW }) }],
    MODERATOR,
  ),
  denied(
    'reports: reports are never deleted, even by a moderator',
    'reports: a moderator dismisses an open report',
    CY,
    reportOpen,
    [{ path: REPORT, after: null }],
    MODERATOR,
  ),
  readAllowed('reports: the reporter reads their report', ADA, reportOpen, get(REPORT)),
  readDenied(
    'reports: the reported person cannot read the report',
    'reports: the reporter reads their report',
    BOB,
    reportOpen,
    get(REPORT),
  ),
  {
    name: 'reports: a moderator reads any report',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [],
    read: { kind: 'get', path: REPORT },
    expected: 'allowed',
  },
  readDenied(
    'reports: a non-moderator reads no one else’s report',
    'reports: a moderator reads any report',
    CY,
    reportOpen,
    get(REPORT),
  ),
  readAllowed('reports: the reporter checks whether they already reported', ADA, bobPostedInAdaTribe, get(REPORT)),
  readDenied(
    'reports: nobody probes another user’s report id',
    'reports: the reporter checks whether they already reported',
    BOB,
    bobPostedInAdaTribe,
    get(REPORT),
  ),
  {
    name: 'reports: a moderator lists the open reports, newest first',
    actor: CY,
    moderator: true,
    before: reportOpen,
    writes: [],
    read: { kind: 'query', query: openReportsQuery },
    expected: 'allowed',
  },
  readDenied(
    'reports: a non-moderator cannot list the reports',
    'reports: a moderator lists the open reports, newest first',
    CY,
    reportOpen,
    query(openReportsQuery),
  ),
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
  readAllowed(
    'reports: the reporter lists their own reports',
    ADA,
    reportOpen,
    query({ collection: 'reports', where: [{ field: 'reporterId', op: '==', value: ADA }], limit: 50 }),
  ),
  readDenied(
    'reports: nobody lists another user’s reports',
    'reports: the reporter lists their own reports',
    BOB,
    reportOpen,
    query({ collection: 'reports', where: [{ field: 'reporterId', op: '==', value: ADA }], limit: 50 }),
  ),
];
