// Rule cases for tribes, tribeNames, tribeMembers, posts, projects and projectApplications.
import type { DocData } from '../port';
import { ADA, BOB, CY, NOW, bob, nameOf, projectNotification, strangers, user, with_ } from './ruleFixtures';
import type { RuleCase, RuleWrite } from './ruleFixtures';

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
const postBatch = (state: Record<string, DocData>, uid: string, post: DocData = postDoc(uid)): RuleWrite[] => {
  const tribe = state[TRIBE] ?? {};
  const author = state[user(uid)] ?? {};
  const member = state[memberPath(uid)];
  return [
    { path: POST, after: post },
    { path: TRIBE, after: with_(tribe, { postCount: Number(tribe.postCount) + 1, lastActivityAt: NOW + 1 }) },
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

export const COMMUNITY_RULE_CASES: readonly RuleCase[] = [
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
  { name: 'posts: a tribe post is never edited, even by its author', actor: BOB, before: bobPosted, writes: [{ path: POST, after: postDoc(BOB, { body: 'Edited' }) }], expected: 'denied' },
  { name: 'posts: the author deletes a post, both postCounts - 1', actor: BOB, before: bobPosted, writes: [{ path: POST, after: null }, { path: TRIBE, after: tribeDoc({ memberCount: 2, postCount: 0 }) }, { path: user(BOB), after: bob }], expected: 'allowed' },
  { name: 'posts: nobody deletes another member’s post', actor: CY, before: bobPosted, writes: [{ path: POST, after: null }, { path: TRIBE, after: tribeDoc({ memberCount: 2, postCount: 0 }) }], expected: 'denied' },

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

];
