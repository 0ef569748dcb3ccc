// Rule cases for the friends model of docs/friends-model.md: users/{uid} (public profile fields
// and the public friends map), inboxes/{uid} (the owner's private requests, sent requests,
// notifications and rate window; only the owner reads it), pendingFriendRemovals and the
// owner-only accounts/{uid}.
//
// Every allowed batch is written as the app writes it (the doc's Writes section: field-path
// updates and set-merge, shown here as each document's whole state after the batch); every
// denied case names its allowed twin: the same actor and (nearly) the same state and batch, with
// the one hostile thing changed. Lists are maps keyed by the other person's id, so every check is
// O(1) at any size; the sizes 0, 1, 16, 17, 49 and each cap are cases below (receiver's requests
// and sender's sent requests: cap 50; friends: cap 500; notifications: cap 100).
// Decisions the doc leaves open, taken here (both runners):
// - an inbox written before it exists is judged as an update of an empty inbox ({});
// - a write changes at most 10 existing notifications (read: false -> true) and at most 10
//   existing sent entries (status pending <-> accepted), so the rules can unroll the check
//   (INBOX_CHANGES_PER_WRITE_MAX); the app marks notifications read in chunks of 10;
// - blocks (either way) stop a send and every friend added (accept, and the cleanup re-add);
// - the accepted notice is added only when the sender gains the accepter in the same batch
//   (get(users/uid).friends has no key C, getAfter has it).
// What only one runner can check is marked `only`.
import type { DocData, DocValue } from '../port';
import { allowed, denied, get, query, readAllowed, readDenied, replacing } from './ruleCaseBuilders';
import type { State } from './ruleCaseBuilders';
import {
  ACCEPTED_ID,
  ADA,
  adaProjectDoc,
  BOB,
  CY,
  NOW,
  NOW_ISO,
  REQUEST_ID,
  SERVER_TIME,
  acceptedNotification,
  blockAt,
  ada,
  bob,
  emailOf,
  friendEntry,
  inbox,
  inboxPath,
  incoming,
  profile,
  projectMember,
  sentTo,
  strangers,
  user,
  with_,
  without,
} from './ruleFixtures';
import type { RuleCase, RuleWrite } from './ruleFixtures';

const mapOf = (value: DocValue | undefined): DocData =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
/** The state without one document. */
const omit = (state: State, path: string): State =>
  Object.fromEntries(Object.entries(state).filter(([key]) => key !== path));
const sizeOf = (value: DocValue | undefined) => Object.keys(mapOf(value)).length;

/** A profile as ensureProfile creates it: joinDate the server's time, friends an empty map. */
const fresh = (uid: string, changes: DocData = {}): DocData => profile(uid, { joinDate: SERVER_TIME, ...changes });

const INBOX_A = inboxPath(ADA);
const INBOX_B = inboxPath(BOB);
const INBOX_C = inboxPath(CY);
const YEARS_AHEAD = NOW + 3 * 365 * 24 * 3_600_000;
const YEARS_AHEAD_ISO = new Date(YEARS_AHEAD).toISOString();

// ---------- big maps, keyed by the other person's id ----------

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
const keyed = (entries: DocData[], idField: string): DocData =>
  Object.fromEntries(entries.map((entry) => [entry[idField] as string, entry]));
/** `count` pending requests from u0, u1, ... */
const requestsFrom = (count: number): DocData =>
  keyed(
    ids('u', count).map((uid, i) => incoming(uid, `${uid}_${NOW - 1000 - i}`)),
    'senderId',
  );
/** `count` of Ada's pending sent requests, to r0, r1, ... */
const sentToOthers = (count: number): DocData =>
  keyed(
    ids('r', count).map((uid, i) => sentTo(uid, `${ADA}_${NOW - 1000 - i}`)),
    'receiverId',
  );
/** `count` friends f0, f1, ... */
const friendsOf = (count: number): DocData =>
  keyed(
    ids('f', count).map((uid) => friendEntry(uid)),
    'id',
  );
/** `count` notifications, accepted requests of n0, n1, ... */
const notificationsOf = (count: number): DocData =>
  keyed(
    ids('n', count).map((uid, i) => acceptedNotification(uid, `${ADA}_${NOW - 1000 - i}`)),
    'id',
  );
const withFriends = (base: DocData, friends: DocData) => with_(base, { friends, friendCount: sizeOf(friends) });

// ---------- states ----------

/** Three strangers, each with an empty inbox. */
const S0: State = { ...strangers, [INBOX_A]: inbox(), [INBOX_B]: inbox(), [INBOX_C]: inbox() };
/** Ada's rate window: started `ago` ms before the case, `count` requests in it. */
const rateWindow = (ago: number, count: number): DocData => ({
  requestWindowStart: NOW - ago,
  requestWindowCount: count,
});
/** S0 with Ada's inbox holding that window. */
const inWindow = (ago: number, count: number): State => ({ ...S0, [INBOX_A]: inbox(rateWindow(ago, count)) });

/** Ada has asked Bob (REQUEST_ID): her sent entry, his incoming one. */
const adaAsking = inbox({
  sentFriendRequests: { [BOB]: sentTo(BOB) },
  requestWindowStart: NOW - 60_000,
  requestWindowCount: 1,
});
const bobAsked = inbox({ friendRequests: { [ADA]: incoming(ADA) }, hasNewNotification: true });
const adaAskedBob: State = { ...S0, [INBOX_A]: adaAsking, [INBOX_B]: bobAsked };

/** Ada and Bob are friends. */
const friendsAB: State = {
  ...S0,
  [user(ADA)]: withFriends(ada, { [BOB]: friendEntry(BOB) }),
  [user(BOB)]: withFriends(bob, { [ADA]: friendEntry(ADA) }),
};

/** Bob lists Ada, Ada does not list Bob, Ada's request to Bob is still pending (the stale-request cleanup). */
const bobListsAda: State = { ...adaAskedBob, [user(BOB)]: withFriends(bob, { [ADA]: friendEntry(ADA) }) };

/** A block stored a minute before the case. */
const blocking = (blocker: string, blockedId: string): State => blockAt(blocker, blockedId, NOW - 60_000);

// ---------- the batches, as the app writes them ----------

const afterOf = (writes: RuleWrite[], path: string): DocData =>
  writes.find((write) => write.path === path)?.after ?? {};
/** The batch with one document's state after changed by `change(after)`. */
const editing = (writes: RuleWrite[], path: string, change: (after: DocData) => DocData): RuleWrite[] =>
  replacing(writes, path, change(afterOf(writes, path)));
/** `after` with one entry of its map `field` changed. */
const entryChanged = (doc: DocData, field: string, key: string, changes: DocData): DocData =>
  with_(doc, { [field]: { ...mapOf(doc[field]), [key]: with_(mapOf(mapOf(doc[field])[key]), changes) } });
/** `after` with its map `field` holding `entries` too. */
const entriesAdded = (doc: DocData, field: string, entries: DocData): DocData =>
  with_(doc, { [field]: { ...mapOf(doc[field]), ...entries } });

interface SendOptions {
  requestId?: string;
  /** changes to Bob's new incoming entry */
  request?: DocData;
  /** changes to Ada's new sent entry */
  sent?: DocData;
  /** Ada's window fields after (default: a new window at the server's time) */
  window?: DocData;
  /** false: Ada's own inbox is not written (no mirror) */
  mirror?: boolean;
}
/** Ada sends Bob a request (sendFriendRequest): her sent entry and window, his incoming entry and flag (set merge). */
function sendWrites(state: State, options: SendOptions = {}): RuleWrite[] {
  const requestId = options.requestId ?? REQUEST_ID;
  const adaInbox = state[INBOX_A] ?? {};
  const bobInbox = state[INBOX_B] ?? {};
  const writes: RuleWrite[] = [];
  if (options.mirror !== false) {
    writes.push({
      path: INBOX_A,
      after: with_(adaInbox, {
        sentFriendRequests: {
          ...mapOf(adaInbox.sentFriendRequests),
          [BOB]: with_(sentTo(BOB, requestId, SERVER_TIME), options.sent ?? {}),
        },
        requestWindowStart: SERVER_TIME,
        requestWindowCount: 1,
        ...options.window,
      }),
    });
  }
  writes.push({
    path: INBOX_B,
    after: with_(bobInbox, {
      friendRequests: {
        ...mapOf(bobInbox.friendRequests),
        [ADA]: with_(incoming(ADA, requestId, SERVER_TIME), options.request ?? {}),
      },
      hasNewNotification: true,
    }),
  });
  return writes;
}

interface AcceptOptions {
  /** changes to the entry for Ada in Bob's friends / for Bob in Ada's friends */
  bobEntry?: DocData;
  adaEntry?: DocData;
  /** changes to the notification to Ada */
  notification?: DocData;
  notificationKey?: string;
}
/** Bob accepts Ada's request (acceptFriendRequest): both gain each other, Ada's sent entry goes, Ada is told. */
function acceptWrites(state: State, options: AcceptOptions = {}): RuleWrite[] {
  const bobInbox = state[INBOX_B] ?? {};
  const adaInbox = state[INBOX_A] ?? {};
  const bobUser = state[user(BOB)] ?? {};
  const adaUser = state[user(ADA)] ?? {};
  const bobListsAdaAlready = ADA in mapOf(bobUser.friends);
  const adaGainsBob = !(BOB in mapOf(adaUser.friends));
  const writes: RuleWrite[] = [
    { path: INBOX_B, after: with_(bobInbox, { friendRequests: without(mapOf(bobInbox.friendRequests), ADA) }) },
  ];
  if (!bobListsAdaAlready) {
    writes.push({
      path: user(BOB),
      after: with_(bobUser, {
        friends: { ...mapOf(bobUser.friends), [ADA]: with_(friendEntry(ADA), options.bobEntry ?? {}) },
        friendCount: Number(bobUser.friendCount) + 1,
      }),
    });
  }
  if (adaGainsBob) {
    writes.push({
      path: user(ADA),
      after: with_(adaUser, {
        friends: { ...mapOf(adaUser.friends), [BOB]: with_(friendEntry(BOB), options.adaEntry ?? {}) },
        friendCount: Number(adaUser.friendCount) + 1,
      }),
    });
  }
  const notification = with_(acceptedNotification(BOB, REQUEST_ID, SERVER_TIME), options.notification ?? {});
  writes.push({
    path: INBOX_A,
    after: with_(adaInbox, {
      sentFriendRequests: without(mapOf(adaInbox.sentFriendRequests), BOB),
      ...(adaGainsBob
        ? {
            notifications: { ...mapOf(adaInbox.notifications), [options.notificationKey ?? ACCEPTED_ID]: notification },
            hasNewNotification: true,
          }
        : {}),
    }),
  });
  return writes;
}

/** Both halves of ending Ada's request to Bob: Bob's incoming entry and Ada's sent entry (decline, cancel). */
const endRequestWrites = (state: State): RuleWrite[] => [
  {
    path: INBOX_B,
    after: with_(state[INBOX_B] ?? {}, { friendRequests: without(mapOf(state[INBOX_B]?.friendRequests), ADA) }),
  },
  {
    path: INBOX_A,
    after: with_(state[INBOX_A] ?? {}, { sentFriendRequests: without(mapOf(state[INBOX_A]?.sentFriendRequests), BOB) }),
  },
];

/** Ada removes Bob: each leaves the other's friends, counts down by one. */
const removeWrites = (state: State): RuleWrite[] => [
  { path: user(ADA), after: withFriends(state[user(ADA)] ?? {}, without(mapOf(state[user(ADA)]?.friends), BOB)) },
  { path: user(BOB), after: withFriends(state[user(BOB)] ?? {}, without(mapOf(state[user(BOB)]?.friends), ADA)) },
];

// ---------- project decisions (owner Ada, applicant Bob) ----------

const PROJECT = 'projects/pr1';
const APPLICATION = `projectApplications/pr1_${BOB}`;
const PROJECT_NOTICE_ID = `project_pr1_${BOB}_${NOW}`;
const projectDoc = (changes: DocData = {}): DocData => adaProjectDoc({ createdAt: NOW - 3_600_000, ...changes });
const applicationDoc = (changes: DocData = {}): DocData => ({
  projectId: 'pr1',
  ownerId: ADA,
  applicantId: BOB,
  applicantName: 'Bob',
  applicantPhoto: null,
  note: 'I would love to help',
  status: 'pending',
  createdAt: NOW - 3_600_000,
  decidedAt: null,
  ...changes,
});
const bobApplied: State = { ...S0, [PROJECT]: projectDoc(), [APPLICATION]: applicationDoc() };
const decisionNotice = (decision: 'approved' | 'declined', changes: DocData = {}): DocData => ({
  id: PROJECT_NOTICE_ID,
  type: decision === 'approved' ? 'projectApplicationApproved' : 'projectApplicationDeclined',
  message: `Ada ${decision} your request to join DevTribe`,
  senderId: ADA,
  senderName: 'Ada',
  senderPhoto: null,
  read: false,
  createdAt: SERVER_TIME,
  ...changes,
});
/** The owner decides (declineApplication / approveApplication) and tells the applicant in their inbox (set merge). */
function decisionWrites(
  state: State,
  decision: 'approved' | 'declined',
  notice: DocData = {},
  key = PROJECT_NOTICE_ID,
): RuleWrite[] {
  const bobInbox = state[INBOX_B] ?? {};
  return [
    ...(decision === 'approved'
      ? [
          {
            path: PROJECT,
            after: projectDoc({ memberIds: [ADA, BOB], members: [projectMember(ADA), projectMember(BOB)] }),
          },
        ]
      : []),
    { path: APPLICATION, after: applicationDoc({ status: decision, decidedAt: SERVER_TIME }) },
    {
      path: INBOX_B,
      after: with_(bobInbox, {
        notifications: { ...mapOf(bobInbox.notifications), [key]: decisionNotice(decision, notice) },
        hasNewNotification: true,
      }),
    },
  ];
}

const TRIBE = 'tribes/t1';
const ADA_MEMBER = `tribeMembers/t1_${ADA}`;
const POST = 'posts/p1';
const tribe = (changes: DocData = {}): DocData => ({
  name: 'Rustaceans',
  nameKey: 'rustaceans',
  tagline: 'Systems programming, safely',
  description: 'We write Rust.',
  topics: ['rust'],
  joinPolicy: 'open',
  ownerId: ADA,
  memberCount: 1,
  postCount: 0,
  createdAt: NOW,
  lastActivityAt: NOW,
  ...changes,
});
const adaMembership: DocData = {
  tribeId: 't1',
  uid: ADA,
  displayName: 'Ada',
  photoURL: null,
  role: 'owner',
  status: 'active',
  requestedAt: NOW,
  joinedAt: NOW,
};
const adaPost = (changes: DocData = {}): DocData => ({
  postId: 'p1',
  tribeId: 't1',
  authorId: ADA,
  authorName: 'Ada',
  authorPhoto: null,
  body: 'Hello, tribe',
  createdAt: NOW,
  ...changes,
});
const adaInTribe = { ...strangers, [TRIBE]: tribe(), [ADA_MEMBER]: adaMembership };
const adaPosted = {
  ...adaInTribe,
  [TRIBE]: tribe({ postCount: 1 }),
  [user(ADA)]: with_(ada, { postCount: 1, lastPostId: 'p1' }),
  [POST]: adaPost(),
};
/** createPost: the post, the tribe's counters, Ada's postCount and lastPostId, her membership's lastPostAt. */
const postBatch = (userChanges: DocData = { postCount: 1, lastPostId: 'p1' }): RuleWrite[] => [
  { path: POST, after: adaPost({ createdAt: SERVER_TIME }) },
  { path: TRIBE, after: tribe({ postCount: 1, lastActivityAt: SERVER_TIME, countedPostId: 'p1' }) },
  { path: user(ADA), after: with_(ada, userChanges) },
  { path: ADA_MEMBER, after: with_(adaMembership, { lastPostAt: SERVER_TIME }) },
];
/** deletePost: the post goes, both counters down, lastPostId naming it. */
const deleteBatch = (userChanges: DocData = { postCount: 0, lastPostId: 'p1' }): RuleWrite[] => [
  { path: POST, after: null },
  // what the delete leaves, so the id is never used again (docs/conversations-model.md)
  { path: 'removedPosts/p1', after: { removedAt: SERVER_TIME } },
  { path: TRIBE, after: tribe({ postCount: 0, countedPostId: 'p1' }) },
  { path: user(ADA), after: with_(ada, userChanges) },
];

const REMOVAL = `pendingFriendRemovals/${ADA}_${BOB}`;
const pendingRemoval = (initiatorId: string, targetId: string, extra: DocData = {}): DocData => ({
  initiatorId,
  targetId,
  timestamp: NOW,
  attempts: 0,
  lastAttempt: null,
  createdAt: NOW - 60_000,
  ...extra,
});
/** As createPendingFriendRemoval writes it: timestamp and createdAt the server's time. */
const newRemoval = (extra: DocData = {}) =>
  pendingRemoval(ADA, BOB, { timestamp: SERVER_TIME, createdAt: SERVER_TIME, ...extra });
/** A query for the pending removals whose `field` is `uid`. */
const removalsWhere = (field: string, uid: string) =>
  query({ collection: 'pendingFriendRemovals', where: [{ field, op: '==', value: uid }], limit: 50 });
const removalPending = (extra: DocData = {}) => ({ [REMOVAL]: pendingRemoval(ADA, BOB, extra) });

const ACCOUNT = `accounts/${ADA}`;
/** Ada's account, holding her email. */
const adaAccount: State = { [ACCOUNT]: { email: emailOf(ADA) } };
const ACCOUNT_READ = 'accounts: the owner gets their account';

// ---------- case builders: an allowed case, and denied cases naming it ----------

/** Ada changes her own profile. */
const OWN_EDIT = 'the owner edits name, bio and skills within the limits';
const own = (name: string, changes: DocData, twin: string | null = OWN_EDIT): RuleCase =>
  twin === null
    ? allowed(name, ADA, { [user(ADA)]: ada }, [{ path: user(ADA), after: with_(ada, changes) }])
    : denied(name, twin, ADA, { [user(ADA)]: ada }, [{ path: user(ADA), after: with_(ada, changes) }]);

/** The sizes every list check is tested at (below each cap), and the caps. */
const SIZES = [0, 1, 16, 17, 49] as const;
const REQUESTS_CAP = 50;
const SENT_CAP = 50;
const FRIENDS_CAP = 500;
const NOTIFICATIONS_CAP = 100;
/**
 * A list check at each size below its cap (allowed) and at the cap (denied, the twin of the
 * largest size): `name` names the allowed case of a size, `state` holds the list at a size and
 * `writes` is the batch the app writes from that state.
 */
const capCases = (
  sizes: readonly number[],
  cap: number,
  capName: string,
  of: {
    name: (n: number) => string;
    actor: string;
    state: (n: number) => State;
    writes: (state: State) => RuleWrite[];
  },
): RuleCase[] => [
  ...sizes.map((n) => allowed(of.name(n), of.actor, of.state(n), of.writes(of.state(n)))),
  denied(capName, of.name(sizes[sizes.length - 1]!), of.actor, of.state(cap), of.writes(of.state(cap))),
];

// ---------- names of the allowed cases the denials pair with ----------
const CREATE = 'a user creates their own profile with the defaults';
const OWN_PHOTO = 'the owner sets an https photo';
const LEGACY_EDIT = 'a legacy profile holding private fields stays editable';
const LEGACY_DROP = 'a legacy profile drops its private fields (they live in inboxes and accounts now)';
const POST_UP = 'postCount moves up by one with the post created in the same write';
const POST_DOWN = 'postCount moves down by one with the post deleted in the same write';
const REPAIR = 'the owner repairs a stale friendCount to the size of the map';
const OWN_ACCEPT = "the owner adds a friend by accepting that friend's pending request (their own half)";
const OWN_UNFRIEND = 'the owner drops a friend from their own map';
const READD = 'cleanup: the owner marks a sent request accepted and re-adds the receiver who lists them';
const CLEANUP_REVERT = 'cleanup: the owner reverts an accepted sent request to pending';
const CLEANUP_DROP = 'cleanup: the owner drops a sent request whose receiver is gone';
const OWN_DECLINE = 'the owner drops an incoming request from their own inbox';
const OWN_READ = 'the owner marks a notification read';
const OWN_READ_10 = 'the owner marks 10 of 100 notifications read in one write';
const OWN_CLEAR = 'the owner clears the new-notification flag';
const OWN_DROP_NOTICE = 'the owner deletes a notification';
const SEND = 'send: one pending request from the caller, mirrored in their sent map';
const SEND_NEW_INBOXES = 'send: the first request creates both inboxes';
const sendHolding = (n: number) => `send: to a receiver holding ${n} requests`;
const sendFromHolding = (n: number) => `send: from a sender holding ${n} sent requests`;
const SEND_OTHER_SENT = sendFromHolding(1);
const TENTH = 'rate window: the tenth request of the window is counted';
const NEW_WINDOW = 'rate window: a new window starts at the server time once a minute is over';
const ACCEPT = 'accept: both join each other, the sender is notified';
const acceptAccepterHolding = (n: number) => `accept: the accepter holding ${n} friends`;
const acceptSenderHolding = (n: number) => `accept: the sender holding ${n} friends`;
const acceptNoticesHolding = (n: number) => `accept: the sender's inbox holding ${n} notifications`;
const ACCEPT_SENT_ELSEWHERE = 'accept: the sender also asked someone else, that request stays';
const ACCEPT_ALREADY = 'accept: already friends, only the request entries go, no notice';
const DECLINE = "decline: the receiver drops the request and the sender's sent entry";
const CANCEL = 'cancel: the sender takes their request back from both inboxes';
const CANCEL_OTHERS = 'cancel: the requests of others stay in the receiver’s inbox';
const REMOVE = 'remove: each leaves the other’s friends, counts down by one';
const REMOVE_LINGERING = 'remove: lingering requests both ways go with the friendship';
const REMOVE_RETRY = "remove: the initiator retries the friend's side alone (pending removal)";
const PROJECT_DECLINE = 'project decision: the owner declines and tells the applicant in their inbox';
const PROJECT_APPROVE = 'project decision: the owner approves and tells the applicant in their inbox';
const projectNoticesHolding = (n: number) => `project decision: to an applicant holding ${n} notifications`;
const INBOX_GET = 'inboxes: the owner gets their inbox';
const INBOX_GET_MISSING = 'inboxes: the owner gets their inbox before it exists';
const REMOVAL_CREATE = 'pending removal: the initiator records it under {initiatorId}_{targetId}';
const REMOVAL_ATTEMPT = 'pending removal: the target records a failed attempt';
const REMOVAL_TENTH = 'pending removal: the tenth failed attempt is recorded';
const REMOVAL_DELETE = 'pending removal: a party deletes it once processed';
const ACCOUNT_WRITE = 'accounts: the owner records their own email';

// ---------- states named by several cases ----------

const legacyAda = with_(ada, {
  email: emailOf(ADA),
  friendRequests: [],
  sentFriendRequests: [],
  notifications: [],
  hasNewNotification: true,
  requestWindowStart: NOW - 3_600_000,
  requestWindowCount: 3,
});
const {
  email: _e,
  friendRequests: _r,
  sentFriendRequests: _s,
  notifications: _n,
  hasNewNotification: _h,
  requestWindowStart: _ws,
  requestWindowCount: _wc,
  ...legacyDropped
} = legacyAda;

/** Bob's own half of accepting Ada: the request leaves his inbox, Ada joins his friends. */
const bobAcceptsOwn = (
  entry: DocValue = friendEntry(ADA),
  key = ADA,
  bobInboxAfter: DocData = inbox({ hasNewNotification: true }),
): RuleWrite[] => [
  { path: INBOX_B, after: bobInboxAfter },
  { path: user(BOB), after: with_(bob, { friends: { [key]: entry }, friendCount: 1 }) },
];
/** The cleanup re-add: Ada's sent entry marked accepted, Bob (who lists her) added to her friends. */
const readdWrites = (entry: DocData = friendEntry(BOB), sent: DocData = { status: 'accepted' }): RuleWrite[] => [
  { path: INBOX_A, after: entryChanged(adaAsking, 'sentFriendRequests', BOB, sent) },
  { path: user(ADA), after: withFriends(ada, { [BOB]: entry }) },
];
const adaAcceptedBob = {
  ...adaAskedBob,
  [INBOX_A]: entryChanged(adaAsking, 'sentFriendRequests', BOB, { status: 'accepted' }),
};

const bobHolding = (n: number): State => ({ ...S0, [INBOX_B]: inbox({ friendRequests: requestsFrom(n) }) });
const adaHoldingSent = (n: number): State => ({ ...S0, [INBOX_A]: inbox({ sentFriendRequests: sentToOthers(n) }) });
const accepterHolding = (n: number): State => ({ ...adaAskedBob, [user(BOB)]: withFriends(bob, friendsOf(n)) });
const senderHolding = (n: number): State => ({ ...adaAskedBob, [user(ADA)]: withFriends(ada, friendsOf(n)) });
const noticesHolding = (n: number): State => ({
  ...adaAskedBob,
  [INBOX_A]: with_(adaAsking, { notifications: notificationsOf(n) }),
});
const adaWithNotices = (n: number, changes: DocData = {}): State => ({
  ...S0,
  [INBOX_A]: inbox({ notifications: notificationsOf(n), hasNewNotification: true, ...changes }),
});
const firstNoticeId = Object.keys(notificationsOf(1))[0] ?? '';
/** Ada's inbox with the first `n` of her 100 notifications marked read. */
const readFirst = (n: number): DocData => {
  const notifications = notificationsOf(100);
  for (const key of Object.keys(notifications).slice(0, n))
    notifications[key] = with_(mapOf(notifications[key]), { read: true });
  return inbox({ notifications, hasNewNotification: true });
};
const applicantHolding = (n: number): State => ({
  ...bobApplied,
  [INBOX_B]: inbox({ notifications: notificationsOf(n) }),
});
const cancelOthersState: State = {
  ...adaAskedBob,
  [INBOX_B]: with_(bobAsked, { friendRequests: { [ADA]: incoming(ADA), [CY]: incoming(CY) } }),
};
const askedElsewhere: State = {
  ...adaAskedBob,
  [INBOX_A]: with_(adaAsking, { sentFriendRequests: { [BOB]: sentTo(BOB), [CY]: sentTo(CY, `${ADA}_${NOW - 5000}`) } }),
};
const lingering: State = {
  ...friendsAB,
  [INBOX_A]: inbox({ sentFriendRequests: { [BOB]: sentTo(BOB) }, friendRequests: { [BOB]: incoming(BOB) } }),
  [INBOX_B]: inbox({
    friendRequests: { [ADA]: incoming(ADA) },
    sentFriendRequests: { [ADA]: sentTo(ADA, `${BOB}_${NOW}`) },
  }),
};
const lingeringWrites: RuleWrite[] = [
  ...removeWrites(lingering),
  { path: INBOX_A, after: inbox() },
  { path: INBOX_B, after: inbox() },
];

export const FRIENDS_RULE_CASES: readonly RuleCase[] = [
  // ---------- users: creating a profile (joinDate the server's time; only profile fields and friends) ----------
  allowed(CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA) }]),
  allowed('a user creates their profile with an https photo, a bio and skills', ADA, {}, [
    {
      path: user(ADA),
      after: fresh(ADA, { photoURL: 'https://lh3.googleusercontent.com/a/ada', bio: 'Engines', skills: ['Math'] }),
    },
  ]),
  denied("nobody creates someone else's profile", CREATE, BOB, {}, [{ path: user(ADA), after: fresh(ADA) }]),
  denied('signed-out visitors write nothing', CREATE, null, {}, [{ path: user(ADA), after: fresh(ADA) }]),
  denied('a new profile cannot start with posts', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { postCount: 3 }) },
  ]),
  denied('a new profile cannot start with friends', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { friends: { [BOB]: friendEntry(BOB) }, friendCount: 1 }) },
  ]),
  denied('a new profile cannot start with a friendCount', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { friendCount: 1 }) },
  ]),
  denied("a new profile's friends is a map, not a list", CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { friends: [] }) },
  ]),
  denied('private data: a new profile has no incoming requests (they live in inboxes)', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { friendRequests: {} }) },
  ]),
  denied('private data: a new profile has no sent requests', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { sentFriendRequests: {} }) },
  ]),
  denied('private data: a new profile has no notifications', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { notifications: {} }) },
  ]),
  denied('private data: a new profile has no new-notification flag', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { hasNewNotification: false }) },
  ]),
  denied('private data: a new profile keeps the email out of the public document', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { email: emailOf(ADA) }) },
  ]),
  denied('private data: a new profile has no rate window', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { requestWindowStart: SERVER_TIME, requestWindowCount: 0 }) },
  ]),
  denied('a new profile has only the known fields', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { isAdmin: true }) },
  ]),
  denied('joinDate is the server time, not a client number', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { joinDate: NOW - 1 }) },
  ]),
  denied('joinDate is the server time, not an ISO string', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { joinDate: NOW_ISO }) },
  ]),
  denied('joinDate is the server time, not missing', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { joinDate: null }) },
  ]),
  denied('a new profile with a 51-character name is refused', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { displayName: 'x'.repeat(51) }) },
  ]),
  denied('a new profile with a javascript: photo is refused', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { photoURL: 'javascript:alert(1)' }) },
  ]),
  denied('a new profile with a newline inside a skill is refused', CREATE, ADA, {}, [
    { path: user(ADA), after: fresh(ADA, { skills: ['Go\nRust'] }) },
  ]),

  // ---------- users: the owner's own fields ----------
  own(OWN_EDIT, { displayName: 'Ada L.', bio: 'x'.repeat(500), skills: ['TypeScript', 'x'.repeat(30)] }, null),
  own(OWN_PHOTO, { photoURL: 'https://firebasestorage.googleapis.com/v0/b/x/o/users%2Fada%2Fphoto-1?alt=media' }, null),
  own('the owner removes the photo', { photoURL: null }, null),
  own(
    'the owner keeps 20 skills of 30 characters',
    { skills: Array.from({ length: 20 }, (_, i) => `${'x'.repeat(28)}${String(i).padStart(2, '0')}`) },
    null,
  ),
  own('a javascript: photoURL is refused', { photoURL: 'javascript:alert(1)' }, OWN_PHOTO),
  own('an http: photoURL is refused', { photoURL: 'http://example.com/ada.png' }, OWN_PHOTO),
  own('a photoURL map is refused', { photoURL: { url: 'https://example.com/ada.png' } }, OWN_PHOTO),
  own('a 5,000-character name is refused', { displayName: 'x'.repeat(5000) }),
  own('a 51-character name is refused', { displayName: 'x'.repeat(51) }),
  own('an empty name is refused', { displayName: '' }),
  own('a numeric name is refused', { displayName: 42 }),
  own('a 501-character bio is refused', { bio: 'x'.repeat(501) }),
  own('a bio map is refused', { bio: { text: 'hi' } }),
  own('21 skills are refused', { skills: Array.from({ length: 21 }, (_, i) => `skill${i}`) }),
  own('a 31-character skill is refused', { skills: ['x'.repeat(31)] }),
  own('an empty skill is refused', { skills: [''] }),
  own('skills as one string are refused', { skills: 'TypeScript' }),
  own('a skill that is not a string is refused', { skills: [42] }),
  // list elements: a newline inside one element must not split it into short "elements"
  own('list elements: a skill with a newline inside is refused', { skills: ['Go\nRust'] }),
  own('list elements: a newline cannot split a 41-character skill into two short lines', {
    skills: [`${'x'.repeat(20)}\n${'x'.repeat(20)}`],
  }),
  own('list elements: a skill that is only a newline is refused', { skills: ['\n'] }),
  own('list elements: a newline-joined pair beside a valid skill is refused', { skills: ['TypeScript', 'a\nb'] }),
  own('joinDate never changes', { joinDate: 0 }),
  own('the owner cannot add unknown fields', { role: 'admin' }),

  // legacy documents: the old private fields may only be removed; nothing new is written to them
  allowed(LEGACY_EDIT, ADA, { [user(ADA)]: legacyAda }, [
    { path: user(ADA), after: with_(legacyAda, { bio: 'Still here' }) },
  ]),
  allowed(LEGACY_DROP, ADA, { [user(ADA)]: legacyAda }, [{ path: user(ADA), after: legacyDropped }]),
  allowed('a legacy profile drops its public email by setting it to null', ADA, { [user(ADA)]: legacyAda }, [
    { path: user(ADA), after: with_(legacyAda, { email: null }) },
  ]),
  denied(
    'private data: the owner writes no new email into the public profile',
    LEGACY_EDIT,
    ADA,
    { [user(ADA)]: legacyAda },
    [{ path: user(ADA), after: with_(legacyAda, { email: 'ada@elsewhere.test' }) }],
  ),
  denied('private data: no new incoming requests in the public profile', LEGACY_EDIT, ADA, { [user(ADA)]: legacyAda }, [
    { path: user(ADA), after: with_(legacyAda, { friendRequests: [incoming(BOB)] }) },
  ]),
  denied('private data: no new notifications in the public profile', LEGACY_EDIT, ADA, { [user(ADA)]: legacyAda }, [
    { path: user(ADA), after: with_(legacyAda, { notifications: { [ACCEPTED_ID]: acceptedNotification(BOB) } }) },
  ]),
  denied('private data: the legacy flag is removed, not rewritten', LEGACY_DROP, ADA, { [user(ADA)]: legacyAda }, [
    { path: user(ADA), after: with_(legacyAda, { hasNewNotification: false }) },
  ]),
  denied(
    'private data: the legacy rate window is removed, not restarted',
    LEGACY_DROP,
    ADA,
    { [user(ADA)]: legacyAda },
    [{ path: user(ADA), after: with_(legacyAda, { requestWindowStart: SERVER_TIME, requestWindowCount: 1 }) }],
  ),
  denied('private data: a profile without them cannot gain them back', OWN_EDIT, ADA, { [user(ADA)]: ada }, [
    { path: user(ADA), after: with_(ada, { sentFriendRequests: {} }) },
  ]),
  denied('nobody else drops the legacy fields', LEGACY_DROP, BOB, { ...strangers, [user(ADA)]: legacyAda }, [
    { path: user(ADA), after: legacyDropped },
  ]),

  // postCount moves with the post it counts (lastPostId), in the batch tribesApi writes
  allowed(POST_UP, ADA, adaInTribe, postBatch()),
  allowed(POST_DOWN, ADA, adaPosted, deleteBatch()),
  own('postCount cannot move without a post', { postCount: 1 }, POST_UP),
  denied(
    'postCount cannot name a post that is not written in the same batch',
    POST_UP,
    ADA,
    { ...adaInTribe, [POST]: adaPost() },
    [{ path: user(ADA), after: with_(ada, { postCount: 1, lastPostId: 'p1' }) }],
  ),
  denied(
    'postCount does not jump by two, even with a post',
    POST_UP,
    ADA,
    adaInTribe,
    postBatch({ postCount: 2, lastPostId: 'p1' }),
  ),
  denied(
    'postCount up cannot name a missing post',
    POST_UP,
    ADA,
    adaInTribe,
    postBatch({ postCount: 1, lastPostId: 'p2' }),
  ),
  denied('postCount down needs the post deleted in the same batch', POST_DOWN, ADA, adaPosted, [
    { path: user(ADA), after: with_(ada, { postCount: 0, lastPostId: 'p1' }) },
  ]),
  denied(
    'postCount does not go below zero',
    POST_DOWN,
    ADA,
    { ...adaPosted, [user(ADA)]: with_(ada, { lastPostId: 'p1' }) },
    deleteBatch({ postCount: -1, lastPostId: 'p1' }),
  ),
  denied('lastPostId never changes without postCount', POST_DOWN, ADA, adaPosted, [
    { path: user(ADA), after: with_(ada, { postCount: 1, lastPostId: 'p9' }) },
  ]),

  // counters: friendCount is always the number of keys of friends (no list, so no duplicates)
  allowed(REPAIR, ADA, { [user(ADA)]: with_(ada, { friends: { [BOB]: friendEntry(BOB) }, friendCount: 3 }) }, [
    { path: user(ADA), after: withFriends(ada, { [BOB]: friendEntry(BOB) }) },
  ]),
  denied(
    "counters: the owner's friendCount must match the friends map",
    REPAIR,
    ADA,
    { [user(ADA)]: with_(ada, { friends: { [BOB]: friendEntry(BOB) }, friendCount: 3 }) },
    [{ path: user(ADA), after: with_(ada, { friends: { [BOB]: friendEntry(BOB) }, friendCount: 5 }) }],
  ),
  denied(
    'counters: friendCount is a number, not a string',
    REPAIR,
    ADA,
    { [user(ADA)]: with_(ada, { friends: { [BOB]: friendEntry(BOB) }, friendCount: 3 }) },
    [{ path: user(ADA), after: with_(ada, { friends: { [BOB]: friendEntry(BOB) }, friendCount: '1' }) }],
  ),
  denied(
    'friends is a map keyed by friend id, never a list',
    REPAIR,
    ADA,
    { [user(ADA)]: with_(ada, { friends: { [BOB]: friendEntry(BOB) }, friendCount: 3 }) },
    [{ path: user(ADA), after: with_(ada, { friends: [friendEntry(BOB)], friendCount: 1 }) }],
  ),

  // consent: the owner's friends gain one key per write, by accepting its pending request or by a re-add they listed
  allowed(OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn()),
  denied(
    'the owner cannot add a friend without a request',
    OWN_ACCEPT,
    BOB,
    S0,
    bobAcceptsOwn(friendEntry(ADA), ADA, inbox()),
  ),
  denied(
    'the owner cannot add a friend while keeping their request',
    OWN_ACCEPT,
    BOB,
    adaAskedBob,
    bobAcceptsOwn().slice(1),
  ),
  denied(
    'the owner cannot add a friend by dropping a request that is not pending',
    OWN_ACCEPT,
    BOB,
    { ...adaAskedBob, [INBOX_B]: entryChanged(bobAsked, 'friendRequests', ADA, { status: 'accepted' }) },
    bobAcceptsOwn(),
  ),
  denied(
    "accepting one person's request cannot add someone else",
    OWN_ACCEPT,
    BOB,
    adaAskedBob,
    bobAcceptsOwn(friendEntry(CY), CY),
  ),
  denied('the owner cannot add two friends with one accepted request', OWN_ACCEPT, BOB, adaAskedBob, [
    bobAcceptsOwn()[0]!,
    { path: user(BOB), after: withFriends(bob, { [ADA]: friendEntry(ADA), [CY]: friendEntry(CY) }) },
  ]),
  denied(
    "list elements: a friend entry carries the friend's own name",
    OWN_ACCEPT,
    BOB,
    adaAskedBob,
    bobAcceptsOwn(with_(friendEntry(ADA), { displayName: 'Ada Lovelace' })),
  ),
  denied(
    "list elements: a friend entry carries the friend's own photo",
    OWN_ACCEPT,
    BOB,
    adaAskedBob,
    bobAcceptsOwn(with_(friendEntry(ADA), { photoURL: 'https://evil.example/ada.png' })),
  ),
  denied(
    "times: a friend entry's addedAt is an ISO time, not a client number",
    OWN_ACCEPT,
    BOB,
    adaAskedBob,
    bobAcceptsOwn(with_(friendEntry(ADA), { addedAt: NOW - 1 })),
  ),
  denied(
    "bounded: a friend entry's addedAt is an ISO time, not free text",
    OWN_ACCEPT,
    BOB,
    adaAskedBob,
    bobAcceptsOwn(with_(friendEntry(ADA), { addedAt: 'yesterday, around noon' })),
  ),
  denied(
    "bounded: a friend entry's addedAt is at most 30 characters",
    OWN_ACCEPT,
    BOB,
    adaAskedBob,
    bobAcceptsOwn(with_(friendEntry(ADA), { addedAt: `${NOW_ISO}${' '.repeat(40)}` })),
  ),
  denied(
    'bounded: a friend entry has only the four known keys',
    OWN_ACCEPT,
    BOB,
    adaAskedBob,
    bobAcceptsOwn(with_(friendEntry(ADA), { role: 'admin' })),
  ),
  denied(
    'bounded: a friend entry has all four keys',
    OWN_ACCEPT,
    BOB,
    adaAskedBob,
    bobAcceptsOwn((({ addedAt: _a, ...rest }) => rest)(friendEntry(ADA))),
  ),
  denied('bounded: a friend entry is a map, not a bare id', OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn(ADA)),
  denied(
    'counters: a friend entry whose id differs from its key is refused',
    OWN_ACCEPT,
    BOB,
    adaAskedBob,
    bobAcceptsOwn(friendEntry(CY), ADA),
  ),
  denied(
    'block: the owner cannot accept a request from someone they blocked',
    OWN_ACCEPT,
    BOB,
    { ...adaAskedBob, ...blocking(BOB, ADA) },
    bobAcceptsOwn(),
  ),
  denied(
    'block: the owner cannot accept a request from someone who blocked them',
    OWN_ACCEPT,
    BOB,
    { ...adaAskedBob, ...blocking(ADA, BOB) },
    bobAcceptsOwn(),
  ),

  // the owner's own map: any key may go, no entry is rewritten in place
  allowed(OWN_UNFRIEND, ADA, friendsAB, [removeWrites(friendsAB)[0]!]),
  denied("in place: the owner cannot rename a friend's entry", OWN_UNFRIEND, ADA, friendsAB, [
    { path: user(ADA), after: entryChanged(friendsAB[user(ADA)]!, 'friends', BOB, { displayName: 'Robert' }) },
  ]),
  denied("in place: the owner cannot change a friend's photo in their entry", OWN_UNFRIEND, ADA, friendsAB, [
    {
      path: user(ADA),
      after: entryChanged(friendsAB[user(ADA)]!, 'friends', BOB, { photoURL: 'https://evil.example/bob.png' }),
    },
  ]),
  denied("in place: the owner cannot re-date a friend's entry", OWN_UNFRIEND, ADA, friendsAB, [
    {
      path: user(ADA),
      after: entryChanged(friendsAB[user(ADA)]!, 'friends', BOB, { addedAt: '2020-01-01T00:00:00.000Z' }),
    },
  ]),

  // the stale-request cleanup (Ada's own inbox and profile)
  allowed(READD, ADA, bobListsAda, readdWrites()),
  allowed(
    'cleanup: the owner re-adds a friend who lists them, the sent entry already marked',
    ADA,
    { ...bobListsAda, [INBOX_A]: adaAcceptedBob[INBOX_A]! },
    [readdWrites()[1]!],
  ),
  denied('cleanup: nobody re-adds a friend whose profile does not list them', READD, ADA, adaAskedBob, readdWrites()),
  denied(
    "list elements: the re-added entry carries the friend's own name",
    READD,
    ADA,
    bobListsAda,
    readdWrites(with_(friendEntry(BOB), { displayName: 'Robert' })),
  ),
  denied(
    'block: no re-add of someone the owner blocked',
    READD,
    ADA,
    { ...bobListsAda, ...blocking(ADA, BOB) },
    readdWrites(),
  ),
  denied(
    'cleanup: a sent entry moves between pending and accepted only',
    READD,
    ADA,
    bobListsAda,
    readdWrites(friendEntry(BOB), { status: 'declined' }),
  ),
  denied(
    'in place: the owner cannot rename the receiver in a sent entry',
    READD,
    ADA,
    bobListsAda,
    readdWrites(friendEntry(BOB), { status: 'accepted', receiverName: 'Robert' }),
  ),
  denied(
    "in place: the owner cannot change a sent entry's requestId",
    READD,
    ADA,
    bobListsAda,
    readdWrites(friendEntry(BOB), { status: 'accepted', requestId: `${ADA}_1` }),
  ),
  denied(
    'in place: the owner cannot re-date a sent entry',
    READD,
    ADA,
    bobListsAda,
    readdWrites(friendEntry(BOB), { status: 'accepted', createdAt: YEARS_AHEAD }),
  ),
  allowed(CLEANUP_REVERT, ADA, adaAcceptedBob, [{ path: INBOX_A, after: adaAsking }]),
  denied('in place: reverting a sent entry changes nothing but its status', CLEANUP_REVERT, ADA, adaAcceptedBob, [
    {
      path: INBOX_A,
      after: entryChanged(adaAsking, 'sentFriendRequests', BOB, { receiverPhoto: 'https://evil.example/x.png' }),
    },
  ]),
  allowed(CLEANUP_DROP, ADA, omit(adaAskedBob, user(BOB)), [
    { path: INBOX_A, after: with_(adaAsking, { sentFriendRequests: {} }) },
  ]),
  denied('the owner cannot add a sent entry without the receiver holding its mirror', CLEANUP_DROP, ADA, S0, [
    sendWrites(S0)[0]!,
  ]),

  // the owner's incoming requests: only lose keys
  allowed(OWN_DECLINE, BOB, adaAskedBob, [endRequestWrites(adaAskedBob)[0]!]),
  denied('the owner cannot add a request to their own inbox', OWN_DECLINE, BOB, adaAskedBob, [
    { path: INBOX_B, after: entriesAdded(bobAsked, 'friendRequests', { [CY]: incoming(CY) }) },
  ]),
  denied('in place: the owner cannot rewrite an incoming request', OWN_DECLINE, BOB, adaAskedBob, [
    { path: INBOX_B, after: entryChanged(bobAsked, 'friendRequests', ADA, { senderName: 'Admin' }) },
  ]),
  denied('an inbox has only the inbox fields', OWN_DECLINE, BOB, adaAskedBob, [
    { path: INBOX_B, after: with_(inbox({ hasNewNotification: true }), { friends: {} }) },
  ]),
  denied('an inbox is never deleted', OWN_DECLINE, BOB, adaAskedBob, [{ path: INBOX_B, after: null }]),

  // the owner's notifications: only lose keys or turn read (at most 10 per write)
  allowed(OWN_READ, ADA, adaWithNotices(1), [
    { path: INBOX_A, after: entryChanged(adaWithNotices(1)[INBOX_A]!, 'notifications', firstNoticeId, { read: true }) },
  ]),
  allowed(OWN_READ_10, ADA, adaWithNotices(100), [{ path: INBOX_A, after: readFirst(10) }]),
  denied('the owner marks at most 10 notifications read in one write', OWN_READ_10, ADA, adaWithNotices(100), [
    { path: INBOX_A, after: readFirst(11) },
  ]),
  denied("in place: the owner cannot rewrite a notification's message", OWN_READ, ADA, adaWithNotices(1), [
    {
      path: INBOX_A,
      after: entryChanged(adaWithNotices(1)[INBOX_A]!, 'notifications', firstNoticeId, {
        read: true,
        message: 'x'.repeat(5000),
      }),
    },
  ]),
  denied(
    'in place: a read notification does not turn unread',
    OWN_READ,
    ADA,
    { ...S0, [INBOX_A]: entryChanged(adaWithNotices(1)[INBOX_A]!, 'notifications', firstNoticeId, { read: true }) },
    [{ path: INBOX_A, after: adaWithNotices(1)[INBOX_A]! }],
  ),
  denied('the owner cannot add a notification to their own inbox', OWN_READ, ADA, adaWithNotices(1), [
    {
      path: INBOX_A,
      after: entriesAdded(adaWithNotices(1)[INBOX_A]!, 'notifications', {
        [`accepted_${CY}_1_${NOW}`]: acceptedNotification(CY, `${CY}_1`),
      }),
    },
  ]),
  denied('notifications are a map, never a string', OWN_READ, ADA, adaWithNotices(1), [
    { path: INBOX_A, after: with_(adaWithNotices(1)[INBOX_A]!, { notifications: 'none' }) },
  ]),
  allowed(OWN_DROP_NOTICE, ADA, adaWithNotices(1), [
    { path: INBOX_A, after: with_(adaWithNotices(1)[INBOX_A]!, { notifications: {} }) },
  ]),
  allowed(OWN_CLEAR, ADA, adaWithNotices(1), [
    { path: INBOX_A, after: with_(adaWithNotices(1)[INBOX_A]!, { hasNewNotification: false }) },
  ]),
  denied('hasNewNotification is a boolean', OWN_CLEAR, ADA, adaWithNotices(1), [
    { path: INBOX_A, after: with_(adaWithNotices(1)[INBOX_A]!, { hasNewNotification: 'no' }) },
  ]),
  denied("nobody clears another user's flag", OWN_CLEAR, BOB, adaWithNotices(1), [
    { path: INBOX_A, after: with_(adaWithNotices(1)[INBOX_A]!, { hasNewNotification: false }) },
  ]),
  denied("nobody marks another user's notifications read", OWN_READ, BOB, adaWithNotices(1), [
    { path: INBOX_A, after: entryChanged(adaWithNotices(1)[INBOX_A]!, 'notifications', firstNoticeId, { read: true }) },
  ]),
  denied("nobody deletes another user's notifications", OWN_DROP_NOTICE, BOB, adaWithNotices(1), [
    { path: INBOX_A, after: with_(adaWithNotices(1)[INBOX_A]!, { notifications: {} }) },
  ]),

  // ---------- users: another user's document ----------
  denied("a user cannot change another user's profile fields", REMOVE_RETRY, ADA, friendsAB, [
    { path: user(BOB), after: with_(friendsAB[user(BOB)]!, { displayName: 'Bobby' }) },
  ]),
  denied("a user cannot change another user's postCount", REMOVE_RETRY, ADA, friendsAB, [
    { path: user(BOB), after: with_(friendsAB[user(BOB)]!, { postCount: 1 }) },
  ]),
  denied("private data: nobody writes notifications into another user's profile", REMOVE_RETRY, ADA, friendsAB, [
    { path: user(BOB), after: with_(friendsAB[user(BOB)]!, { notifications: {} }) },
  ]),

  // ---------- send: typed, in the sender's own name, mirrored, counted, once per pair, into an inbox of at most 50 ----------
  allowed(SEND, ADA, S0, sendWrites(S0)),
  allowed(SEND_NEW_INBOXES, ADA, strangers, sendWrites(strangers)),
  ...capCases(SIZES, REQUESTS_CAP, `send: to a receiver holding ${REQUESTS_CAP} requests (inbox full)`, {
    name: sendHolding,
    actor: ADA,
    state: bobHolding,
    writes: sendWrites,
  }),
  ...capCases(SIZES, SENT_CAP, `send: from a sender holding ${SENT_CAP} sent requests (cap)`, {
    name: sendFromHolding,
    actor: ADA,
    state: adaHoldingSent,
    writes: sendWrites,
  }),
  // the duplicate check: a key per sender
  denied(
    'send: a second request while one from the sender is held is refused',
    sendHolding(1),
    ADA,
    { ...S0, [INBOX_B]: inbox({ friendRequests: { [ADA]: incoming(ADA, `${ADA}_${NOW - 1000}`) } }) },
    sendWrites({ ...S0, [INBOX_B]: inbox({ friendRequests: { [ADA]: incoming(ADA, `${ADA}_${NOW - 1000}`) } }) }),
  ),
  denied(
    'send: a duplicate among 49 held requests is refused too',
    sendHolding(49),
    ADA,
    {
      ...S0,
      [INBOX_B]: inbox({ friendRequests: { ...requestsFrom(48), [ADA]: incoming(ADA, `${ADA}_${NOW - 1000}`) } }),
    },
    sendWrites({
      ...S0,
      [INBOX_B]: inbox({ friendRequests: { ...requestsFrom(48), [ADA]: incoming(ADA, `${ADA}_${NOW - 1000}`) } }),
    }),
  ),
  // the incoming entry
  denied(
    'send: a request whose senderId is someone else is refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { request: { senderId: CY } }),
  ),
  denied(
    "send: the request is keyed by the sender's id",
    SEND,
    ADA,
    S0,
    replacing(
      sendWrites(S0),
      INBOX_B,
      inbox({ friendRequests: { [CY]: incoming(ADA, REQUEST_ID, SERVER_TIME) }, hasNewNotification: true }),
    ),
  ),
  denied(
    'send: two requests at once are refused',
    SEND,
    ADA,
    S0,
    editing(sendWrites(S0), INBOX_B, (after) =>
      entriesAdded(after, 'friendRequests', { [CY]: incoming(CY, `${CY}_${NOW}`, SERVER_TIME) }),
    ),
  ),
  denied(
    'send: a requestId that is not {senderId}_{ms} is refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { requestId: `${BOB}_1` }),
  ),
  denied(
    'bounded: a 200-character requestId is refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { requestId: `${ADA}_${'1'.repeat(190)}` }),
  ),
  denied('send: a spoofed sender name is refused', SEND, ADA, S0, sendWrites(S0, { request: { senderName: 'Bob' } })),
  denied(
    'bounded: a 5,000-character sender name is refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { request: { senderName: 'x'.repeat(5000) } }),
  ),
  denied(
    'send: a spoofed sender photo is refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { request: { senderPhoto: 'https://evil.example/ada.png' } }),
  ),
  denied('send: a request starts pending', SEND, ADA, S0, sendWrites(S0, { request: { status: 'accepted' } })),
  denied(
    'times: a request createdAt as an ISO string is refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { request: { createdAt: NOW_ISO } }),
  ),
  denied(
    'times: a request createdAt as a client number is refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { request: { createdAt: NOW - 1 } }),
  ),
  denied(
    'times: a request dated years ahead is refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { request: { createdAt: YEARS_AHEAD } }),
  ),
  denied(
    'times: a request dated years ahead as an ISO string is refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { request: { createdAt: YEARS_AHEAD_ISO } }),
  ),
  denied(
    'times: a request createdAt as a map is refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { request: { createdAt: { seconds: 1 } } }),
  ),
  denied(
    'bounded: extra keys in the request are refused',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { request: { message: 'Click https://evil.example' } }),
  ),
  denied(
    'bounded: a request without its senderPhoto key is refused',
    SEND,
    ADA,
    S0,
    editing(sendWrites(S0), INBOX_B, (after) =>
      with_(after, {
        friendRequests: { [ADA]: (({ senderPhoto: _p, ...rest }) => rest)(incoming(ADA, REQUEST_ID, SERVER_TIME)) },
      }),
    ),
  ),
  // the rest of the receiver's inbox stays
  denied(
    "send: the receiver's flag is set, never cleared",
    SEND,
    ADA,
    S0,
    editing(sendWrites(S0), INBOX_B, (after) => with_(after, { hasNewNotification: false })),
  ),
  denied(
    "send: nothing else of the receiver's inbox changes",
    SEND,
    ADA,
    S0,
    editing(sendWrites(S0), INBOX_B, (after) =>
      with_(after, { notifications: { [ACCEPTED_ID]: acceptedNotification(ADA, REQUEST_ID, SERVER_TIME) } }),
    ),
  ),
  denied(
    "send: the receiver's rate window is not the sender's to write",
    SEND,
    ADA,
    S0,
    editing(sendWrites(S0), INBOX_B, (after) =>
      with_(after, { requestWindowStart: SERVER_TIME, requestWindowCount: 10 }),
    ),
  ),
  denied(
    "in place: the sender cannot rewrite another request in the receiver's inbox",
    sendHolding(1),
    ADA,
    bobHolding(1),
    editing(sendWrites(bobHolding(1)), INBOX_B, (after) =>
      entryChanged(after, 'friendRequests', 'u0', { senderName: 'Spam' }),
    ),
  ),
  denied(
    "send: the sender cannot drop another request from the receiver's inbox",
    sendHolding(1),
    ADA,
    bobHolding(1),
    editing(sendWrites(bobHolding(1)), INBOX_B, (after) =>
      with_(after, { friendRequests: without(mapOf(after.friendRequests), 'u0') }),
    ),
  ),
  // the mirror and the window
  denied(
    "send: without the mirror entry in the caller's sent map it is refused",
    SEND,
    ADA,
    S0,
    sendWrites(S0, { mirror: false }),
  ),
  denied(
    'send: the mirror names the same requestId',
    SEND,
    ADA,
    S0,
    editing(sendWrites(S0), INBOX_A, (after) =>
      entryChanged(after, 'sentFriendRequests', BOB, { requestId: `${ADA}_${NOW + 1}` }),
    ),
  ),
  denied(
    "send: a request not counted in the sender's rate window is refused",
    SEND,
    ADA,
    S0,
    editing(sendWrites(S0), INBOX_A, (after) => without(after, 'requestWindowStart', 'requestWindowCount')),
  ),
  denied(
    'send: replaying an old sent entry without counting it is refused',
    SEND,
    ADA,
    {
      ...S0,
      [INBOX_A]: inbox({ sentFriendRequests: { [BOB]: sentTo(BOB) }, requestWindowStart: NOW, requestWindowCount: 1 }),
    },
    sendWrites(S0, { mirror: false }),
  ),
  denied('send: nobody sends a request to themself', SEND, ADA, S0, [
    {
      path: INBOX_A,
      after: inbox({
        friendRequests: { [ADA]: incoming(ADA, REQUEST_ID, SERVER_TIME) },
        sentFriendRequests: { [ADA]: with_(sentTo(ADA, REQUEST_ID, SERVER_TIME), {}) },
        requestWindowStart: SERVER_TIME,
        requestWindowCount: 1,
        hasNewNotification: true,
      }),
    },
  ]),
  denied(
    'send: nobody sends a request to someone without a profile',
    SEND_NEW_INBOXES,
    ADA,
    { [user(ADA)]: ada },
    sendWrites(strangers),
  ),
  // the sent entry (the sender's own inbox)
  denied('send: the sent entry starts pending', SEND, ADA, S0, sendWrites(S0, { sent: { status: 'accepted' } })),
  denied(
    'send: the sent entry names the receiver as their profile does',
    SEND,
    ADA,
    S0,
    sendWrites(S0, { sent: { receiverName: 'Robert' } }),
  ),
  denied(
    "send: the sent entry's receiverPhoto is the receiver's",
    SEND,
    ADA,
    S0,
    sendWrites(S0, { sent: { receiverPhoto: 'https://evil.example/bob.png' } }),
  ),
  denied(
    "bounded: the sent entry's receiverName is at most 50 characters",
    SEND,
    ADA,
    S0,
    sendWrites(S0, { sent: { receiverName: 'x'.repeat(51) } }),
  ),
  denied(
    "times: the sent entry's createdAt as an ISO string is refused",
    SEND,
    ADA,
    S0,
    sendWrites(S0, { sent: { createdAt: NOW_ISO } }),
  ),
  denied(
    "times: the sent entry's createdAt years ahead is refused",
    SEND,
    ADA,
    S0,
    sendWrites(S0, { sent: { createdAt: YEARS_AHEAD } }),
  ),
  denied(
    "send: the sent entry's requestId starts with the sender's id",
    SEND,
    ADA,
    S0,
    sendWrites(S0, { requestId: `${CY}_${NOW}` }),
  ),
  denied(
    "counters: the sent entry's receiverId is its key",
    SEND,
    ADA,
    S0,
    sendWrites(S0, { sent: { receiverId: CY } }),
  ),
  denied('bounded: the sent entry has only the known keys', SEND, ADA, S0, sendWrites(S0, { sent: { note: 'hi' } })),
  denied(
    'send: two sent entries at once are refused',
    SEND,
    ADA,
    S0,
    editing(sendWrites(S0), INBOX_A, (after) =>
      entriesAdded(after, 'sentFriendRequests', { [CY]: sentTo(CY, `${ADA}_${NOW + 1}`, SERVER_TIME) }),
    ),
  ),
  denied(
    'in place: the sender cannot rewrite another sent entry while sending',
    SEND_OTHER_SENT,
    ADA,
    adaHoldingSent(1),
    editing(sendWrites(adaHoldingSent(1)), INBOX_A, (after) =>
      entryChanged(after, 'sentFriendRequests', 'r0', { receiverName: 'Robert' }),
    ),
  ),
  // blocks, both ways
  allowed('block: a block between others does not stop a send', ADA, { ...S0, ...blocking(BOB, CY) }, sendWrites(S0)),
  denied(
    'block: no request to someone who blocked the sender',
    SEND,
    ADA,
    { ...S0, ...blocking(BOB, ADA) },
    sendWrites(S0),
  ),
  denied(
    'block: no request to someone the sender blocked',
    SEND,
    ADA,
    { ...S0, ...blocking(ADA, BOB) },
    sendWrites(S0),
  ),

  // the rate window: at most 10 requests per minute
  allowed(TENTH, ADA, inWindow(30_000, 9), sendWrites(inWindow(30_000, 9), { window: rateWindow(30_000, 10) })),
  denied(
    'rate window: an eleventh request within the window is refused',
    TENTH,
    ADA,
    inWindow(30_000, 10),
    sendWrites(inWindow(30_000, 10), { window: rateWindow(30_000, 11) }),
  ),
  denied(
    'rate window: the count moves by one, not back to zero',
    TENTH,
    ADA,
    inWindow(30_000, 9),
    sendWrites(inWindow(30_000, 9), { window: rateWindow(30_000, 0) }),
  ),
  allowed(NEW_WINDOW, ADA, inWindow(120_000, 10), sendWrites(inWindow(120_000, 10))),
  denied(
    'rate window: no new window before the minute is over',
    NEW_WINDOW,
    ADA,
    inWindow(30_000, 10),
    sendWrites(inWindow(30_000, 10)),
    {
      only: {
        runner: 'policy',
        reason:
          "the emulator's request.time is today, not RULE_CASE_TIME: a window that started 30 s before the case's time is long over there",
      },
    },
  ),
  denied(
    'times: a new window starts at the server time, not a client time',
    NEW_WINDOW,
    ADA,
    inWindow(120_000, 10),
    sendWrites(inWindow(120_000, 10), { window: { requestWindowStart: NOW + 3_600_000 } }),
  ),
  denied(
    'rate window: a new window starts with a count of one',
    NEW_WINDOW,
    ADA,
    inWindow(120_000, 10),
    sendWrites(inWindow(120_000, 10), { window: { requestWindowCount: -5 } }),
  ),
  denied("rate window: nobody resets another user's window", TENTH, BOB, inWindow(30_000, 10), [
    { path: INBOX_A, after: inbox(rateWindow(30_000, 0)) },
  ]),

  // ---------- accept: consent (the sender asked), names and the notice tied to the accepter's profile ----------
  allowed(ACCEPT, BOB, adaAskedBob, acceptWrites(adaAskedBob)),
  ...capCases([...SIZES, FRIENDS_CAP - 1], FRIENDS_CAP, `accept: the accepter holding ${FRIENDS_CAP} friends (cap)`, {
    name: acceptAccepterHolding,
    actor: BOB,
    state: accepterHolding,
    writes: acceptWrites,
  }),
  ...capCases([...SIZES, FRIENDS_CAP - 1], FRIENDS_CAP, `accept: the sender holding ${FRIENDS_CAP} friends (cap)`, {
    name: acceptSenderHolding,
    actor: BOB,
    state: senderHolding,
    writes: acceptWrites,
  }),
  ...capCases(
    [...SIZES, NOTIFICATIONS_CAP - 1],
    NOTIFICATIONS_CAP,
    `accept: the sender's inbox holding ${NOTIFICATIONS_CAP} notifications (cap)`,
    { name: acceptNoticesHolding, actor: BOB, state: noticesHolding, writes: acceptWrites },
  ),
  allowed(
    `accept: the accepter holding ${REQUESTS_CAP} requests accepts one`,
    BOB,
    {
      ...adaAskedBob,
      [INBOX_B]: with_(bobAsked, { friendRequests: { ...requestsFrom(REQUESTS_CAP - 1), [ADA]: incoming(ADA) } }),
    },
    acceptWrites({
      ...adaAskedBob,
      [INBOX_B]: with_(bobAsked, { friendRequests: { ...requestsFrom(REQUESTS_CAP - 1), [ADA]: incoming(ADA) } }),
    }),
  ),
  allowed(
    ACCEPT_ALREADY,
    BOB,
    { ...adaAskedBob, [user(ADA)]: friendsAB[user(ADA)]!, [user(BOB)]: friendsAB[user(BOB)]! },
    acceptWrites({ ...adaAskedBob, [user(ADA)]: friendsAB[user(ADA)]!, [user(BOB)]: friendsAB[user(BOB)]! }),
  ),
  allowed(
    'accept: the accepter already lists the sender, only the sender gains',
    BOB,
    bobListsAda,
    acceptWrites(bobListsAda),
  ),
  allowed(ACCEPT_SENT_ELSEWHERE, BOB, askedElsewhere, acceptWrites(askedElsewhere)),
  // consent
  denied("adding oneself to another's friends without their request is refused", ACCEPT, BOB, S0, [
    { path: user(BOB), after: withFriends(bob, { [ADA]: friendEntry(ADA) }) },
    { path: user(ADA), after: withFriends(ada, { [BOB]: friendEntry(BOB) }) },
  ]),
  denied(
    "accept: the request must leave the accepter's inbox in the same write",
    ACCEPT,
    BOB,
    adaAskedBob,
    replacing(acceptWrites(adaAskedBob), INBOX_B, undefined),
  ),
  denied(
    'accept: a request someone else sent is no consent',
    ACCEPT,
    BOB,
    { ...adaAskedBob, [INBOX_B]: inbox({ friendRequests: { [CY]: incoming(CY) } }) },
    editing(acceptWrites(adaAskedBob), INBOX_B, () => inbox()),
  ),
  denied(
    'accept: a request that is not pending is no consent',
    ACCEPT,
    BOB,
    { ...adaAskedBob, [INBOX_B]: entryChanged(bobAsked, 'friendRequests', ADA, { status: 'accepted' }) },
    acceptWrites(adaAskedBob),
  ),
  denied(
    'accept: the accepter adds only themself to the sender',
    ACCEPT,
    BOB,
    adaAskedBob,
    editing(acceptWrites(adaAskedBob), user(ADA), (after) =>
      withFriends(after, { ...mapOf(after.friends), [CY]: friendEntry(CY) }),
    ),
  ),
  // counters
  denied(
    "counters: the sender's friendCount follows the map",
    ACCEPT,
    BOB,
    adaAskedBob,
    editing(acceptWrites(adaAskedBob), user(ADA), (after) => with_(after, { friendCount: 7 })),
  ),
  denied(
    "counters: the accepter's friendCount follows the map",
    ACCEPT,
    BOB,
    adaAskedBob,
    editing(acceptWrites(adaAskedBob), user(BOB), (after) => with_(after, { friendCount: 2 })),
  ),
  denied(
    'counters: the entry on the sender is keyed by its id',
    ACCEPT,
    BOB,
    adaAskedBob,
    editing(acceptWrites(adaAskedBob), user(ADA), (after) => with_(after, { friends: { [BOB]: friendEntry(CY) } })),
  ),
  // list elements and bounds of the entry the accepter writes on the sender
  denied(
    "list elements: the entry on the sender carries the accepter's own name",
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { adaEntry: { displayName: 'Admin' } }),
  ),
  denied(
    "list elements: the entry on the sender carries the accepter's own photo",
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { adaEntry: { photoURL: 'https://evil.example/bob.png' } }),
  ),
  denied(
    'bounded: the entry on the sender has an ISO addedAt',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { adaEntry: { addedAt: ['2026'] } }),
  ),
  denied(
    'bounded: the entry on the sender has only the four keys',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { adaEntry: { note: 'x'.repeat(10_000) } }),
  ),
  denied(
    "list elements: the accepter's own entry of the sender carries the sender's name",
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { bobEntry: { displayName: 'Ada Lovelace' } }),
  ),
  // in place: the accepter touches nothing else of the sender's
  denied(
    "in place: the accepter cannot rewrite the sender's other friend",
    acceptSenderHolding(1),
    BOB,
    senderHolding(1),
    editing(acceptWrites(senderHolding(1)), user(ADA), (after) =>
      entryChanged(after, 'friends', 'f0', { displayName: 'Spam' }),
    ),
  ),
  denied(
    "the accepter cannot remove the sender's other friend",
    acceptSenderHolding(1),
    BOB,
    senderHolding(1),
    editing(acceptWrites(senderHolding(1)), user(ADA), (after) =>
      withFriends(after, without(mapOf(after.friends), 'f0')),
    ),
  ),
  denied(
    "in place: the accepter cannot rewrite the sender's other notification",
    acceptNoticesHolding(1),
    BOB,
    noticesHolding(1),
    editing(acceptWrites(noticesHolding(1)), INBOX_A, (after) =>
      entryChanged(after, 'notifications', Object.keys(notificationsOf(1))[0]!, { message: 'Spam' }),
    ),
  ),
  denied(
    "the accepter cannot drop the sender's other notification",
    acceptNoticesHolding(1),
    BOB,
    noticesHolding(1),
    editing(acceptWrites(noticesHolding(1)), INBOX_A, (after) =>
      with_(after, { notifications: without(mapOf(after.notifications), Object.keys(notificationsOf(1))[0]!) }),
    ),
  ),
  denied(
    "in place: the accepter cannot rewrite the sender's sent entry to someone else",
    ACCEPT_SENT_ELSEWHERE,
    BOB,
    askedElsewhere,
    editing(acceptWrites(askedElsewhere), INBOX_A, (after) =>
      entryChanged(after, 'sentFriendRequests', CY, { status: 'accepted' }),
    ),
  ),
  denied(
    "the accepter cannot drop the sender's sent entry to someone else",
    ACCEPT_SENT_ELSEWHERE,
    BOB,
    askedElsewhere,
    editing(acceptWrites(askedElsewhere), INBOX_A, (after) => with_(after, { sentFriendRequests: {} })),
  ),
  denied(
    "the accepter cannot write the sender's incoming requests",
    ACCEPT,
    BOB,
    adaAskedBob,
    editing(acceptWrites(adaAskedBob), INBOX_A, (after) => with_(after, { friendRequests: { [CY]: incoming(CY) } })),
  ),
  denied(
    "the accepter cannot clear the sender's flag",
    ACCEPT,
    BOB,
    adaAskedBob,
    editing(acceptWrites(adaAskedBob), INBOX_A, (after) => with_(after, { hasNewNotification: false })),
  ),
  // the notice: the spec's sentence, the accepter's name and photo, the server's time
  denied(
    'free text: the notice says exactly the spec’s sentence',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, {
      notification: { message: 'Bob accepted your friend request. Claim your prize at https://evil.example' },
    }),
  ),
  denied(
    'free text: the notice’s sentence names the accepter, nobody else',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { message: 'Cy accepted your friend request' } }),
  ),
  denied(
    'accept: a notice sent in another name is refused',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { senderId: CY } }),
  ),
  denied(
    'accept: the notice’s senderName is the accepter’s own',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { senderName: 'Cy' } }),
  ),
  denied(
    'accept: the notice’s senderPhoto is the accepter’s own',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { senderPhoto: 'https://evil.example/bob.png' } }),
  ),
  denied(
    'accept: the notice id names the request accepted in the same write',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, {
      notification: { id: `accepted_${ADA}_1_${NOW}` },
      notificationKey: `accepted_${ADA}_1_${NOW}`,
    }),
  ),
  denied(
    'counters: the notice is keyed by its own id',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notificationKey: 'spoofed' }),
  ),
  denied(
    'accept: the notice arrives unread',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { read: true } }),
  ),
  denied(
    'accept: the notice is of type friendRequestAccepted',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { type: 'friendRequest' } }),
  ),
  denied(
    'bounded: the notice has only the known keys',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { link: 'https://evil.example' } }),
  ),
  denied(
    'times: the notice’s createdAt as an ISO string is refused',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { createdAt: NOW_ISO } }),
  ),
  denied(
    'times: the notice’s createdAt as a client number is refused',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { createdAt: NOW - 1 } }),
  ),
  denied(
    'times: a notice dated years ahead is refused',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { createdAt: YEARS_AHEAD } }),
  ),
  denied(
    'times: a notice dated years ahead as an ISO string is refused',
    ACCEPT,
    BOB,
    adaAskedBob,
    acceptWrites(adaAskedBob, { notification: { createdAt: YEARS_AHEAD_ISO } }),
  ),
  denied(
    'accept: two notices at once are refused',
    ACCEPT,
    BOB,
    adaAskedBob,
    editing(acceptWrites(adaAskedBob), INBOX_A, (after) =>
      entriesAdded(after, 'notifications', {
        [`accepted_${REQUEST_ID}_${NOW + 1}`]: with_(acceptedNotification(BOB, REQUEST_ID, SERVER_TIME), {
          id: `accepted_${REQUEST_ID}_${NOW + 1}`,
        }),
      }),
    ),
  ),
  denied(
    'accept: the notice sets the sender’s flag',
    ACCEPT,
    BOB,
    adaAskedBob,
    editing(acceptWrites(adaAskedBob), INBOX_A, (after) => with_(after, { hasNewNotification: false })),
  ),
  denied(
    'accept: no notice when the sender already lists the accepter',
    ACCEPT_ALREADY,
    BOB,
    { ...adaAskedBob, [user(ADA)]: friendsAB[user(ADA)]!, [user(BOB)]: friendsAB[user(BOB)]! },
    editing(
      acceptWrites({ ...adaAskedBob, [user(ADA)]: friendsAB[user(ADA)]!, [user(BOB)]: friendsAB[user(BOB)]! }),
      INBOX_A,
      (after) =>
        with_(after, {
          notifications: { [ACCEPTED_ID]: acceptedNotification(BOB, REQUEST_ID, SERVER_TIME) },
          hasNewNotification: true,
        }),
    ),
  ),
  denied(
    'accept: no notice without the sender gaining the accepter in the same write',
    ACCEPT,
    BOB,
    adaAskedBob,
    replacing(acceptWrites(adaAskedBob), user(ADA), undefined),
  ),
  // blocks, both ways: the app ends pending requests when blocking, so an accept across a block is refused
  denied(
    'block: no accept of a request from someone the accepter blocked',
    ACCEPT,
    BOB,
    { ...adaAskedBob, ...blocking(BOB, ADA) },
    acceptWrites(adaAskedBob),
  ),
  denied(
    'block: no accept of a request from someone who blocked the accepter',
    ACCEPT,
    BOB,
    { ...adaAskedBob, ...blocking(ADA, BOB) },
    acceptWrites(adaAskedBob),
  ),

  // ---------- decline, cancel: both halves in one batch ----------
  allowed(DECLINE, BOB, adaAskedBob, endRequestWrites(adaAskedBob)),
  denied("decline: nobody else drops a user's sent entry", DECLINE, CY, adaAskedBob, [
    endRequestWrites(adaAskedBob)[1]!,
  ]),
  denied(
    'decline: the decliner cannot add a notice without accepting',
    DECLINE,
    BOB,
    adaAskedBob,
    editing(endRequestWrites(adaAskedBob), INBOX_A, (after) =>
      with_(after, {
        notifications: { [ACCEPTED_ID]: acceptedNotification(BOB, REQUEST_ID, SERVER_TIME) },
        hasNewNotification: true,
      }),
    ),
  ),
  denied(
    "decline: the decliner cannot drop the sender's other sent entries",
    ACCEPT_SENT_ELSEWHERE,
    BOB,
    askedElsewhere,
    editing(endRequestWrites(askedElsewhere), INBOX_A, (after) => with_(after, { sentFriendRequests: {} })),
  ),
  allowed(CANCEL, ADA, adaAskedBob, [...endRequestWrites(adaAskedBob)].reverse()),
  // A write that only removes (nothing) would otherwise create another user's inbox, or one for no user at all.
  denied("inboxes: nobody creates another user's inbox by removing nothing", CANCEL, ADA, strangers, [
    { path: INBOX_B, after: {} },
  ]),
  denied("inboxes: nor with the inbox's empty maps", CANCEL, ADA, strangers, [
    { path: INBOX_B, after: { friendRequests: {}, sentFriendRequests: {} } },
  ]),
  denied('inboxes: nor for an id that is nobody’s', CANCEL, ADA, strangers, [{ path: 'inboxes/nobody', after: {} }]),
  denied("cancel: nobody removes a third user's request", CANCEL, CY, adaAskedBob, [endRequestWrites(adaAskedBob)[0]!]),
  allowed(CANCEL_OTHERS, ADA, cancelOthersState, endRequestWrites(cancelOthersState)),
  denied(
    "cancel: the sender cannot take another sender's request with theirs",
    CANCEL_OTHERS,
    ADA,
    cancelOthersState,
    editing(endRequestWrites(cancelOthersState), INBOX_B, (after) => with_(after, { friendRequests: {} })),
  ),
  denied(
    "in place: the sender cannot rewrite another sender's request while cancelling",
    CANCEL_OTHERS,
    ADA,
    cancelOthersState,
    editing(endRequestWrites(cancelOthersState), INBOX_B, (after) =>
      entryChanged(after, 'friendRequests', CY, { senderName: 'Spam' }),
    ),
  ),

  // ---------- remove ----------
  allowed(REMOVE, ADA, friendsAB, removeWrites(friendsAB)),
  allowed(REMOVE_RETRY, ADA, friendsAB, [removeWrites(friendsAB)[1]!]),
  allowed(REMOVE_LINGERING, ADA, lingering, lingeringWrites),
  allowed(
    `remove: from a friend holding ${FRIENDS_CAP} friends`,
    ADA,
    { ...friendsAB, [user(BOB)]: withFriends(bob, { ...friendsOf(FRIENDS_CAP - 1), [ADA]: friendEntry(ADA) }) },
    removeWrites({
      ...friendsAB,
      [user(BOB)]: withFriends(bob, { ...friendsOf(FRIENDS_CAP - 1), [ADA]: friendEntry(ADA) }),
    }),
  ),
  denied(
    "remove: nobody takes a third user out of a friend's map",
    REMOVE_RETRY,
    ADA,
    { ...friendsAB, [user(BOB)]: withFriends(bob, { [ADA]: friendEntry(ADA), [CY]: friendEntry(CY) }) },
    [{ path: user(BOB), after: withFriends(bob, { [ADA]: friendEntry(ADA) }) }],
  ),
  denied('counters: remove keeps friendCount the size of the map', REMOVE_RETRY, ADA, friendsAB, [
    { path: user(BOB), after: with_(bob, { friends: {}, friendCount: 1 }) },
  ]),
  denied('remove: the remover cannot add themself back with another name', REMOVE_RETRY, ADA, friendsAB, [
    { path: user(BOB), after: entryChanged(friendsAB[user(BOB)]!, 'friends', ADA, { displayName: 'Ada Lovelace' }) },
  ]),
  denied(
    "remove: someone else's request does not go with the friendship",
    REMOVE_LINGERING,
    ADA,
    { ...lingering, [INBOX_B]: entriesAdded(lingering[INBOX_B]!, 'friendRequests', { [CY]: incoming(CY) }) },
    editing(lingeringWrites, INBOX_B, () => inbox()),
  ),
  denied(
    "remove: the remover cannot touch the friend's notifications",
    REMOVE_LINGERING,
    ADA,
    { ...lingering, [INBOX_B]: with_(lingering[INBOX_B]!, { notifications: notificationsOf(1) }) },
    editing(lingeringWrites, INBOX_B, () => inbox()),
  ),

  // ---------- project decisions: the applicant's inbox ----------
  allowed(PROJECT_DECLINE, ADA, bobApplied, decisionWrites(bobApplied, 'declined')),
  allowed(PROJECT_APPROVE, ADA, bobApplied, decisionWrites(bobApplied, 'approved')),
  allowed(
    'project decision: the notice creates the applicant’s inbox',
    ADA,
    omit(bobApplied, INBOX_B),
    decisionWrites({}, 'declined'),
  ),
  ...capCases(
    [49, NOTIFICATIONS_CAP - 1],
    NOTIFICATIONS_CAP,
    `project decision: to an applicant holding ${NOTIFICATIONS_CAP} notifications (cap)`,
    {
      name: projectNoticesHolding,
      actor: ADA,
      state: applicantHolding,
      writes: (state) => decisionWrites(state, 'declined'),
    },
  ),
  denied(
    'free text: a decision notice says exactly the sentence',
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', {
      message: 'Ada declined your request to join DevTribe. Claim your prize at https://evil.example',
    }),
  ),
  denied(
    "free text: a decision notice names the project's own title",
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', { message: 'Ada declined your request to join Something Else' }),
  ),
  denied(
    'free text: a decision notice names the owner',
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', { message: 'Cy declined your request to join DevTribe' }),
  ),
  denied(
    'free text: an approval notice says approved',
    PROJECT_APPROVE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'approved', { message: 'Ada declined your request to join DevTribe' }),
  ),
  denied(
    "project decision: the notice's type is the decision made",
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', { type: 'projectApplicationApproved' }),
  ),
  denied(
    'project decision: a decision notice answers a decision made in the same write',
    PROJECT_DECLINE,
    ADA,
    { ...bobApplied, [APPLICATION]: applicationDoc({ status: 'declined', decidedAt: NOW - 1000 }) },
    [decisionWrites(bobApplied, 'declined').at(-1)!],
  ),
  denied('project decision: nobody but the owner sends one', PROJECT_DECLINE, CY, bobApplied, [
    editing(decisionWrites(bobApplied, 'declined'), INBOX_B, (after) =>
      entryChanged(after, 'notifications', PROJECT_NOTICE_ID, {
        senderId: CY,
        senderName: 'Cy',
        message: 'Cy declined your request to join DevTribe',
      }),
    ).at(-1)!,
  ]),
  denied(
    "project decision: the notice's senderName is the owner's own",
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', { senderName: 'DevTribe Team' }),
  ),
  denied(
    "project decision: the notice's senderPhoto is the owner's own",
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', { senderPhoto: 'https://evil.example/x.png' }),
  ),
  denied(
    'project decision: the notice arrives unread',
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', { read: true }),
  ),
  denied(
    'bounded: a decision notice has only the known keys',
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', { link: 'https://evil.example' }),
  ),
  denied(
    'times: a decision notice dated years ahead is refused',
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', { createdAt: YEARS_AHEAD }),
  ),
  denied(
    'times: a decision notice with an ISO time is refused',
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', { createdAt: NOW_ISO }),
  ),
  denied(
    'counters: a decision notice is keyed by its own id',
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', {}, `project_pr1_${BOB}_${NOW + 1}`),
  ),
  denied(
    'project decision: the notice id names the applicant whose inbox it is',
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    decisionWrites(bobApplied, 'declined', { id: `project_pr1_${CY}_${NOW}` }, `project_pr1_${CY}_${NOW}`),
  ),
  denied(
    'project decision: the notice sets the flag',
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    editing(decisionWrites(bobApplied, 'declined'), INBOX_B, (after) => with_(after, { hasNewNotification: false })),
  ),
  denied(
    'project decision: one notice per decision',
    PROJECT_DECLINE,
    ADA,
    bobApplied,
    editing(decisionWrites(bobApplied, 'declined'), INBOX_B, (after) =>
      entriesAdded(after, 'notifications', {
        [`project_pr1_${BOB}_${NOW + 1}`]: decisionNotice('declined', { id: `project_pr1_${BOB}_${NOW + 1}` }),
      }),
    ),
  ),
  denied(
    "in place: the owner cannot rewrite the applicant's other notification",
    projectNoticesHolding(49),
    ADA,
    applicantHolding(49),
    editing(decisionWrites(applicantHolding(49), 'declined'), INBOX_B, (after) =>
      entryChanged(after, 'notifications', Object.keys(notificationsOf(1))[0]!, { message: 'Spam' }),
    ),
  ),
  denied(
    "the owner cannot drop the applicant's other notifications",
    projectNoticesHolding(49),
    ADA,
    applicantHolding(49),
    editing(decisionWrites(applicantHolding(49), 'declined'), INBOX_B, (after) =>
      with_(after, { notifications: { [PROJECT_NOTICE_ID]: decisionNotice('declined') } }),
    ),
  ),

  // ---------- reads: profiles are public, inboxes only their owner's ----------
  readAllowed('users: a signed-in user gets any profile', ADA, strangers, get(user(BOB))),
  readDenied(
    'users: signed-out visitors get no profile',
    'users: a signed-in user gets any profile',
    null,
    strangers,
    get(user(BOB)),
  ),
  readAllowed(
    'users: a signed-in user lists a page of profiles',
    ADA,
    strangers,
    query({ collection: 'users', limit: 20 }),
  ),
  readDenied(
    'users: signed-out visitors list no profiles',
    'users: a signed-in user lists a page of profiles',
    null,
    strangers,
    query({ collection: 'users', limit: 20 }),
  ),
  readDenied(
    'users: a page of more than 50 profiles is refused',
    'users: a signed-in user lists a page of profiles',
    ADA,
    strangers,
    query({ collection: 'users', limit: 51 }),
  ),
  readAllowed(INBOX_GET, ADA, adaAskedBob, get(INBOX_A)),
  readAllowed(INBOX_GET_MISSING, ADA, strangers, get(INBOX_A)),
  readDenied("private data: another user cannot get someone's inbox", INBOX_GET, BOB, adaAskedBob, get(INBOX_A)),
  readDenied(
    "private data: another user cannot learn whether someone's inbox exists",
    INBOX_GET_MISSING,
    BOB,
    strangers,
    get(INBOX_A),
  ),
  readDenied('private data: signed-out visitors get no inbox', INBOX_GET, null, adaAskedBob, get(INBOX_A)),
  readDenied(
    'private data: nobody lists the inboxes, not even their own',
    INBOX_GET,
    ADA,
    adaAskedBob,
    query({ collection: 'inboxes', limit: 1 }),
  ),
  readDenied(
    'private data: nobody queries the inboxes by a field',
    INBOX_GET,
    ADA,
    adaAskedBob,
    query({ collection: 'inboxes', where: [{ field: 'hasNewNotification', op: '==', value: true }], limit: 10 }),
  ),

  // ---------- pendingFriendRemovals/{initiatorId}_{targetId} ----------
  allowed(REMOVAL_CREATE, ADA, {}, [{ path: REMOVAL, after: newRemoval() }]),
  denied('pending removal: a forged id is refused', REMOVAL_CREATE, ADA, {}, [
    { path: `pendingFriendRemovals/${BOB}_${ADA}`, after: newRemoval() },
  ]),
  denied('pending removal: an outsider cannot record one', REMOVAL_CREATE, CY, {}, [
    { path: REMOVAL, after: newRemoval() },
  ]),
  denied('pending removal: only the initiator records one, not the target', REMOVAL_CREATE, BOB, {}, [
    { path: REMOVAL, after: newRemoval() },
  ]),
  denied('pending removal: nobody records one against themself', REMOVAL_CREATE, ADA, {}, [
    { path: `pendingFriendRemovals/${ADA}_${ADA}`, after: newRemoval({ targetId: ADA }) },
  ]),
  denied('pending removal: it starts with zero attempts', REMOVAL_CREATE, ADA, {}, [
    { path: REMOVAL, after: newRemoval({ attempts: 3 }) },
  ]),
  denied('pending removal: it starts without a last attempt', REMOVAL_CREATE, ADA, {}, [
    { path: REMOVAL, after: newRemoval({ lastAttempt: SERVER_TIME }) },
  ]),
  denied('pending removal: its timestamp is the server time, not a client number', REMOVAL_CREATE, ADA, {}, [
    { path: REMOVAL, after: newRemoval({ timestamp: NOW - 1 }) },
  ]),
  denied('pending removal: its createdAt is not text', REMOVAL_CREATE, ADA, {}, [
    { path: REMOVAL, after: newRemoval({ createdAt: 'now' }) },
  ]),
  denied('times: a pending removal created at a client ISO time is refused', REMOVAL_CREATE, ADA, {}, [
    { path: REMOVAL, after: newRemoval({ createdAt: NOW_ISO }) },
  ]),
  denied('times: a pending removal created years ahead is refused', REMOVAL_CREATE, ADA, {}, [
    { path: REMOVAL, after: newRemoval({ createdAt: '2099-01-01T00:00:00.000Z' }) },
  ]),
  denied('pending removal: only the known fields', REMOVAL_CREATE, ADA, {}, [
    { path: REMOVAL, after: newRemoval({ note: 'x' }) },
  ]),
  allowed(REMOVAL_ATTEMPT, BOB, removalPending(), [
    { path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: SERVER_TIME }) },
  ]),
  allowed('pending removal: the initiator records a failed attempt too', ADA, removalPending(), [
    { path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: SERVER_TIME }) },
  ]),
  allowed(REMOVAL_TENTH, ADA, removalPending({ attempts: 9 }), [
    { path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 10, lastAttempt: SERVER_TIME }) },
  ]),
  denied('pending removal: attempts stop at 10', REMOVAL_TENTH, ADA, removalPending({ attempts: 10 }), [
    { path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 11, lastAttempt: SERVER_TIME }) },
  ]),
  denied('pending removal: attempts grow by one, not two', REMOVAL_ATTEMPT, BOB, removalPending(), [
    { path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 2, lastAttempt: SERVER_TIME }) },
  ]),
  denied('pending removal: attempts never go down', REMOVAL_ATTEMPT, BOB, removalPending({ attempts: 2 }), [
    { path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: SERVER_TIME }) },
  ]),
  denied('pending removal: lastAttempt is not a map', REMOVAL_ATTEMPT, BOB, removalPending(), [
    { path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: { at: 'now' } }) },
  ]),
  denied('times: a failed attempt stamped with a client ISO time is refused', REMOVAL_ATTEMPT, BOB, removalPending(), [
    { path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: NOW_ISO }) },
  ]),
  denied('times: a failed attempt stamped years ahead is refused', REMOVAL_ATTEMPT, BOB, removalPending(), [
    { path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: '2099-01-01T00:00:00.000Z' }) },
  ]),
  denied('pending removal: its parties never change', REMOVAL_ATTEMPT, BOB, removalPending(), [
    { path: REMOVAL, after: pendingRemoval(ADA, CY, { attempts: 1, lastAttempt: SERVER_TIME }) },
  ]),
  denied('pending removal: an outsider cannot record an attempt', REMOVAL_ATTEMPT, CY, removalPending(), [
    { path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: SERVER_TIME }) },
  ]),
  allowed(REMOVAL_DELETE, BOB, removalPending(), [{ path: REMOVAL, after: null }]),
  denied('pending removal: an outsider cannot delete it', REMOVAL_DELETE, CY, removalPending(), [
    { path: REMOVAL, after: null },
  ]),

  // reads: only the two parties; queries must select the caller's own records
  readAllowed('pending removal: a party gets it', BOB, removalPending(), get(REMOVAL)),
  readDenied(
    'pending removal: an outsider cannot get it',
    'pending removal: a party gets it',
    CY,
    removalPending(),
    get(REMOVAL),
  ),
  readAllowed('pending removal: a party named in the id probes a missing one', ADA, {}, get(REMOVAL)),
  readDenied(
    'pending removal: an outsider cannot probe a missing one',
    'pending removal: a party named in the id probes a missing one',
    CY,
    {},
    get(REMOVAL),
  ),
  readAllowed(
    'pending removal: the initiator queries their own records',
    ADA,
    removalPending(),
    removalsWhere('initiatorId', ADA),
  ),
  readAllowed(
    'pending removal: the target queries the records against them',
    BOB,
    removalPending(),
    removalsWhere('targetId', BOB),
  ),
  readDenied(
    'pending removal: an unfiltered query is refused',
    'pending removal: the initiator queries their own records',
    ADA,
    removalPending(),
    query({ collection: 'pendingFriendRemovals', limit: 50 }),
  ),
  readDenied(
    "pending removal: a query for someone else's records is refused",
    'pending removal: the initiator queries their own records',
    CY,
    removalPending(),
    removalsWhere('initiatorId', ADA),
  ),
  readDenied(
    'pending removal: signed-out visitors query nothing',
    'pending removal: the initiator queries their own records',
    null,
    removalPending(),
    removalsWhere('initiatorId', ADA),
  ),

  // ---------- accounts/{uid}: the owner's email, private ----------
  allowed(ACCOUNT_WRITE, ADA, {}, [{ path: ACCOUNT, after: { email: emailOf(ADA) } }]),
  allowed(
    'accounts: the owner updates it to the account’s current email',
    ADA,
    { [ACCOUNT]: { email: 'old@devtribe.test' } },
    [{ path: ACCOUNT, after: { email: emailOf(ADA) } }],
  ),
  denied('accounts: an email other than the account’s own is refused', ACCOUNT_WRITE, ADA, {}, [
    { path: ACCOUNT, after: { email: 'someone@else.test' } },
  ]),
  denied("accounts: nobody writes someone else's account", ACCOUNT_WRITE, BOB, {}, [
    { path: ACCOUNT, after: { email: emailOf(BOB) } },
  ]),
  denied('accounts: only the email is kept there', ACCOUNT_WRITE, ADA, {}, [
    { path: ACCOUNT, after: { email: emailOf(ADA), isAdmin: true } },
  ]),
  denied('accounts: signed-out visitors write none', ACCOUNT_WRITE, null, {}, [
    { path: ACCOUNT, after: { email: emailOf(ADA) } },
  ]),
  denied('accounts: an account is never deleted', ACCOUNT_WRITE, ADA, adaAccount, [{ path: ACCOUNT, after: null }]),
  readAllowed(ACCOUNT_READ, ADA, adaAccount, get(ACCOUNT)),
  readDenied("accounts: another user cannot read someone's email", ACCOUNT_READ, BOB, adaAccount, get(ACCOUNT)),
  readDenied('accounts: signed-out visitors read none', ACCOUNT_READ, null, adaAccount, get(ACCOUNT)),
  readDenied(
    'accounts: nobody lists the accounts, not even to find their own',
    ACCOUNT_READ,
    ADA,
    adaAccount,
    query({ collection: 'accounts', where: [{ field: 'email', op: '==', value: emailOf(ADA) }], limit: 1 }),
  ),
];

/** The allowed case ruleCases.ts's closing "any other collection is closed" pairs with. */
export const OTHER_COLLECTION_TWIN = ACCOUNT_WRITE;
