// Rule cases for tribes, tribeNames, tribeMembers, posts, projects and projectApplications, and
// the list-query limits of every collection. Each denied case names the allowed twin it differs
// from in one thing; batches are the ones the app writes (tribesApi.ts, projectWrites.ts).
import type { DocData, QuerySpec } from '../port';
import { allowed, denied, get, query, readAllowed, readDenied, replacing } from './ruleCaseBuilders';
import type { State } from './ruleCaseBuilders';
import {
  adaProjectDoc,
  applicationPath,
  projectMember,
  ADA,
  BOB,
  CLIENT_MS,
  CY,
  EARLIER,
  NOW,
  NOW_ISO,
  POST,
  PROJECT,
  SERVER_TIME,
  TRIBE,
  ada,
  bob,
  memberPath,
  membership,
  nameOf,
  inboxPath,
  notifiedInbox,
  rustTribe,
  strangers,
  user,
  with_,
} from './ruleFixtures';
import type { RuleCase, RuleWrite } from './ruleFixtures';

// ---------- how cases are written here ----------

/** `count` distinct strings of exactly 30 characters (the longest topic or skill). */
const thirtyCharacterStrings = (count: number, prefix = 's'): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}-`.padEnd(30, 'x'));
/** One element of 59 characters that a newline splits into two of 29: the joined list looks like two short ones. */
const HIDDEN_NEWLINE = `${'x'.repeat(29)}\n${'y'.repeat(29)}`;

// ---------- states the tribes, posts and projects cases start from ----------

const NAME_CLAIM = 'tribeNames/rustaceans';

const tribeDoc = (changes: DocData = {}): DocData =>
  rustTribe(ADA, { createdAt: EARLIER, lastActivityAt: EARLIER, countedMemberId: ADA, ...changes });
/** A membership as the app writes it: both times serverTimestamp(). */
const newMembership = (uid: string, changes: DocData = {}) =>
  membership(uid, { requestedAt: SERVER_TIME, joinedAt: SERVER_TIME, ...changes });
const pendingMembership = (uid: string) => membership(uid, { status: 'pending', joinedAt: null });
const postDoc = (authorId: string, changes: DocData = {}): DocData => ({
  postId: 'p1',
  tribeId: 't1',
  authorId,
  authorName: nameOf(authorId),
  authorPhoto: null,
  body: 'Hello, tribe',
  createdAt: SERVER_TIME,
  ...changes,
});

/** Ada's open tribe t1, Ada its owner and only member. */
const adaTribe: State = { ...strangers, [TRIBE]: tribeDoc(), [memberPath(ADA)]: membership(ADA) };
/** The same tribe asking for approval. */
const requestTribe: State = { ...adaTribe, [TRIBE]: tribeDoc({ joinPolicy: 'request' }) };
/** ...with Bob's request pending. */
const bobRequested: State = { ...requestTribe, [memberPath(BOB)]: pendingMembership(BOB) };
/** `state` with `uid` an active member and the tribe as `tribe` says. */
const withMember = (state: State, uid: string, tribe: DocData): State => ({
  ...state,
  [TRIBE]: tribeDoc(tribe),
  [memberPath(uid)]: membership(uid),
});
/** Bob has joined Ada's tribe. */
const bobInTribe = withMember(adaTribe, BOB, { memberCount: 2, countedMemberId: BOB });
/** Bob in the tribe, whose last activity is stamped after this write's time (another member's post committed first). */
const bobActiveLater: State = {
  ...bobInTribe,
  [TRIBE]: tribeDoc({ memberCount: 2, countedMemberId: BOB, lastActivityAt: Date.UTC(2100, 0, 1) }),
};
/** Bob and Cy have joined it. */
const bobAndCyInTribe = withMember(bobInTribe, CY, { memberCount: 3, countedMemberId: CY });
/** Bob has posted p1 in it. */
const bobPosted: State = {
  ...bobInTribe,
  [TRIBE]: tribeDoc({ memberCount: 2, postCount: 1, countedMemberId: BOB, countedPostId: 'p1' }),
  [user(BOB)]: with_(bob, { postCount: 1 }),
  [POST]: postDoc(BOB, { createdAt: EARLIER }),
};

/** Creating Ada's tribe: the tribe, its name claim and Ada's owner membership (createTribe). */
const createTribeBatch = (tribe: DocData = {}, owner: DocData = {}): RuleWrite[] => [
  { path: TRIBE, after: tribeDoc({ createdAt: SERVER_TIME, lastActivityAt: SERVER_TIME, ...tribe }) },
  { path: NAME_CLAIM, after: { tribeId: 't1', ownerId: ADA } },
  { path: memberPath(ADA), after: newMembership(ADA, owner) },
];

/** `uid`'s membership written (null: deleted) and the tribe of `state` counting it: memberCount + `by`, naming `uid`. */
const memberCounted = (state: State, uid: string, by: number, member: DocData | null, tribe: DocData): RuleWrite[] => {
  const before = state[TRIBE] ?? {};
  return [
    { path: memberPath(uid), after: member },
    {
      path: TRIBE,
      after: with_(before, { memberCount: Number(before.memberCount) + by, countedMemberId: uid, ...tribe }),
    },
  ];
};
/** Ada's tribe with its name claimed. */
const adaNameClaimed: State = { ...adaTribe, [NAME_CLAIM]: { tribeId: 't1', ownerId: ADA } };
/** Bob creates his tribe t2 (createTribe), claiming its name at `claim`. */
const bobCreatesT2 = (claim: string, tribe: DocData = {}): RuleWrite[] => [
  {
    path: 'tribes/t2',
    after: tribeDoc({
      ownerId: BOB,
      ...tribe,
      countedMemberId: BOB,
      createdAt: SERVER_TIME,
      lastActivityAt: SERVER_TIME,
    }),
  },
  { path: claim, after: { tribeId: 't2', ownerId: BOB } },
  { path: memberPath(BOB, 't2'), after: newMembership(BOB, { tribeId: 't2', role: 'owner' }) },
];

/** `uid` joins the tribe of `state` as an active member, counted (joinTribe). */
const joinBatch = (state: State, uid: string, member: DocData = {}, tribe: DocData = {}): RuleWrite[] =>
  memberCounted(state, uid, 1, newMembership(uid, member), tribe);
/** `uid` asks to join (joinTribe on a request-only tribe). */
const requestBatch = (uid: string, member: DocData = {}): RuleWrite[] => [
  { path: memberPath(uid), after: newMembership(uid, { status: 'pending', joinedAt: null, ...member }) },
];
/** The owner approves Bob's request (approveJoinRequest). */
const approveMemberBatch = (member: DocData = {}, tribe: DocData = {}): RuleWrite[] => [
  { path: memberPath(BOB), after: membership(BOB, { joinedAt: SERVER_TIME, ...member }) },
  { path: TRIBE, after: tribeDoc({ joinPolicy: 'request', memberCount: 2, countedMemberId: BOB, ...tribe }) },
];
/** `uid` leaves the tribe of `state` (leaveTribe), or the owner removes them. */
const leaveBatch = (state: State, uid: string, tribe: DocData = {}): RuleWrite[] =>
  memberCounted(state, uid, -1, null, tribe);

/** `uid` posts p1 in t1 (createPost): the post, the tribe's counters naming it, their postCount, their membership. */
const postBatch = (state: State, uid: string, post: DocData = {}, tribe: DocData = {}): RuleWrite[] => {
  const before = state[TRIBE] ?? {};
  const author = state[user(uid)] ?? {};
  const member = state[memberPath(uid)];
  return [
    { path: POST, after: postDoc(uid, post) },
    {
      path: TRIBE,
      after: with_(before, {
        postCount: Number(before.postCount) + 1,
        lastActivityAt: SERVER_TIME,
        countedPostId: 'p1',
        ...tribe,
      }),
    },
    { path: user(uid), after: with_(author, { postCount: Number(author.postCount) + 1, lastPostId: 'p1' }) },
    ...(member ? [{ path: memberPath(uid), after: with_(member, { lastPostAt: SERVER_TIME }) }] : []),
  ];
};
/** What a post's delete leaves, so its id is never used again (docs/conversations-model.md). */
const REMOVED_POST = 'removedPosts/p1';
const removalMark = { removedAt: SERVER_TIME };
/** Bob deletes p1 (deletePost): the post, its removal mark, both postCounts - 1, the tribe naming it. */
const deletePostBatch = (tribe: DocData = {}): RuleWrite[] => [
  { path: POST, after: null },
  { path: REMOVED_POST, after: removalMark },
  {
    path: TRIBE,
    after: tribeDoc({ memberCount: 2, postCount: 0, countedMemberId: BOB, countedPostId: 'p1', ...tribe }),
  },
  { path: user(BOB), after: with_(bob, { lastPostId: 'p1' }) },
];

/** Bob has also posted p2 in t2, a tribe of his own: his postCount is 2. */
const bobPostedTwice: State = {
  ...bobPosted,
  'tribes/t2': tribeDoc({ ownerId: BOB, memberCount: 1, postCount: 1, countedMemberId: BOB, countedPostId: 'p2' }),
  [memberPath(BOB, 't2')]: membership(BOB, { tribeId: 't2', role: 'owner' }),
  'posts/p2': postDoc(BOB, { postId: 'p2', tribeId: 't2', createdAt: EARLIER }),
  [user(BOB)]: with_(bob, { postCount: 2 }),
};
/** Both of Bob's posts deleted in one write, each tribe counting its own, and Bob's postCount - 1 naming p1. */
const deleteBothPostsBatch = (): RuleWrite[] => [
  ...replacing(deletePostBatch(), user(BOB), with_(bob, { postCount: 1, lastPostId: 'p1' })),
  { path: 'posts/p2', after: null },
  { path: 'removedPosts/p2', after: removalMark },
  {
    path: 'tribes/t2',
    after: tribeDoc({ ownerId: BOB, memberCount: 1, postCount: 0, countedMemberId: BOB, countedPostId: 'p2' }),
  },
];

const projectDoc = (changes: DocData = {}): DocData => adaProjectDoc({ createdAt: EARLIER, ...changes });
const newProject = (changes: DocData = {}) => projectDoc({ createdAt: SERVER_TIME, ...changes });
const applicationDoc = (uid: string, changes: DocData = {}): DocData => ({
  projectId: 'pr1',
  ownerId: ADA,
  applicantId: uid,
  applicantName: nameOf(uid),
  applicantPhoto: null,
  note: 'I would love to help',
  status: 'pending',
  createdAt: EARLIER,
  decidedAt: null,
  ...changes,
});
/** A request as the app writes it (applyToProject): createdAt serverTimestamp(). */
const newApplication = (uid: string, changes: DocData = {}) =>
  applicationDoc(uid, { createdAt: SERVER_TIME, ...changes });
const decided = (uid: string, status: string, changes: DocData = {}) =>
  applicationDoc(uid, { status, decidedAt: SERVER_TIME, ...changes });
const withBob = { memberIds: [ADA, BOB], members: [projectMember(ADA), projectMember(BOB)] };

/** Ada's recruiting project pr1. */
const adaProject: State = { ...strangers, [PROJECT]: projectDoc() };
/** Bob has asked to join it. */
const bobApplied: State = { ...adaProject, [applicationPath(BOB)]: applicationDoc(BOB) };
/** Bob and Cy have asked to join it. */
const bothApplied: State = { ...bobApplied, [applicationPath(CY)]: applicationDoc(CY) };

/** Bob is told in his private inbox (docs/friends-model.md). */
const notified = (type: string, from = ADA): RuleWrite => ({
  path: inboxPath(BOB),
  after: notifiedInbox(from, BOB, type),
});
/** The owner approves Bob (approveApplication): Bob joins, the request is approved, Bob is told. */
const approveBatch = (project: DocData = {}, application: DocData = {}): RuleWrite[] => [
  { path: PROJECT, after: projectDoc({ ...withBob, ...project }) },
  { path: applicationPath(BOB), after: decided(BOB, 'approved', application) },
  notified('projectApplicationApproved'),
];
/** The owner declines Bob (declineApplication). */
const declineBatch = (application: DocData = {}): RuleWrite[] => [
  { path: applicationPath(BOB), after: decided(BOB, 'declined', application) },
  notified('projectApplicationDeclined'),
];

/** Ada's profile with `count` skills of 30 characters. */
const adaWithSkills = (count: number): State => ({
  ...strangers,
  [user(ADA)]: with_(ada, { skills: thirtyCharacterStrings(count, 'a') }),
});

/**
 * Ada's project with a team of `size` (Ada first, then dev1...), every other member holding
 * `memberSkills` skills of 30 characters, Bob's request pending and his profile holding
 * `bobSkills`; and the batch that approves him (approveApplication).
 */
function approveAt(
  size: number,
  memberSkills: number,
  bobSkills: string[] = [],
): { before: State; writes: RuleWrite[] } {
  const ids = [ADA, ...Array.from({ length: size - 1 }, (_, i) => `dev${i + 1}`)];
  const skills = thirtyCharacterStrings(memberSkills, 'm');
  const members = ids.map((id) => (id === ADA ? projectMember(ADA) : projectMember(id, { skills })));
  const bobProfile = with_(bob, { skills: bobSkills });
  return {
    before: {
      ...strangers,
      [user(BOB)]: bobProfile,
      [PROJECT]: projectDoc({ memberIds: ids, members }),
      [applicationPath(BOB)]: applicationDoc(BOB),
    },
    writes: [
      {
        path: PROJECT,
        after: projectDoc({
          memberIds: [...ids, BOB],
          members: [...members, projectMember(BOB, { skills: bobSkills })],
        }),
      },
      { path: applicationPath(BOB), after: decided(BOB, 'approved') },
      notified('projectApplicationApproved'),
    ],
  };
}

/** Approvals at every team size the rules must afford (1, 16, 17, 49 -> 50), and none past 50. */
function teamSizeCases(): RuleCase[] {
  const at = (size: number, memberSkills: number, bobSkills: number, name: string) => {
    const { before, writes } = approveAt(size, memberSkills, thirtyCharacterStrings(bobSkills, 'b'));
    return allowed(name, ADA, before, writes);
  };
  const full = approveAt(50, 0);
  return [
    at(16, 1, 1, 'projects: a team of 16 takes a 17th member, of one skill'),
    at(17, 16, 16, 'projects: a team of 17 takes an 18th member, of 16 skills'),
    at(17, 17, 17, 'projects: a team of 17 with 17 skills each takes a member of 17 skills'),
    at(49, 20, 20, TEAM_OF_49),
    denied('projects: a team of 50 takes no 51st member', TEAM_OF_49, ADA, full.before, full.writes),
  ];
}

// ---------- the twins every denial below names ----------

const CREATE_TRIBE = 'tribes: created with its name claim and the owner’s membership, at the server time';
const OWNER_EDITS = 'tribes: the owner edits the tagline and topics';
const FREE_NAME = 'tribes: a second tribe with a free name';
const JOIN = 'tribeMembers: a user joins an open tribe, memberCount + 1 naming them';
const REQUEST = 'tribeMembers: a user asks to join a request-only tribe (pending)';
const APPROVE = 'tribeMembers: the owner approves a pending request, memberCount + 1 naming them';
const DECLINE = 'tribeMembers: the owner declines a pending request';
const LEAVE = 'tribeMembers: a member leaves, memberCount - 1 naming them';
const REMOVE = 'tribeMembers: the owner removes an active member, memberCount - 1';
const REFRESH = 'tribeMembers: a member refreshes name and photo from their renamed profile';
const LAST_POST = 'tribeMembers: a member sets lastPostAt to the server time';
const POST_AFTER_LATER = 'posts: a post stamped with the time of its write, when a later activity committed first';
const POST_IT = 'posts: a member posts in their own name; both postCounts + 1, the tribe names the post';
const DELETE_POST = 'posts: the author deletes a post, both postCounts - 1, the tribe names it';
const CREATE_PROJECT = 'projects: created by its owner as the only member, at the server time';
const EDIT_PROJECT = 'projects: the owner edits the description and status';
const DELETE_PROJECT = 'projects: the owner deletes their project';
const APPROVE_APPLICANT =
  'projects: the owner approves a request, adding the member as their profile says and telling them';
const TEAM_OF_49 = 'projects: a team of 49, each of 20 skills, takes its 50th member, of 20 skills';
const DECLINE_APPLICANT = 'projects: the owner declines a request and tells the applicant';
const APPLY = 'projectApplications: a pending request to a recruiting project, at the server time';
const WITHDRAW = 'projectApplications: the applicant withdraws a pending request';
const READ_TRIBE = 'reads: a signed-in user reads a tribe';
const READ_MEMBERSHIP = 'reads: a signed-in user reads a membership';
const READ_POST = 'reads: a signed-in user reads a post';
const READ_PROJECT = 'reads: a signed-in user reads a project';
const TRIBES_PAGE = 'reads: the tribe directory, 50 a page';
const MEMBERS_PAGE = 'reads: a tribe’s members, 50 a page';
const FEED_PAGE = 'reads: a tribe’s feed, 20 posts a page';
const USERS_PAGE = 'reads: the people directory, 50 profiles a page';
const READ_PROFILE = 'reads: a signed-in user reads a profile';
const PROJECTS_PAGE = 'reads: the project list, 50 a page';
const OWNER_READS_REQUEST = 'reads: the project owner reads a request to their project';
const OWNER_QUERY = 'reads: the owner queries the pending requests to their projects';
const OWN_MISSING_REQUEST = 'reads: a user asks whether they have a request to a project, and has none';
const APPLICANT_QUERY = 'reads: the applicant queries their own requests';
const REMOVALS_QUERY = 'reads: a user queries their own pending removals, 50 a page';
const OWNER_LISTS_REQUESTS = 'reads: the tribe owner lists its pending join requests';
const REQUESTER_GETS_OWN = 'reads: the requester gets their own pending join request';
const REQUESTER_LISTS_OWN = 'reads: a user lists all their own memberships, pending ones too';
const ACTIVE_OF_USER = 'reads: a signed-in user lists someone’s active memberships';
const OWN_MISSING_MEMBERSHIP = 'reads: a user asks whether they are in a tribe, and are not';

/** Bob joining Ada's tribe with `writes` instead: denied, the twin of JOIN. */
const badJoin = (name: string, writes: RuleWrite[]): RuleCase => denied(name, JOIN, BOB, adaTribe, writes);
/** Bob posting in it with `writes` instead: denied, the twin of POST_IT. */
const badPost = (name: string, writes: RuleWrite[]): RuleCase => denied(name, POST_IT, BOB, bobInTribe, writes);

const tribeCases: RuleCase[] = [
  // ---------- tribes: creation ----------
  allowed(CREATE_TRIBE, ADA, strangers, createTribeBatch()),
  denied('tribes: not in someone else’s name', CREATE_TRIBE, ADA, strangers, createTribeBatch({ ownerId: BOB })),
  denied(
    'tribes: a tribe without its name claim is refused',
    CREATE_TRIBE,
    ADA,
    strangers,
    replacing(createTribeBatch(), NAME_CLAIM, undefined),
  ),
  denied(
    'tribes: a tribe without the owner’s membership is refused',
    CREATE_TRIBE,
    ADA,
    strangers,
    replacing(createTribeBatch(), memberPath(ADA), undefined),
  ),
  denied(
    'tribes: the owner’s membership holds the owner role',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({}, { role: 'member' }),
  ),
  denied(
    'tribes: a new tribe starts with one member and no posts',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ memberCount: 50, postCount: 7 }),
  ),
  denied(
    'tribes: a new tribe counts its owner’s membership',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ countedMemberId: BOB }),
  ),
  denied(
    'tribes: a 41-character name is refused',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ name: 'x'.repeat(41), nameKey: 'x'.repeat(41) }),
  ),
  denied(
    'tribes: a nameKey that is not the name’s is refused',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ nameKey: 'gophers' }),
  ),
  denied(
    'tribes: six topics are refused',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ topics: ['a', 'b', 'c', 'd', 'e', 'f'] }),
  ),
  denied(
    'tribes: a topic that is a map is refused',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ topics: [{ name: 'rust' }] }),
  ),
  denied(
    'tribes: topics that are numbers are refused (join() writes them as text)',
    'tribes: created with one topic',
    ADA,
    strangers,
    createTribeBatch({ topics: [1, 2] }),
  ),
  denied(
    'tribes: a topic that is true or null is refused',
    'tribes: created with one topic',
    ADA,
    strangers,
    createTribeBatch({ topics: ['rust', true, null] }),
  ),
  allowed('tribes: created with one topic', ADA, strangers, createTribeBatch({ topics: ['rust'] })),
  allowed(
    'tribes: created with five topics of 30 characters, the most',
    ADA,
    strangers,
    createTribeBatch({ topics: thirtyCharacterStrings(5) }),
  ),
  denied('tribes: a tribe without topics is refused', CREATE_TRIBE, ADA, strangers, createTribeBatch({ topics: [] })),
  denied(
    'tribes: a topic hiding a newline passes no length check',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ topics: ['rust', HIDDEN_NEWLINE] }),
  ),
  denied(
    'tribes: a topic twice is refused',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ topics: ['rust', 'rust'] }),
  ),
  denied(
    'tribes: a 121-character tagline is refused',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ tagline: 'x'.repeat(121) }),
  ),
  denied('tribes: unknown fields are refused', CREATE_TRIBE, ADA, strangers, createTribeBatch({ featured: true })),
  denied(
    'tribes: a client’s createdAt number is refused',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ createdAt: CLIENT_MS }),
  ),
  denied(
    'tribes: a client’s lastActivityAt string is refused',
    CREATE_TRIBE,
    ADA,
    strangers,
    createTribeBatch({ lastActivityAt: NOW_ISO }),
  ),
  denied('tribes: signed-out visitors create no tribe', CREATE_TRIBE, null, strangers, createTribeBatch()),
  denied('tribes: a tribe id outside the id pattern is refused', CREATE_TRIBE, ADA, strangers, [
    { path: 'tribes/t 1', after: tribeDoc({ createdAt: SERVER_TIME, lastActivityAt: SERVER_TIME }) },
    { path: NAME_CLAIM, after: { tribeId: 't 1', ownerId: ADA } },
    { path: memberPath(ADA, 't 1'), after: newMembership(ADA, { tribeId: 't 1' }) },
  ]),
  allowed(FREE_NAME, BOB, adaNameClaimed, bobCreatesT2('tribeNames/gophers', { name: 'Gophers', nameKey: 'gophers' })),
  // The rules' lower() lowers A-Z only, and the key is what they compute (tribeValidation.ts tribeNameKey).
  allowed(
    'tribes: a name with capitals beyond A-Z keeps them in its key',
    BOB,
    adaNameClaimed,
    bobCreatesT2('tribeNames/École devs', { name: 'École Devs', nameKey: 'École devs' }),
  ),
  denied(
    'tribes: a key lowering capitals beyond A-Z is not the name’s',
    'tribes: a name with capitals beyond A-Z keeps them in its key',
    BOB,
    adaNameClaimed,
    bobCreatesT2('tribeNames/école devs', { name: 'École Devs', nameKey: 'école devs' }),
  ),
  denied(
    'tribeNames: a second claim of a taken name is refused',
    FREE_NAME,
    BOB,
    adaNameClaimed,
    bobCreatesT2(NAME_CLAIM),
  ),
  denied('tribeNames: a claim is never released, even by its owner', OWNER_EDITS, ADA, adaNameClaimed, [
    { path: NAME_CLAIM, after: null },
  ]),

  // ---------- tribes: the owner's edits ----------
  allowed(OWNER_EDITS, ADA, adaTribe, [
    { path: TRIBE, after: tribeDoc({ tagline: 'Fearless concurrency', topics: ['rust'] }) },
  ]),
  denied('tribes: the name never changes', OWNER_EDITS, ADA, adaTribe, [
    { path: TRIBE, after: tribeDoc({ name: 'Gophers', nameKey: 'gophers' }) },
  ]),
  denied('tribes: createdAt never changes', OWNER_EDITS, ADA, adaTribe, [
    { path: TRIBE, after: tribeDoc({ createdAt: SERVER_TIME }) },
  ]),
  denied('tribes: ownership never moves', OWNER_EDITS, ADA, adaTribe, [
    { path: TRIBE, after: tribeDoc({ ownerId: BOB }) },
  ]),
  denied('tribes: a 2,001-character description is refused', OWNER_EDITS, ADA, adaTribe, [
    { path: TRIBE, after: tribeDoc({ description: 'x'.repeat(2001) }) },
  ]),
  denied('tribes: the owner cannot slip a newline into a topic', OWNER_EDITS, ADA, adaTribe, [
    { path: TRIBE, after: tribeDoc({ tagline: 'Fearless concurrency', topics: [HIDDEN_NEWLINE] }) },
  ]),
  denied('tribes: joinPolicy is open or request', OWNER_EDITS, ADA, adaTribe, [
    { path: TRIBE, after: tribeDoc({ joinPolicy: 'invite' }) },
  ]),
  denied('tribes: tribes are never deleted', OWNER_EDITS, ADA, adaTribe, [{ path: TRIBE, after: null }]),
  denied('tribes: a member cannot edit the description', OWNER_EDITS, BOB, bobInTribe, [
    { path: TRIBE, after: tribeDoc({ memberCount: 2, countedMemberId: BOB, description: 'Taken over' }) },
  ]),
  denied('tribes: even the owner does not set memberCount by hand', OWNER_EDITS, ADA, adaTribe, [
    { path: TRIBE, after: tribeDoc({ memberCount: 2 }) },
  ]),
  denied('tribes: even the owner does not move the activity time without a post', OWNER_EDITS, ADA, adaTribe, [
    { path: TRIBE, after: tribeDoc({ lastActivityAt: SERVER_TIME }) },
  ]),

  // ---------- tribeMembers: joining an open tribe ----------
  allowed(JOIN, BOB, adaTribe, joinBatch(adaTribe, BOB)),
  badJoin(
    'tribeMembers: membership times as a client’s ISO strings are refused (the app writes the server’s)',
    joinBatch(adaTribe, BOB, { requestedAt: NOW_ISO, joinedAt: NOW_ISO }),
  ),
  badJoin('tribes: memberCount does not jump by two', joinBatch(adaTribe, BOB, {}, { memberCount: 3 })),
  badJoin(
    'tribes: joining counts the joining membership, not another',
    joinBatch(adaTribe, BOB, {}, { countedMemberId: ADA }),
  ),
  badJoin(
    'tribeMembers: joining without memberCount + 1 is refused',
    replacing(joinBatch(adaTribe, BOB), TRIBE, undefined),
  ),
  denied('tribes: an outsider cannot raise memberCount without a membership', JOIN, CY, adaTribe, [
    { path: TRIBE, after: tribeDoc({ memberCount: 2, countedMemberId: CY }) },
  ]),
  denied('tribes: an outsider cannot lower memberCount', LEAVE, CY, bobInTribe, [
    { path: TRIBE, after: tribeDoc({ memberCount: 1, countedMemberId: BOB }) },
  ]),
  badJoin(
    'tribeMembers: a member name that is not the member’s profile’s is refused',
    joinBatch(adaTribe, BOB, { displayName: 'Ada' }),
  ),
  badJoin(
    'tribeMembers: a member photo that is not the member’s profile’s is refused',
    joinBatch(adaTribe, BOB, { photoURL: 'https://evil.example/ada.png' }),
  ),
  badJoin(
    'tribeMembers: requestedAt as a client number is refused',
    joinBatch(adaTribe, BOB, { requestedAt: CLIENT_MS }),
  ),
  badJoin('tribeMembers: joinedAt as a map is refused', joinBatch(adaTribe, BOB, { joinedAt: { seconds: 1 } })),
  badJoin(
    'tribeMembers: a time not in the app’s ISO format is refused',
    joinBatch(adaTribe, BOB, { requestedAt: 'next Tuesday' }),
  ),
  badJoin('tribeMembers: a membership without its times is refused', joinBatch(adaTribe, BOB, { requestedAt: null })),
  badJoin('tribeMembers: unknown fields are refused', joinBatch(adaTribe, BOB, { admin: true })),
  badJoin('tribeMembers: a uid field other than the id’s is refused', joinBatch(adaTribe, BOB, { uid: CY })),
  badJoin('tribeMembers: nobody but the owner holds the owner role', joinBatch(adaTribe, BOB, { role: 'owner' })),
  badJoin('tribeMembers: nobody joins in a third user’s name', [
    { path: memberPath(CY), after: newMembership(CY) },
    { path: TRIBE, after: tribeDoc({ memberCount: 2, countedMemberId: CY }) },
  ]),
  denied('tribeMembers: joining a tribe that does not exist is refused', JOIN, BOB, strangers, [
    { path: memberPath(BOB), after: newMembership(BOB) },
  ]),
  denied(
    'tribeMembers: joining a request-only tribe as active is refused',
    REQUEST,
    BOB,
    requestTribe,
    joinBatch(requestTribe, BOB),
  ),
  {
    ...denied(
      'tribeMembers: a data: photo is refused by the rules',
      JOIN,
      BOB,
      { ...adaTribe, [user(BOB)]: with_(bob, { photoURL: 'data:image/png;base64,AAAA' }) },
      joinBatch(adaTribe, BOB, { photoURL: 'data:image/png;base64,AAAA' }),
    ),
    only: {
      runner: 'rules',
      reason: 'the local backend keeps profile photos as data: URLs (localPhotoStorage), so policy.ts accepts them',
    },
  },

  // ---------- tribeMembers: requests, approval, decline ----------
  allowed(REQUEST, BOB, requestTribe, requestBatch(BOB)),
  denied(
    'tribeMembers: a pending request has not joined yet (joinedAt null)',
    REQUEST,
    BOB,
    requestTribe,
    requestBatch(BOB, { joinedAt: SERVER_TIME }),
  ),
  denied('tribeMembers: nobody asks in a third user’s name', REQUEST, BOB, requestTribe, [
    { path: memberPath(CY), after: newMembership(CY, { status: 'pending', joinedAt: null }) },
  ]),
  denied(
    'tribeMembers: a status other than active or pending is refused',
    REQUEST,
    BOB,
    requestTribe,
    requestBatch(BOB, { status: 'banned' }),
  ),
  allowed(APPROVE, ADA, bobRequested, approveMemberBatch()),
  denied(
    'tribeMembers: the owner cannot add a member who never asked',
    APPROVE,
    ADA,
    requestTribe,
    approveMemberBatch({ requestedAt: SERVER_TIME }),
  ),
  denied('tribeMembers: the owner cannot file a request in someone’s name', REQUEST, ADA, requestTribe, [
    { path: memberPath(BOB), after: newMembership(BOB, { status: 'pending', joinedAt: null }) },
  ]),
  denied('tribeMembers: a member cannot approve their own request', APPROVE, BOB, bobRequested, approveMemberBatch()),
  denied(
    'tribeMembers: another member cannot approve a request',
    APPROVE,
    CY,
    { ...bobRequested, [memberPath(CY)]: membership(CY) },
    approveMemberBatch(),
  ),
  denied(
    'tribeMembers: approving without memberCount + 1 is refused',
    APPROVE,
    ADA,
    bobRequested,
    replacing(approveMemberBatch(), TRIBE, undefined),
  ),
  denied(
    'tribeMembers: approving counts the approved member, not another',
    APPROVE,
    ADA,
    bobRequested,
    approveMemberBatch({}, { countedMemberId: ADA }),
  ),
  denied(
    'tribeMembers: the owner cannot rename the member while approving',
    APPROVE,
    ADA,
    bobRequested,
    approveMemberBatch({ displayName: 'Robert' }),
  ),
  denied(
    'tribeMembers: the owner cannot make the member an owner',
    APPROVE,
    ADA,
    bobRequested,
    approveMemberBatch({ role: 'owner' }),
  ),
  denied(
    'tribeMembers: approving with a client’s joinedAt number is refused',
    APPROVE,
    ADA,
    bobRequested,
    approveMemberBatch({ joinedAt: CLIENT_MS }),
  ),
  denied(
    'tribeMembers: approving with a client’s ISO joinedAt is refused',
    APPROVE,
    ADA,
    bobRequested,
    approveMemberBatch({ joinedAt: NOW_ISO }),
  ),
  allowed(DECLINE, ADA, bobRequested, [{ path: memberPath(BOB), after: null }]),
  denied(
    'tribeMembers: another member cannot decline a request',
    DECLINE,
    CY,
    { ...bobRequested, [memberPath(CY)]: membership(CY) },
    [{ path: memberPath(BOB), after: null }],
  ),
  allowed('tribeMembers: a user withdraws their own pending request', BOB, bobRequested, [
    { path: memberPath(BOB), after: null },
  ]),

  // ---------- tribeMembers: leaving and removal ----------
  allowed(LEAVE, BOB, bobInTribe, leaveBatch(bobInTribe, BOB)),
  denied('tribeMembers: leaving without memberCount - 1 is refused', LEAVE, BOB, bobInTribe, [
    { path: memberPath(BOB), after: null },
  ]),
  denied(
    'tribeMembers: leaving counts the leaving membership, not another',
    LEAVE,
    BOB,
    bobAndCyInTribe,
    leaveBatch(bobAndCyInTribe, BOB, { countedMemberId: CY }),
  ),
  denied(
    'tribeMembers: the owner cannot leave while other members remain',
    LEAVE,
    ADA,
    bobInTribe,
    leaveBatch(bobInTribe, ADA),
  ),
  allowed('tribeMembers: the owner leaves as the last member', ADA, adaTribe, leaveBatch(adaTribe, ADA)),
  allowed(REMOVE, ADA, bobInTribe, leaveBatch(bobInTribe, BOB)),
  denied(
    'tribeMembers: a member cannot remove another member',
    REMOVE,
    CY,
    bobAndCyInTribe,
    leaveBatch(bobAndCyInTribe, BOB),
  ),

  // ---------- tribeMembers: the member's own edits ----------
  allowed(REFRESH, BOB, { ...bobInTribe, [user(BOB)]: with_(bob, { displayName: 'Robert' }) }, [
    { path: memberPath(BOB), after: membership(BOB, { displayName: 'Robert' }) },
  ]),
  denied('tribeMembers: a member takes no other name than their profile’s', REFRESH, BOB, bobInTribe, [
    { path: memberPath(BOB), after: membership(BOB, { displayName: 'Robert' }) },
  ]),
  denied('tribeMembers: a member never changes their own role', REFRESH, BOB, bobInTribe, [
    { path: memberPath(BOB), after: membership(BOB, { role: 'owner' }) },
  ]),
  denied(
    'tribeMembers: a 51-character member name is refused',
    REFRESH,
    BOB,
    { ...bobInTribe, [user(BOB)]: with_(bob, { displayName: 'x'.repeat(51) }) },
    [{ path: memberPath(BOB), after: membership(BOB, { displayName: 'x'.repeat(51) }) }],
  ),
  allowed(LAST_POST, BOB, bobInTribe, [{ path: memberPath(BOB), after: membership(BOB, { lastPostAt: SERVER_TIME }) }]),
  denied('tribeMembers: lastPostAt as a client’s ISO string is refused', LAST_POST, BOB, bobInTribe, [
    { path: memberPath(BOB), after: membership(BOB, { lastPostAt: NOW_ISO }) },
  ]),
  denied('tribeMembers: lastPostAt as a client number is refused', LAST_POST, BOB, bobInTribe, [
    { path: memberPath(BOB), after: membership(BOB, { lastPostAt: CLIENT_MS }) },
  ]),
  denied('tribeMembers: lastPostAt longer than 30 characters is refused', LAST_POST, BOB, bobInTribe, [
    { path: memberPath(BOB), after: membership(BOB, { lastPostAt: `${NOW_ISO}${'0'.repeat(10)}` }) },
  ]),

  // ---------- posts ----------
  allowed(POST_IT, BOB, bobInTribe, postBatch(bobInTribe, BOB)),
  badPost('posts: not in someone else’s name', postBatch(bobInTribe, BOB, { authorId: ADA })),
  denied('posts: a non-member’s post is refused', POST_IT, CY, bobInTribe, postBatch(bobInTribe, CY)),
  denied('posts: a pending member cannot post yet', POST_IT, BOB, bobRequested, postBatch(bobRequested, BOB)),
  badPost('posts: a 5,001-character body is refused', postBatch(bobInTribe, BOB, { body: 'x'.repeat(5001) })),
  badPost('posts: a blank body is refused', postBatch(bobInTribe, BOB, { body: '   ' })),
  badPost('posts: a body that is a map is refused', postBatch(bobInTribe, BOB, { body: { text: 'Hello' } })),
  badPost('posts: a post has only the known fields', postBatch(bobInTribe, BOB, { pinned: true })),
  badPost('posts: a postId other than the document’s is refused', postBatch(bobInTribe, BOB, { postId: 'p2' })),
  badPost('posts: a client’s createdAt number is refused', postBatch(bobInTribe, BOB, { createdAt: CLIENT_MS })),
  badPost(
    'posts: createdAt as an ISO string is refused (the server sets it)',
    postBatch(bobInTribe, BOB, { createdAt: NOW_ISO }),
  ),
  badPost(
    'posts: an author name that is not the author’s profile’s is refused',
    postBatch(bobInTribe, BOB, { authorName: 'Ada' }),
  ),
  badPost(
    'posts: an author photo that is not the author’s profile’s is refused',
    postBatch(bobInTribe, BOB, { authorPhoto: 'https://evil.example/a.png' }),
  ),
  badPost(
    'posts: without the tribe’s postCount + 1 it is refused',
    replacing(postBatch(bobInTribe, BOB), TRIBE, undefined),
  ),
  badPost(
    'posts: without the author’s postCount + 1 it is refused',
    replacing(postBatch(bobInTribe, BOB), user(BOB), undefined),
  ),
  badPost('posts: postCount + 2 is refused', postBatch(bobInTribe, BOB, {}, { postCount: 2 })),
  badPost('posts: the tribe must name the post it counts', postBatch(bobInTribe, BOB, {}, { countedPostId: 'p9' })),
  badPost('posts: two posts counted once are refused', [
    ...postBatch(bobInTribe, BOB),
    { path: 'posts/p2', after: postDoc(BOB, { postId: 'p2' }) },
  ]),
  badPost(
    'posts: the activity time is the server’s, not a client number',
    postBatch(bobInTribe, BOB, {}, { lastActivityAt: CLIENT_MS }),
  ),
  // Two members post at once: the later commit may carry the earlier time, which is still the time of its write.
  allowed(POST_AFTER_LATER, BOB, bobActiveLater, postBatch(bobActiveLater, BOB)),
  denied(
    'posts: a post cannot move the tribe’s activity back to another time',
    POST_AFTER_LATER,
    BOB,
    bobActiveLater,
    postBatch(bobActiveLater, BOB, {}, { lastActivityAt: NOW - 1 }),
  ),
  denied(
    'posts: a post in a tribe that does not exist is refused',
    POST_IT,
    BOB,
    { ...bobInTribe, [TRIBE]: tribeDoc({ memberCount: 2, countedMemberId: BOB }) },
    replacing(postBatch(bobInTribe, BOB, { tribeId: 't9' }), TRIBE, undefined),
  ),
  badPost(
    'tribes: a member cannot raise postCount without a post',
    replacing(postBatch(bobInTribe, BOB), POST, undefined),
  ),
  denied('tribes: an outsider cannot touch the activity time', POST_IT, CY, bobInTribe, [
    { path: TRIBE, after: tribeDoc({ memberCount: 2, countedMemberId: BOB, lastActivityAt: SERVER_TIME }) },
  ]),
  {
    ...allowed('posts: a scratch post outside any tribe follows the plain author rule', ADA, {}, [
      { path: 'posts/scratch', after: { authorId: ADA, value: 1 } },
    ]),
    only: {
      runner: 'policy',
      reason:
        "the local store's own tests use posts without a tribe as scratch documents; firestore.rules require a tribe for every post",
    },
  },
  allowed(DELETE_POST, BOB, bobPosted, deletePostBatch()),
  denied('posts: a tribe post is never edited, even by its author', DELETE_POST, BOB, bobPosted, [
    { path: POST, after: postDoc(BOB, { createdAt: EARLIER, body: 'Edited' }) },
  ]),
  denied('posts: nobody deletes another member’s post', DELETE_POST, CY, bobPosted, [
    { path: POST, after: null },
    { path: TRIBE, after: tribeDoc({ memberCount: 2, postCount: 0, countedMemberId: BOB, countedPostId: 'p1' }) },
  ]),
  denied(
    'posts: deleting without the tribe’s postCount - 1 is refused',
    DELETE_POST,
    BOB,
    bobPosted,
    replacing(deletePostBatch(), TRIBE, undefined),
  ),
  // The author's postCount names one post (lastPostId), as each tribe's does (countedPostId).
  denied(
    'posts: two posts deleted in one write take the author’s postCount down by two, not one',
    DELETE_POST,
    BOB,
    bobPostedTwice,
    deleteBothPostsBatch(),
  ),
  denied(
    'posts: deleting without the author’s postCount - 1 is refused',
    DELETE_POST,
    BOB,
    bobPosted,
    replacing(deletePostBatch(), user(BOB), undefined),
  ),
  denied(
    'tribes: postCount - 1 for a post that stays is refused',
    DELETE_POST,
    BOB,
    bobPosted,
    deletePostBatch().filter((write) => write.path !== POST && write.path !== REMOVED_POST),
  ),
  denied(
    'posts: a delete that leaves no removal mark is refused',
    DELETE_POST,
    BOB,
    bobPosted,
    replacing(deletePostBatch(), REMOVED_POST, undefined),
  ),
  denied(
    'removedPosts: no mark for a post that stays',
    DELETE_POST,
    BOB,
    bobPosted,
    deletePostBatch().filter((write) => write.path === REMOVED_POST),
  ),
  denied(
    'removedPosts: a mark at a client’s time is refused',
    DELETE_POST,
    BOB,
    bobPosted,
    replacing(deletePostBatch(), REMOVED_POST, { removedAt: CLIENT_MS }),
  ),
  denied(
    'removedPosts: a mark carries nothing but removedAt',
    DELETE_POST,
    BOB,
    bobPosted,
    replacing(deletePostBatch(), REMOVED_POST, { ...removalMark, postId: 'p1' }),
  ),
  denied(
    'removedPosts: a mark is never taken away (the id would be free again)',
    DELETE_POST,
    BOB,
    { ...bobInTribe, [REMOVED_POST]: { removedAt: EARLIER } },
    [{ path: REMOVED_POST, after: null }],
  ),
  denied(
    'posts: a deleted post’s id is never used again',
    POST_IT,
    BOB,
    { ...bobInTribe, [REMOVED_POST]: { removedAt: EARLIER } },
    postBatch(bobInTribe, BOB),
  ),
];

const projectCases: RuleCase[] = [
  // ---------- projects: creation ----------
  allowed(CREATE_PROJECT, ADA, strangers, [{ path: PROJECT, after: newProject() }]),
  denied('projects: not in someone else’s name', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ ownerId: BOB, memberIds: [BOB], members: [projectMember(BOB)] }) },
  ]),
  denied('projects: created listing another member is refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject(withBob) },
  ]),
  denied('projects: eleven required skills are refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ requiredSkills: Array.from({ length: 11 }, (_, i) => `skill${i}`) }) },
  ]),
  allowed('projects: created with one required skill', ADA, strangers, [
    { path: PROJECT, after: newProject({ requiredSkills: ['Rust'] }) },
  ]),
  allowed(
    'projects: created with ten required skills of 30 characters, and an owner of 20 skills',
    ADA,
    adaWithSkills(20),
    [
      {
        path: PROJECT,
        after: newProject({
          requiredSkills: thirtyCharacterStrings(10),
          members: [projectMember(ADA, { skills: thirtyCharacterStrings(20, 'a') })],
        }),
      },
    ],
  ),
  denied('projects: a project without required skills is refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ requiredSkills: [] }) },
  ]),
  denied('projects: a required skill hiding a newline passes no length check', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ requiredSkills: ['React', HIDDEN_NEWLINE] }) },
  ]),
  denied('projects: required skills that are numbers are refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ requiredSkills: [1, '1'] }) },
  ]),
  denied('projects: a required skill twice is refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ requiredSkills: ['React', 'React'] }) },
  ]),
  denied('projects: the owner’s team entry carries every field', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ members: [{ id: ADA, displayName: 'Ada', skills: [] }] }) },
  ]),
  denied('projects: created with a client’s ISO createdAt is refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ createdAt: NOW_ISO }) },
  ]),
  denied('projects: a non-https repository URL is refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ repositoryUrl: 'javascript:alert(1)' }) },
  ]),
  denied('projects: a client’s createdAt number is refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ createdAt: CLIENT_MS }) },
  ]),
  denied('projects: an ownerName that is not the owner’s profile’s is refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ ownerName: 'Linus' }) },
  ]),
  denied('projects: the owner’s team entry is their profile’s', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ members: [projectMember(ADA, { skills: ['Rust'] })] }) },
  ]),
  denied('projects: commitment as a string is refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ commitment: '5' }) },
  ]),
  denied('projects: a title that is a map is refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ title: { en: 'DevTribe' } }) },
  ]),
  denied('projects: unknown fields are refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: newProject({ featured: true }) },
  ]),
  denied('projects: a project without a repositoryUrl field is refused', CREATE_PROJECT, ADA, strangers, [
    { path: PROJECT, after: (({ repositoryUrl: _omitted, ...rest }) => rest)(newProject()) },
  ]),
  denied('projects: an id outside the id pattern is refused', CREATE_PROJECT, ADA, strangers, [
    { path: 'projects/pr 1', after: newProject() },
  ]),

  // ---------- projects: the owner's edits ----------
  allowed(EDIT_PROJECT, ADA, adaProject, [
    { path: PROJECT, after: projectDoc({ description: 'Now in progress', status: 'inProgress' }) },
  ]),
  denied('projects: a 2-character title is refused', EDIT_PROJECT, ADA, adaProject, [
    { path: PROJECT, after: projectDoc({ title: 'DT' }) },
  ]),
  denied('projects: only the owner edits', EDIT_PROJECT, BOB, adaProject, [
    { path: PROJECT, after: projectDoc({ title: 'Mine now' }) },
  ]),
  denied(
    "projects: editing a project's ownerId is refused",
    EDIT_PROJECT,
    ADA,
    { ...adaProject, [PROJECT]: projectDoc(withBob) },
    [{ path: PROJECT, after: projectDoc({ ...withBob, ownerId: BOB, ownerName: 'Bob' }) }],
  ),
  denied('projects: createdAt never changes', EDIT_PROJECT, ADA, adaProject, [
    { path: PROJECT, after: projectDoc({ createdAt: SERVER_TIME }) },
  ]),
  denied('projects: the owner takes no other ownerName than their profile’s', EDIT_PROJECT, ADA, adaProject, [
    { path: PROJECT, after: projectDoc({ ownerName: 'Linus' }) },
  ]),
  denied('projects: the owner cannot slip a newline into a required skill', EDIT_PROJECT, ADA, adaProject, [
    { path: PROJECT, after: projectDoc({ description: 'Now in progress', requiredSkills: [HIDDEN_NEWLINE] }) },
  ]),
  denied('projects: the owner cannot add fields', EDIT_PROJECT, ADA, adaProject, [
    { path: PROJECT, after: projectDoc({ description: 'Now in progress', featured: true }) },
  ]),
  denied(
    'projects: the owner cannot rewrite a team entry',
    EDIT_PROJECT,
    ADA,
    { ...adaProject, [PROJECT]: projectDoc(withBob) },
    [
      {
        path: PROJECT,
        after: projectDoc({ ...withBob, members: [projectMember(ADA), projectMember(BOB, { displayName: 'Bobby' })] }),
      },
    ],
  ),
  denied(
    'projects: the owner cannot drop a member',
    EDIT_PROJECT,
    ADA,
    { ...adaProject, [PROJECT]: projectDoc(withBob) },
    [{ path: PROJECT, after: projectDoc() }],
  ),
  allowed(
    'projects: the owner refreshes ownerName from their renamed profile',
    ADA,
    { ...adaProject, [user(ADA)]: with_(ada, { displayName: 'Ada L.' }) },
    [{ path: PROJECT, after: projectDoc({ ownerName: 'Ada L.' }) }],
  ),
  allowed(DELETE_PROJECT, ADA, adaProject, [{ path: PROJECT, after: null }]),
  denied('projects: nobody else deletes a project', DELETE_PROJECT, BOB, adaProject, [{ path: PROJECT, after: null }]),

  // ---------- projects: team growth, only by approved requests ----------
  allowed(APPROVE_APPLICANT, ADA, bobApplied, approveBatch()),
  denied(
    'projects: a member is not added without their request approved',
    APPROVE_APPLICANT,
    ADA,
    bobApplied,
    approveBatch().slice(0, 1),
  ),
  denied(
    'projects: a member who never asked cannot be added',
    APPROVE_APPLICANT,
    ADA,
    adaProject,
    approveBatch().slice(0, 1),
  ),
  denied(
    'projects: a request declined earlier cannot be turned into membership',
    APPROVE_APPLICANT,
    ADA,
    { ...adaProject, [applicationPath(BOB)]: applicationDoc(BOB, { status: 'declined', decidedAt: EARLIER }) },
    approveBatch(),
  ),
  denied(
    'projects: the new member’s entry is their profile’s',
    APPROVE_APPLICANT,
    ADA,
    bobApplied,
    approveBatch({ members: [projectMember(ADA), projectMember(BOB, { displayName: 'Robert' })] }),
  ),
  denied('projects: two members added at once are refused', APPROVE_APPLICANT, ADA, bothApplied, [
    {
      path: PROJECT,
      after: projectDoc({
        memberIds: [ADA, BOB, CY],
        members: [projectMember(ADA), projectMember(BOB), projectMember(CY)],
      }),
    },
    { path: applicationPath(BOB), after: decided(BOB, 'approved') },
    { path: applicationPath(CY), after: decided(CY, 'approved') },
  ]),
  denied(
    'projects: members and memberIds stay the same size',
    APPROVE_APPLICANT,
    ADA,
    bobApplied,
    approveBatch({ members: [projectMember(ADA)] }),
  ),
  denied(
    'projects: approving cannot rewrite an earlier team entry',
    APPROVE_APPLICANT,
    ADA,
    bobApplied,
    approveBatch({ members: [projectMember(ADA, { displayName: 'Ada the Great' }), projectMember(BOB)] }),
  ),
  denied(
    'projects: approving cannot reorder the team',
    APPROVE_APPLICANT,
    ADA,
    bobApplied,
    approveBatch({ memberIds: [BOB, ADA], members: [projectMember(BOB), projectMember(ADA)] }),
  ),
  denied(
    'projects: a member already on the team is not added twice',
    APPROVE_APPLICANT,
    ADA,
    { ...bobApplied, [PROJECT]: projectDoc(withBob) },
    approveBatch({ memberIds: [ADA, BOB, BOB], members: [projectMember(ADA), projectMember(BOB), projectMember(BOB)] }),
  ),
  denied(
    'projects: approving with a client’s ISO decidedAt is refused',
    APPROVE_APPLICANT,
    ADA,
    bobApplied,
    approveBatch({}, { decidedAt: NOW_ISO }),
  ),
  ((hidden) =>
    denied(
      'projects: a new member whose profile skills hide a newline is refused',
      APPROVE_APPLICANT,
      ADA,
      hidden.before,
      hidden.writes,
    ))(approveAt(1, 0, [HIDDEN_NEWLINE])),
  ...teamSizeCases(),
  denied(
    'projects: approving with a client’s decidedAt number is refused',
    APPROVE_APPLICANT,
    ADA,
    bobApplied,
    approveBatch({}, { decidedAt: CLIENT_MS }),
  ),
  denied(
    'projects: a decision notice answers a decision made in the same write',
    APPROVE_APPLICANT,
    ADA,
    {
      ...bobApplied,
      [PROJECT]: projectDoc(withBob),
      [applicationPath(BOB)]: applicationDoc(BOB, { status: 'approved', decidedAt: EARLIER }),
    },
    [notified('projectApplicationApproved')],
  ),
  allowed(DECLINE_APPLICANT, ADA, bobApplied, declineBatch()),
  denied('projects: nobody else sends a project decision to a user', DECLINE_APPLICANT, CY, bobApplied, [
    notified('projectApplicationDeclined', CY),
  ]),
  denied('projects: a decision notice with a client-made time format is refused', DECLINE_APPLICANT, ADA, bobApplied, [
    declineBatch()[0]!,
    { path: inboxPath(BOB), after: notifiedInbox(ADA, BOB, 'projectApplicationDeclined', { createdAt: NOW_ISO }) },
  ]),

  // ---------- projectApplications ----------
  allowed(APPLY, BOB, adaProject, [{ path: applicationPath(BOB), after: newApplication(BOB) }]),
  allowed(
    'projectApplications: asking again after a decline starts a new request',
    BOB,
    { ...adaProject, [applicationPath(BOB)]: applicationDoc(BOB, { status: 'declined', decidedAt: EARLIER }) },
    [{ path: applicationPath(BOB), after: newApplication(BOB) }],
  ),
  denied('projectApplications: nobody applies in a third user’s name', APPLY, BOB, adaProject, [
    { path: applicationPath(CY), after: newApplication(CY) },
  ]),
  denied('projectApplications: nobody asks to join their own project', APPLY, ADA, adaProject, [
    { path: applicationPath(ADA), after: newApplication(ADA) },
  ]),
  denied(
    'projectApplications: a project that is not recruiting takes no requests',
    APPLY,
    BOB,
    { ...adaProject, [PROJECT]: projectDoc({ status: 'completed' }) },
    [{ path: applicationPath(BOB), after: newApplication(BOB) }],
  ),
  denied('projectApplications: a member asks no more', APPLY, BOB, { ...adaProject, [PROJECT]: projectDoc(withBob) }, [
    { path: applicationPath(BOB), after: newApplication(BOB) },
  ]),
  denied('projectApplications: a second pending request is refused', APPLY, BOB, bobApplied, [
    { path: applicationPath(BOB), after: newApplication(BOB) },
  ]),
  denied('projectApplications: a 501-character note is refused', APPLY, BOB, adaProject, [
    { path: applicationPath(BOB), after: newApplication(BOB, { note: 'x'.repeat(501) }) },
  ]),
  denied('projectApplications: a note that is a list is refused', APPLY, BOB, adaProject, [
    { path: applicationPath(BOB), after: newApplication(BOB, { note: ['hi'] }) },
  ]),
  denied('projectApplications: a request cannot start approved', APPLY, BOB, adaProject, [
    { path: applicationPath(BOB), after: newApplication(BOB, { status: 'approved', decidedAt: SERVER_TIME }) },
  ]),
  denied('projectApplications: a client’s createdAt number is refused', APPLY, BOB, adaProject, [
    { path: applicationPath(BOB), after: newApplication(BOB, { createdAt: CLIENT_MS }) },
  ]),
  denied('projectApplications: a client’s ISO createdAt is refused', APPLY, BOB, adaProject, [
    { path: applicationPath(BOB), after: newApplication(BOB, { createdAt: NOW_ISO }) },
  ]),
  denied(
    'projectApplications: an applicant name that is not the applicant’s profile’s is refused',
    APPLY,
    BOB,
    adaProject,
    [{ path: applicationPath(BOB), after: newApplication(BOB, { applicantName: 'Ada' }) }],
  ),
  denied(
    'projectApplications: an applicant photo that is not the applicant’s profile’s is refused',
    APPLY,
    BOB,
    adaProject,
    [{ path: applicationPath(BOB), after: newApplication(BOB, { applicantPhoto: 'https://evil.example/a.png' }) }],
  ),
  denied('projectApplications: an ownerId other than the project’s is refused', APPLY, BOB, adaProject, [
    { path: applicationPath(BOB), after: newApplication(BOB, { ownerId: CY }) },
  ]),
  denied('projectApplications: unknown fields are refused', APPLY, BOB, adaProject, [
    { path: applicationPath(BOB), after: newApplication(BOB, { priority: 1 }) },
  ]),
  allowed(WITHDRAW, BOB, bobApplied, [{ path: applicationPath(BOB), after: decided(BOB, 'withdrawn') }]),
  denied('projectApplications: withdrawing with a client’s decidedAt number is refused', WITHDRAW, BOB, bobApplied, [
    { path: applicationPath(BOB), after: decided(BOB, 'withdrawn', { decidedAt: CLIENT_MS }) },
  ]),
  denied('projectApplications: withdrawing with a client’s ISO decidedAt is refused', WITHDRAW, BOB, bobApplied, [
    { path: applicationPath(BOB), after: decided(BOB, 'withdrawn', { decidedAt: NOW_ISO }) },
  ]),
  denied('projectApplications: an applicant cannot approve themself', WITHDRAW, BOB, bobApplied, [
    { path: applicationPath(BOB), after: decided(BOB, 'approved') },
  ]),
  denied('projectApplications: requests are never deleted', WITHDRAW, BOB, bobApplied, [
    { path: applicationPath(BOB), after: null },
  ]),
  // A project re-created under a deleted one's id (here: the request names Cy, pr1's owner before)
  // does not inherit its requests.
  denied(
    'projectApplications: the owner answers only requests made to them',
    APPROVE_APPLICANT,
    ADA,
    { ...bobApplied, [applicationPath(BOB)]: applicationDoc(BOB, { ownerId: CY }) },
    approveBatch({}, { ownerId: CY }),
  ),
  denied(
    'projectApplications: nor declines them',
    DECLINE_APPLICANT,
    ADA,
    { ...bobApplied, [applicationPath(BOB)]: applicationDoc(BOB, { ownerId: CY }) },
    declineBatch({ ownerId: CY }),
  ),
  denied('projectApplications: a non-owner cannot approve a request', APPROVE_APPLICANT, CY, bobApplied, [
    { path: applicationPath(BOB), after: decided(BOB, 'approved') },
  ]),
  denied(
    'projectApplications: the owner cannot approve without adding the member',
    APPROVE_APPLICANT,
    ADA,
    bobApplied,
    approveBatch().slice(1),
  ),
  denied(
    'projectApplications: the owner cannot rewrite the note while deciding',
    DECLINE_APPLICANT,
    ADA,
    bobApplied,
    declineBatch({ note: 'edited' }),
  ),
];

// ---------- reads: gets, and list queries of at most 50 ----------

const readState: State = { ...bobPosted, ...bobApplied, [NAME_CLAIM]: { tribeId: 't1', ownerId: ADA } };
const removal: State = {
  [`pendingFriendRemovals/${ADA}_${BOB}`]: {
    initiatorId: ADA,
    targetId: BOB,
    timestamp: NOW,
    attempts: 0,
    lastAttempt: null,
    createdAt: NOW_ISO,
  },
};
const tribesQuery = (limit?: number): QuerySpec => ({
  collection: 'tribes',
  orderBy: [{ field: 'lastActivityAt', direction: 'desc' }],
  ...(limit === undefined ? {} : { limit }),
});
/** A page of t1's memberships of one status (tribesApi.ts membersQuery), or of any status (null). */
const membersOf = (status: 'active' | 'pending' | null, limit?: number): QuerySpec => ({
  collection: 'tribeMembers',
  where: [
    { field: 'tribeId', op: '==', value: 't1' },
    ...(status === null ? [] : [{ field: 'status', op: '==', value: status } as const]),
  ],
  ...(limit === undefined ? {} : { limit }),
});
const membersQuery = (limit?: number): QuerySpec => membersOf('active', limit);
/** `uid`'s memberships (tribesApi.ts memberTribesQuery asks for the active ones). */
const memberTribes = (uid: string, status: 'active' | null): QuerySpec => ({
  collection: 'tribeMembers',
  where: [
    { field: 'uid', op: '==', value: uid },
    ...(status === null ? [] : [{ field: 'status', op: '==', value: status } as const]),
  ],
  limit: 50,
});
const asModerator = (ruleCase: RuleCase): RuleCase => ({ ...ruleCase, moderator: true });
const feedQuery = (limit: number): QuerySpec => ({
  collection: 'posts',
  where: [{ field: 'tribeId', op: '==', value: 't1' }],
  orderBy: [
    { field: 'createdAt', direction: 'desc' },
    { field: 'postId', direction: 'desc' },
  ],
  limit,
});
const usersQuery = (limit?: number): QuerySpec => ({ collection: 'users', ...(limit === undefined ? {} : { limit }) });
const ownerRequests = (ownerId: string, limit?: number): QuerySpec => ({
  collection: 'projectApplications',
  where: [
    { field: 'ownerId', op: '==', value: ownerId },
    { field: 'status', op: '==', value: 'pending' },
  ],
  ...(limit === undefined ? {} : { limit }),
});

const readCases: RuleCase[] = [
  readAllowed(READ_TRIBE, CY, readState, get(TRIBE)),
  readDenied('reads: signed-out visitors read no tribe', READ_TRIBE, null, readState, get(TRIBE)),
  readDenied('reads: tribe name claims are never read', READ_TRIBE, ADA, readState, get(NAME_CLAIM)),
  readAllowed(TRIBES_PAGE, CY, readState, query(tribesQuery(50))),
  readDenied('reads: the tribe directory without a limit is refused', TRIBES_PAGE, CY, readState, query(tribesQuery())),
  readDenied('reads: the tribe directory 51 at a time is refused', TRIBES_PAGE, CY, readState, query(tribesQuery(51))),
  readDenied('reads: signed-out visitors list no tribes', TRIBES_PAGE, null, readState, query(tribesQuery(50))),
  readAllowed(READ_MEMBERSHIP, CY, readState, get(memberPath(BOB))),
  readDenied('reads: signed-out visitors read no membership', READ_MEMBERSHIP, null, readState, get(memberPath(BOB))),
  readAllowed(MEMBERS_PAGE, CY, readState, query(membersQuery(50))),
  readDenied(
    'reads: a tribe’s members without a limit are refused',
    MEMBERS_PAGE,
    CY,
    readState,
    query(membersQuery()),
  ),
  readDenied(
    'reads: a tribe’s members 200 at a time are refused',
    MEMBERS_PAGE,
    CY,
    readState,
    query(membersQuery(200)),
  ),
  // pending memberships (join requests) are private to the requester, the owner and moderators
  readAllowed(OWNER_LISTS_REQUESTS, ADA, bobRequested, query(membersOf('pending', 50))),
  readAllowed('reads: the tribe owner gets a pending join request', ADA, bobRequested, get(memberPath(BOB))),
  readAllowed(REQUESTER_GETS_OWN, BOB, bobRequested, get(memberPath(BOB))),
  readAllowed(REQUESTER_LISTS_OWN, BOB, bobRequested, query(memberTribes(BOB, null))),
  readAllowed(ACTIVE_OF_USER, CY, bobRequested, query(memberTribes(BOB, 'active'))),
  readAllowed(
    'reads: a signed-in user lists a tribe with pending requests’ active members',
    CY,
    bobRequested,
    query(membersQuery(50)),
  ),
  asModerator(
    readAllowed(
      'reads: a moderator lists a tribe’s pending join requests',
      CY,
      bobRequested,
      query(membersOf('pending', 50)),
    ),
  ),
  asModerator(readAllowed('reads: a moderator gets a pending join request', CY, bobRequested, get(memberPath(BOB)))),
  readAllowed(OWN_MISSING_MEMBERSHIP, CY, bobRequested, get(memberPath(CY))),
  readAllowed(
    'reads: the tribe owner asks whether someone asked to join, and they have not',
    ADA,
    bobRequested,
    get(memberPath(CY)),
  ),
  readDenied(
    'private data: a stranger cannot get someone’s pending join request',
    REQUESTER_GETS_OWN,
    CY,
    bobRequested,
    get(memberPath(BOB)),
  ),
  readDenied(
    'private data: a stranger cannot list a tribe’s pending join requests',
    OWNER_LISTS_REQUESTS,
    CY,
    bobRequested,
    query(membersOf('pending', 50)),
  ),
  readDenied(
    'private data: a stranger cannot list a tribe’s memberships without status == active',
    OWNER_LISTS_REQUESTS,
    CY,
    bobRequested,
    query(membersOf(null, 50)),
  ),
  readDenied(
    'private data: a stranger cannot learn whether someone asked to join a tribe',
    OWN_MISSING_MEMBERSHIP,
    BOB,
    bobRequested,
    get(memberPath(CY)),
  ),
  readDenied(
    'private data: a stranger cannot query someone’s memberships without status == active',
    ACTIVE_OF_USER,
    CY,
    bobRequested,
    query(memberTribes(BOB, null)),
  ),
  readDenied(
    'private data: signed-out visitors read no join request',
    REQUESTER_GETS_OWN,
    null,
    bobRequested,
    get(memberPath(BOB)),
  ),
  readAllowed(READ_POST, CY, readState, get(POST)),
  readDenied('reads: signed-out visitors read no post', READ_POST, null, readState, get(POST)),
  readAllowed(FEED_PAGE, CY, readState, query(feedQuery(20))),
  readDenied('reads: the feed 100 posts at a time is refused', FEED_PAGE, CY, readState, query(feedQuery(100))),
  readAllowed(READ_PROFILE, CY, readState, get(user(ADA))),
  readDenied('reads: signed-out visitors read no profile', READ_PROFILE, null, readState, get(user(ADA))),
  readAllowed(USERS_PAGE, CY, readState, query(usersQuery(50))),
  readDenied('reads: the people directory without a limit is refused', USERS_PAGE, CY, readState, query(usersQuery())),
  readDenied('reads: the people directory 500 at a time is refused', USERS_PAGE, CY, readState, query(usersQuery(500))),
  readAllowed(READ_PROJECT, CY, readState, get(PROJECT)),
  readDenied('reads: signed-out visitors read no project', READ_PROJECT, null, readState, get(PROJECT)),
  readAllowed(
    PROJECTS_PAGE,
    CY,
    readState,
    query({ collection: 'projects', orderBy: [{ field: 'createdAt', direction: 'desc' }], limit: 50 }),
  ),
  readDenied(
    'reads: the project list 200 at a time is refused',
    PROJECTS_PAGE,
    CY,
    readState,
    query({ collection: 'projects', orderBy: [{ field: 'createdAt', direction: 'desc' }], limit: 200 }),
  ),
  readAllowed('reads: the applicant reads their own request', BOB, readState, get(applicationPath(BOB))),
  readAllowed(OWNER_READS_REQUEST, ADA, readState, get(applicationPath(BOB))),
  readDenied(
    'reads: a third user cannot read someone’s request',
    OWNER_READS_REQUEST,
    CY,
    readState,
    get(applicationPath(BOB)),
  ),
  readAllowed(OWN_MISSING_REQUEST, CY, readState, get(applicationPath(CY))),
  readDenied(
    'reads: nobody learns whether someone else asked to join a project',
    OWN_MISSING_REQUEST,
    BOB,
    readState,
    get(applicationPath(CY)),
  ),
  readDenied(
    'reads: not even the project owner probes a request that does not exist',
    OWNER_READS_REQUEST,
    ADA,
    readState,
    get(applicationPath(CY)),
  ),
  readAllowed(OWNER_QUERY, ADA, readState, query(ownerRequests(ADA, 50))),
  readDenied(
    'reads: nobody queries another owner’s requests',
    OWNER_QUERY,
    CY,
    readState,
    query(ownerRequests(ADA, 50)),
  ),
  readDenied(
    'reads: the owner’s query without a limit is refused',
    OWNER_QUERY,
    ADA,
    readState,
    query(ownerRequests(ADA)),
  ),
  readDenied(
    'reads: a query of a project’s requests must filter on its owner',
    OWNER_QUERY,
    ADA,
    readState,
    query({ collection: 'projectApplications', where: [{ field: 'projectId', op: '==', value: 'pr1' }], limit: 50 }),
  ),
  readAllowed(
    APPLICANT_QUERY,
    BOB,
    readState,
    query({ collection: 'projectApplications', where: [{ field: 'applicantId', op: '==', value: BOB }], limit: 50 }),
  ),
  readDenied(
    'reads: nobody queries another applicant’s requests',
    APPLICANT_QUERY,
    CY,
    readState,
    query({ collection: 'projectApplications', where: [{ field: 'applicantId', op: '==', value: BOB }], limit: 50 }),
  ),
  readAllowed(
    REMOVALS_QUERY,
    ADA,
    removal,
    query({ collection: 'pendingFriendRemovals', where: [{ field: 'initiatorId', op: '==', value: ADA }], limit: 50 }),
  ),
  readDenied(
    'reads: pending removals without a limit are refused',
    REMOVALS_QUERY,
    ADA,
    removal,
    query({ collection: 'pendingFriendRemovals', where: [{ field: 'initiatorId', op: '==', value: ADA }] }),
  ),
  readDenied(
    'reads: nobody lists another user’s pending removals',
    REMOVALS_QUERY,
    CY,
    removal,
    query({ collection: 'pendingFriendRemovals', where: [{ field: 'initiatorId', op: '==', value: ADA }], limit: 50 }),
  ),
  readDenied(
    'reads: a pending removal is read only by its parties',
    REMOVALS_QUERY,
    CY,
    removal,
    get(`pendingFriendRemovals/${ADA}_${BOB}`),
  ),
  readDenied('reads: any other collection is closed to reads', READ_TRIBE, ADA, readState, get('admin/settings')),
];

export const COMMUNITY_RULE_CASES: readonly RuleCase[] = [...tribeCases, ...projectCases, ...readCases];
