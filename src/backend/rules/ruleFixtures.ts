// The people, documents and batches the rule-case tables are written with (see ruleCases.ts).
import type { DocData, QuerySpec } from '../port';

export const ADA = 'adaUid';
export const BOB = 'bobUid';
export const CY = 'cyUid';

export const emailOf = (uid: string) => `${uid.replace(/Uid$/, '')}@devtribe.test`;

export interface RuleWrite {
  /** "collection/id" */
  path: string;
  /**
   * The document's whole state after the batch; null deletes it. A later write to the same path
   * merges into the earlier one (set with merge; both runners, see applyRuleCase.ts).
   */
  after: DocData | null;
}

export interface RuleCase {
  name: string;
  /** null: signed out */
  actor: string | null;
  /** The actor's `moderator` custom claim (request.auth.token.moderator). */
  moderator?: boolean;
  /** Documents before the batch, by "collection/id". */
  before: Record<string, DocData>;
  /** The batch; empty for a read case. */
  writes: RuleWrite[];
  /** A read case: one get or one query by the actor, against `before`. */
  read?: RuleRead;
  expected: 'allowed' | 'denied';
  /**
   * A denied case names the allowed case it differs from (the same actor and state, one thing
   * changed), so each denial is shown to hinge on that one thing.
   */
  twin?: string;
  /**
   * Set on cases only firestore.rules can express (or only the local policy can), saying why:
   * the other runner skips them and prints the reason.
   */
  only?: { runner: 'rules' | 'policy'; reason: string };
}

export type RuleRead = { kind: 'get'; path: string } | { kind: 'query'; query: QuerySpec };

/**
 * A value a case writes for serverTimestamp(): the policy runner puts the commit time there
 * (RULE_CASE_TIME, what the local store writes), the rules runner serverTimestamp() (request.time).
 */
export const SERVER_TIME = '<serverTimestamp>';

export const JOINED = Date.UTC(2026, 0, 1);
export const NOW = Date.UTC(2026, 0, 15, 12);
export const NOW_ISO = new Date(NOW).toISOString();
export const REQUEST_ID = `${ADA}_${NOW}`;

export const nameOf = (uid: string) => ({ [ADA]: 'Ada', [BOB]: 'Bob', [CY]: 'Cy' })[uid] ?? uid;

/**
 * users/{uid} in the friends model (docs/friends-model.md): only profile fields and the public
 * friends map (friendId -> entry) with its count; nothing private (no email, requests, notifications).
 */
export function profile(uid: string, extra: DocData = {}): DocData {
  return {
    displayName: nameOf(uid),
    photoURL: null,
    joinDate: JOINED,
    postCount: 0,
    bio: '',
    skills: [],
    friends: {},
    friendCount: 0,
    ...extra,
  };
}

export const user = (uid: string) => `users/${uid}`;
/** inboxes/{uid}: the owner's private friends data. */
export const inboxPath = (uid: string) => `inboxes/${uid}`;
export const with_ = (base: DocData, changes: DocData): DocData => ({ ...base, ...changes });
/** A map without `key` (a deleteField() of one entry). */
export const without = (map: DocData, ...keys: string[]): DocData =>
  Object.fromEntries(Object.entries(map).filter(([key]) => !keys.includes(key)));

/** An inbox as the app leaves it: every map present (an inbox made by someone else's send may hold fewer keys). */
export const inbox = (changes: DocData = {}): DocData => ({
  friendRequests: {},
  sentFriendRequests: {},
  notifications: {},
  hasNewNotification: false,
  ...changes,
});

export const friendEntry = (uid: string): DocData => ({
  id: uid,
  displayName: nameOf(uid),
  photoURL: null,
  addedAt: NOW_ISO,
});
/** Entries already stored: createdAt is a past server time (the local store keeps ms; the rules never re-check it). */
export const incoming = (
  senderId: string,
  requestId = `${senderId}_${NOW}`,
  createdAt: DocData[string] = NOW - 60_000,
): DocData => ({
  requestId,
  senderId,
  senderName: nameOf(senderId),
  senderPhoto: null,
  status: 'pending',
  createdAt,
});
export const sentTo = (
  receiverId: string,
  requestId = REQUEST_ID,
  createdAt: DocData[string] = NOW - 60_000,
): DocData => ({
  requestId,
  receiverId,
  receiverName: nameOf(receiverId),
  receiverPhoto: null,
  status: 'pending',
  createdAt,
});
export const ACCEPTED_ID = `accepted_${REQUEST_ID}_${NOW}`;
export const acceptedNotification = (
  from: string,
  requestId = REQUEST_ID,
  createdAt: DocData[string] = NOW - 60_000,
): DocData => ({
  id: `accepted_${requestId}_${NOW}`,
  type: 'friendRequestAccepted',
  message: `${nameOf(from)} accepted your friend request`,
  senderId: from,
  senderName: nameOf(from),
  senderPhoto: null,
  read: false,
  createdAt,
});

/** The old model's decision notice on users/{uid} (communityRuleCases.ts still writes it; see friendsRuleCases.ts for inboxes). */
/** The project decision notice for project pr1 ('DevTribe'), as decide() writes it: the fixed sentence, at the server's time. */
export const projectNotification = (from: string, to: string, type: string): DocData => ({
  id: `project_pr1_${to}_${NOW}`,
  type,
  message: `${nameOf(from)} ${type === 'projectApplicationApproved' ? 'approved' : 'declined'} your request to join DevTribe`,
  senderId: from,
  senderName: nameOf(from),
  senderPhoto: null,
  read: false,
  createdAt: SERVER_TIME,
});

/** The applicant's inbox after a decision: the notice merged in under its id, the flag raised. */
export const notifiedInbox = (from: string, to: string, type: string, changes: DocData = {}): DocData => {
  const notice = { ...projectNotification(from, to, type), ...changes };
  return { notifications: { [`project_pr1_${to}_${NOW}`]: notice }, hasNewNotification: true };
};

export const RULE_CASE_TIME = NOW;
/** A time the documents were written at before the case (not this write's server time). */
export const EARLIER = NOW - 24 * 60 * 60 * 1000;
/** A client's own clock reading, written where the server's time belongs. */
export const CLIENT_MS = NOW - 60 * 1000;

export const TRIBE = 'tribes/t1';
export const POST = 'posts/p1';
export const PROJECT = 'projects/pr1';
export const memberPath = (uid: string, tribeId = 't1') => `tribeMembers/${tribeId}_${uid}`;
export const applicationPath = (uid: string) => `projectApplications/pr1_${uid}`;
export const blockPath = (blocker: string, blockedId: string) => `blocks/${blocker}_${blockedId}`;
/** blocks/{blocker}_{blockedId} as block() writes it (stored ones: createdAt a past time, per table). */
export const blockDoc = (blocker: string, blockedId: string, changes: DocData = {}): DocData => ({
  blockerId: blocker,
  blockedId,
  blockedName: nameOf(blockedId),
  createdAt: SERVER_TIME,
  ...changes,
});
/** The state holding a block stored at `createdAt`. */
export const blockAt = (blocker: string, blockedId: string, createdAt: DocData[string]): Record<string, DocData> => ({
  [blockPath(blocker, blockedId)]: blockDoc(blocker, blockedId, { createdAt }),
});

/** tribeMembers/t1_{uid} as the tables store it: active, Ada the owner, both times NOW_ISO. */
export const membership = (uid: string, changes: DocData = {}): DocData => ({
  tribeId: 't1',
  uid,
  displayName: nameOf(uid),
  photoURL: null,
  role: uid === ADA ? 'owner' : 'member',
  status: 'active',
  requestedAt: NOW_ISO,
  joinedAt: NOW_ISO,
  ...changes,
});

/** A project team entry as the member's profile has it (no photo, no skills unless given). */
export const projectMember = (uid: string, changes: DocData = {}): DocData => ({
  id: uid,
  displayName: nameOf(uid),
  photoURL: null,
  skills: [],
  ...changes,
});

/** projects/pr1 ('DevTribe'): Ada's recruiting project, Ada its only member (times per table). */
export const adaProjectDoc = (changes: DocData = {}): DocData => ({
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
  ...changes,
});

/** tribes/t1 as both tables start it: a valid open tribe of one member (times and counters per table). */
export const rustTribe = (owner: string, changes: DocData = {}): DocData => ({
  name: 'Rustaceans',
  nameKey: 'rustaceans',
  tagline: 'Systems programming, safely',
  description: 'We write Rust.',
  topics: ['rust', 'systems'],
  joinPolicy: 'open',
  ownerId: owner,
  memberCount: 1,
  postCount: 0,
  ...changes,
});

export const ada = profile(ADA);
export const bob = profile(BOB);
export const cy = profile(CY);
export const strangers = { [user(ADA)]: ada, [user(BOB)]: bob, [user(CY)]: cy };
