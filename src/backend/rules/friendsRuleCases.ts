// Rule cases for users/{uid} (profiles, friends, requests, notifications, the post counter and
// the request rate window), pendingFriendRemovals and the owner-only accounts/{uid}.
//
// Every denied case names its allowed twin: the same actor and (nearly) the same state and batch,
// with the one thing that makes it hostile changed. What only one runner can check is marked `only`:
// - rules cannot search lists: a cleanup re-add looks for the caller among the friend's last 10
//   entries (policy.ts: the whole list), and an accept's mirror is the accepter's LAST friend;
// - the rules runner's request.time is the emulator's clock, not RULE_CASE_TIME, so a window
//   "still open" relative to the case's time is already over there;
// - Firestore refuses serverTimestamp() inside arrays, so entries in lists use ISO times.
// The duplicate-request check (no pending request from the caller among the receiver's at most 50)
// is unrolled in firestore.rules (noPendingFromMe), so it is in both runners.
import type { DocData } from '../port';
import {
  ADA,
  BOB,
  CY,
  NOW,
  NOW_ISO,
  REQUEST_ID,
  SERVER_TIME,
  acceptedNotification,
  ada,
  bob,
  cy,
  emailOf,
  friendEntry,
  incoming,
  profile,
  sentTo,
  strangers,
  user,
  with_,
} from './ruleFixtures';
import type { RuleCase, RuleRead, RuleWrite } from './ruleFixtures';

// ---------- states the friends cases start from ----------

/** A profile as ensureProfile creates it: joinDate the server's time, no email (accounts/{uid} has it). */
function fresh(uid: string, changes: DocData = {}): DocData {
  const { email: _email, ...rest } = profile(uid);
  return { ...rest, joinDate: SERVER_TIME, ...changes };
}

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

/** Bob lists Ada, Ada does not list Bob, and Ada's request to Bob is still pending (stale-request cleanup). */
const bobListsAda = {
  ...adaAskedBob,
  [user(BOB)]: with_(bob, { friends: [friendEntry(ADA)], friendCount: 1 }),
};

const otherSenders = (count: number) => Array.from({ length: count }, (_, i) => incoming(`u${i}`, `u${i}_${NOW - 1000 - i}`));

/** Ada's own document after sending Bob REQUEST_ID, counted in a new rate window. */
const adaSent = (changes: DocData = {}, base: DocData = ada) => ({
  path: user(ADA),
  after: with_(base, {
    sentFriendRequests: [...((base.sentFriendRequests as DocData[] | undefined) ?? []), sentTo(BOB)],
    requestWindowStart: SERVER_TIME,
    requestWindowCount: 1,
    ...changes,
  }),
});

/** Ada sends Bob REQUEST_ID: her sent entry (counted) and his incoming entry, as applySend writes them. */
const sendBatch = (receiverEntry: DocData, extraAppended: DocData[] = [], mirror = true): RuleWrite[] => [
  ...(mirror ? [adaSent()] : []),
  { path: user(BOB), after: with_(bob, { friendRequests: [receiverEntry, ...extraAppended], hasNewNotification: true }) },
];

/** The same send to a Bob who already holds `held` incoming requests. */
const sendTo = (held: DocData[], adaChanges: DocData = {}, adaBase: DocData = ada): RuleWrite[] => [
  adaSent(adaChanges, adaBase),
  { path: user(BOB), after: with_(bob, { friendRequests: [...held, incoming(ADA, REQUEST_ID)], hasNewNotification: true }) },
];
const bobHolding = (held: DocData[], adaBefore: DocData = ada) => ({
  ...strangers,
  [user(ADA)]: adaBefore,
  [user(BOB)]: with_(bob, { friendRequests: held }),
});

/** Bob accepts Ada's request: both lists, both counts, the notification to Ada (applyAccept). */
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
const acceptWithNotification = (changes: DocData) => acceptBatch({ notifications: [with_(acceptedNotification(BOB), changes)] });

/** Bob accepts on his own document only: the request goes, Ada joins his friends. */
const bobAcceptsOwn = (entry: DocValueLike = friendEntry(ADA), changes: DocData = {}): RuleWrite[] => [
  { path: user(BOB), after: with_(bobAsked, { friendRequests: [], friends: [entry], friendCount: 1, ...changes }) },
];
type DocValueLike = DocData | string;

/** Ada's tribe t1 (Ada its owner and only member), for the postCount cases. */
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
  tribeId: 't1', uid: ADA, displayName: 'Ada', photoURL: null, role: 'owner', status: 'active', requestedAt: NOW, joinedAt: NOW,
};
const adaPost = (changes: DocData = {}): DocData => ({
  postId: 'p1', tribeId: 't1', authorId: ADA, authorName: 'Ada', authorPhoto: null, body: 'Hello, tribe', createdAt: NOW, ...changes,
});
const adaInTribe = { ...strangers, [TRIBE]: tribe(), [ADA_MEMBER]: adaMembership };
const adaPosted = { ...adaInTribe, [TRIBE]: tribe({ postCount: 1 }), [user(ADA)]: with_(ada, { postCount: 1, lastPostId: 'p1' }), [POST]: adaPost() };
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
  createdAt: NOW_ISO,
  ...extra,
});
/** As createPendingFriendRemoval writes it: timestamp the server's time. */
const newRemoval = (extra: DocData = {}) => pendingRemoval(ADA, BOB, { timestamp: SERVER_TIME, ...extra });
const removalPending = (extra: DocData = {}) => ({ [REMOVAL]: pendingRemoval(ADA, BOB, extra) });

const ACCOUNT = `accounts/${ADA}`;

// ---------- case builders: an allowed case, and denied cases naming it ----------

type Extra = Pick<RuleCase, 'only'>;
const allowed = (name: string, actor: string | null, before: Record<string, DocData>, writes: RuleWrite[], extra: Extra = {}): RuleCase =>
  ({ name, actor, before, writes, expected: 'allowed', ...extra });
const denied = (name: string, twin: string, actor: string | null, before: Record<string, DocData>, writes: RuleWrite[], extra: Extra = {}): RuleCase =>
  ({ name, actor, before, writes, expected: 'denied', twin, ...extra });
const readCase = (name: string, expected: RuleCase['expected'], actor: string | null, before: Record<string, DocData>, read: RuleRead, twin?: string): RuleCase =>
  ({ name, actor, before, writes: [], read, expected, ...(twin ? { twin } : {}) });

/** Ada changes her own document. */
const OWN_EDIT = 'the owner edits name, bio and skills within the limits';
const own = (name: string, changes: DocData, twin: string | null = OWN_EDIT): RuleCase =>
  twin === null
    ? allowed(name, ADA, { [user(ADA)]: ada }, [{ path: user(ADA), after: with_(ada, changes) }])
    : denied(name, twin, ADA, { [user(ADA)]: ada }, [{ path: user(ADA), after: with_(ada, changes) }]);

// ---------- names of the allowed cases the denials pair with ----------
const CREATE = 'a user creates their own profile with the defaults';
const OWN_PHOTO = 'the owner sets an https photo';
const OWN_CLEAR = 'the owner clears the new-notification flag';
const DROP_EMAIL = 'a legacy profile drops its public email (moved to accounts/{uid})';
const POST_UP = 'postCount moves up by one with the post created in the same write';
const POST_DOWN = 'postCount moves down by one with the post deleted in the same write';
const REPAIR = 'the owner repairs a stale friendCount to the size of the list';
const OWN_ACCEPT = "the owner adds a friend by accepting that friend's pending request";
const READD = 'cleanup: the owner re-adds a friend whose own document lists them';
const OWN_DECLINE = 'the owner drops an incoming request from their own list';
const OWN_SENT = 'the owner records a sent request, counted in the rate window';
const OWN_READ = 'the owner marks their notifications read';
const SEND = 'send: one pending request from the caller, mirrored in their sent list';
const SEND_OTHERS = 'send: to a receiver who holds pending requests from others';
const SEND_40 = 'send: to a receiver who holds 40 pending requests from others';
const SEND_49 = 'send: to a receiver with 49 requests, the fiftieth fills the inbox';
const TENTH = 'rate window: the tenth request of the window is counted';
const NEW_WINDOW = 'rate window: a new window starts at the server time once a minute is over';
const ACCEPT = 'accept: both join each other, the sender is notified (list)';
const ACCEPT_MAP = 'accept: the notification may go into a map keyed by id';
const CANCEL = 'cancel: the sender takes their own request back';
const DECLINE = "decline: the receiver drops the sender's sent entry addressed to them";
const REMOVE = "remove: a user takes themself out of a friend's list";
const REMOVE_LINGERING = 'remove: a lingering request from the remover goes with the friendship';
const REMOVAL_CREATE = 'pending removal: the initiator records it under {initiatorId}_{targetId}';
const REMOVAL_ATTEMPT = 'pending removal: the target records a failed attempt';
const REMOVAL_TENTH = 'pending removal: the tenth failed attempt is recorded';
const REMOVAL_DELETE = 'pending removal: a party deletes it once processed';
const ACCOUNT_WRITE = 'accounts: the owner records their own email';

export const FRIENDS_RULE_CASES: readonly RuleCase[] = [
  // ---------- users: creating a profile (joinDate the server's time, no email) ----------
  allowed(CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA) }]),
  allowed('a user creates their profile with an https photo, a bio and skills', ADA, {}, [{ path: user(ADA), after: fresh(ADA, { photoURL: 'https://lh3.googleusercontent.com/a/ada', bio: 'Engines', skills: ['Math'] }) }]),
  denied("nobody creates someone else's profile", CREATE, BOB, {}, [{ path: user(ADA), after: fresh(ADA) }]),
  denied('signed-out visitors write nothing', CREATE, null, {}, [{ path: user(ADA), after: fresh(ADA) }]),
  denied('a new profile cannot start with posts', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { postCount: 3 }) }]),
  denied('a new profile cannot start with friends', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { friends: [friendEntry(BOB)], friendCount: 1 }) }]),
  denied('a new profile cannot start with incoming requests', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { friendRequests: [incoming(BOB)] }) }]),
  denied('a new profile cannot start with notifications', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { notifications: [acceptedNotification(BOB)] }) }]),
  denied('a new profile cannot start with the new-notification flag set', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { hasNewNotification: true }) }]),
  denied('a new profile keeps the email out of the public document', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { email: emailOf(ADA) }) }]),
  denied('a new profile has only the known fields', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { isAdmin: true }) }]),
  denied('a new profile cannot start a rate window', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { requestWindowStart: SERVER_TIME, requestWindowCount: 0 }) }]),
  denied('joinDate is the server time, not a client number', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { joinDate: NOW - 1 }) }]),
  denied('joinDate is the server time, not an ISO string', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { joinDate: NOW_ISO }) }]),
  denied('joinDate is the server time, not missing', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { joinDate: null }) }]),
  denied('a new profile with a 51-character name is refused', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { displayName: 'x'.repeat(51) }) }]),
  denied('a new profile with a javascript: photo is refused', CREATE, ADA, {}, [{ path: user(ADA), after: fresh(ADA, { photoURL: 'javascript:alert(1)' }) }]),

  // ---------- users: the owner's own fields ----------
  own(OWN_EDIT, { displayName: 'Ada L.', bio: 'x'.repeat(500), skills: ['TypeScript', 'x'.repeat(30)] }, null),
  own(OWN_PHOTO, { photoURL: 'https://firebasestorage.googleapis.com/v0/b/x/o/users%2Fada%2Fphoto-1?alt=media' }, null),
  own('the owner removes the photo', { photoURL: null }, null),
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
  own('skills as one string are refused', { skills: 'TypeScript' }),
  own('joinDate never changes', { joinDate: 0 }),
  own('the owner cannot add unknown fields', { role: 'admin' }),
  { name: OWN_CLEAR, actor: ADA, before: { [user(ADA)]: with_(ada, { hasNewNotification: true }) }, writes: [{ path: user(ADA), after: ada }], expected: 'allowed' },
  denied('hasNewNotification is a boolean', OWN_CLEAR, ADA, { [user(ADA)]: with_(ada, { hasNewNotification: true }) }, [{ path: user(ADA), after: with_(ada, { hasNewNotification: 'no' }) }]),
  allowed(OWN_READ, ADA, { [user(ADA)]: with_(ada, { notifications: [acceptedNotification(BOB)] }) }, [{ path: user(ADA), after: with_(ada, { notifications: [with_(acceptedNotification(BOB), { read: true })] }) }]),
  denied('notifications are a list or a map, never a string', OWN_READ, ADA, { [user(ADA)]: with_(ada, { notifications: [acceptedNotification(BOB)] }) }, [{ path: user(ADA), after: with_(ada, { notifications: 'none' }) }]),

  // email: legacy documents keep or drop it; nothing new is written to the public document
  own(DROP_EMAIL, { email: null }, null),
  own('a legacy profile with its email stays editable', { bio: 'Still here' }, null),
  allowed('a legacy profile deletes its public email field', ADA, { [user(ADA)]: ada }, [{ path: user(ADA), after: (({ email: _email, ...rest }) => rest)(ada) }]),
  own('the owner cannot write a new email into the public profile', { email: 'ada@elsewhere.test' }, DROP_EMAIL),
  denied('nobody else drops the public email', DROP_EMAIL, BOB, strangers, [{ path: user(ADA), after: with_(ada, { email: null }) }]),

  // postCount moves with the post it counts (lastPostId), in the batch tribesApi writes
  allowed(POST_UP, ADA, adaInTribe, postBatch()),
  allowed(POST_DOWN, ADA, adaPosted, deleteBatch()),
  own('postCount cannot move without a post', { postCount: 1 }, POST_UP),
  denied('postCount cannot name a post that is not written in the same batch', POST_UP, ADA, { ...adaInTribe, [POST]: adaPost() }, [{ path: user(ADA), after: with_(ada, { postCount: 1, lastPostId: 'p1' }) }]),
  denied('postCount does not jump by two, even with a post', POST_UP, ADA, adaInTribe, postBatch({ postCount: 2, lastPostId: 'p1' })),
  denied('postCount up cannot name a missing post', POST_UP, ADA, adaInTribe, postBatch({ postCount: 1, lastPostId: 'p2' })),
  denied('postCount down needs the post deleted in the same batch', POST_DOWN, ADA, adaPosted, [{ path: user(ADA), after: with_(ada, { postCount: 0, lastPostId: 'p1' }) }]),
  denied('postCount does not go below zero', POST_DOWN, ADA, { ...adaPosted, [user(ADA)]: with_(ada, { lastPostId: 'p1' }) }, deleteBatch({ postCount: -1, lastPostId: 'p1' })),
  denied('lastPostId never changes without postCount', POST_DOWN, ADA, adaPosted, [{ path: user(ADA), after: with_(ada, { postCount: 1, lastPostId: 'p9' }) }]),

  // friendCount follows the list
  allowed(REPAIR, ADA, { [user(ADA)]: with_(ada, { friends: [friendEntry(BOB)], friendCount: 3 }) }, [{ path: user(ADA), after: with_(ada, { friends: [friendEntry(BOB)], friendCount: 1 }) }]),
  denied("the owner's friendCount must match the friends list", REPAIR, ADA, { [user(ADA)]: with_(ada, { friends: [friendEntry(BOB)], friendCount: 3 }) }, [{ path: user(ADA), after: with_(ada, { friends: [friendEntry(BOB)], friendCount: 5 }) }]),
  denied('friendCount is a number, not a string', REPAIR, ADA, { [user(ADA)]: with_(ada, { friends: [friendEntry(BOB)], friendCount: 3 }) }, [{ path: user(ADA), after: with_(ada, { friends: [friendEntry(BOB)], friendCount: '1' }) }]),

  // consent: the owner's friends grow only by accepting a pending request, or by a re-add they listed
  allowed(OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn()),
  denied('the owner cannot add a friend without a request', OWN_ACCEPT, ADA, strangers, [{ path: user(ADA), after: with_(ada, { friends: [friendEntry(BOB)], friendCount: 1 }) }]),
  denied('the owner cannot add a friend while keeping their request', OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn(friendEntry(ADA), { friendRequests: [incoming(ADA, REQUEST_ID)] })),
  denied('the owner cannot add a friend by dropping a request that is not pending', OWN_ACCEPT, BOB, { ...adaAskedBob, [user(BOB)]: with_(bob, { friendRequests: [with_(incoming(ADA, REQUEST_ID), { status: 'accepted' })] }) }, bobAcceptsOwn()),
  denied("accepting one person's request cannot add someone else", OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn(friendEntry(CY))),
  denied('a friend entry carries the friend’s own name', OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn(with_(friendEntry(ADA), { displayName: 'Ada Lovelace' }))),
  denied('a friend entry carries the friend’s own photo', OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn(with_(friendEntry(ADA), { photoURL: 'https://evil.example/ada.png' }))),
  denied('a friend entry’s addedAt is an ISO time, not a client number', OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn(with_(friendEntry(ADA), { addedAt: NOW - 1 }))),
  denied('a friend entry’s addedAt is an ISO time, not free text', OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn(with_(friendEntry(ADA), { addedAt: 'yesterday, around noon' }))),
  denied('a friend entry has only the four known keys', OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn(with_(friendEntry(ADA), { role: 'admin' }))),
  denied('a friend entry is a map, not a bare id', OWN_ACCEPT, BOB, adaAskedBob, bobAcceptsOwn(ADA)),
  allowed(READD, ADA, bobListsAda, [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [with_(sentTo(BOB), { status: 'accepted' })], friends: [friendEntry(BOB)], friendCount: 1 }) }]),
  denied('cleanup: nobody re-adds a friend whose document does not list them', READD, ADA, adaAskedBob, [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [with_(sentTo(BOB), { status: 'accepted' })], friends: [friendEntry(BOB)], friendCount: 1 }) }]),
  allowed('cleanup: a re-add when the friend lists the owner further up their list', ADA, { ...bobListsAda, [user(BOB)]: with_(bob, { friends: [friendEntry(ADA), ...Array.from({ length: 10 }, (_, i) => friendEntry(`f${i}`))], friendCount: 11 }) }, [{ path: user(ADA), after: with_(ada, { friends: [friendEntry(BOB)], friendCount: 1 }) }], { only: { runner: 'policy', reason: 'rules cannot search a list: they look for the caller among the friend’s last 10 entries' } }),
  allowed(OWN_DECLINE, BOB, adaAskedBob, [{ path: user(BOB), after: with_(bobAsked, { friendRequests: [] }) }]),
  denied('the owner cannot add a request to their own incoming list', OWN_DECLINE, BOB, adaAskedBob, [{ path: user(BOB), after: with_(bobAsked, { friendRequests: [incoming(ADA, REQUEST_ID), incoming(CY)] }) }]),

  // the owner's sent list: one well-formed request at a time, counted in the rate window
  allowed(OWN_SENT, ADA, strangers, [adaSent()]),
  denied('a sent request not counted in the rate window is refused', OWN_SENT, ADA, strangers, [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [sentTo(BOB)] }) }]),
  denied('a sent request starts pending', OWN_SENT, ADA, strangers, [adaSent({ sentFriendRequests: [with_(sentTo(BOB), { status: 'accepted' })] })]),
  denied('a sent request names the receiver as their profile does', OWN_SENT, ADA, strangers, [adaSent({ sentFriendRequests: [with_(sentTo(BOB), { receiverName: 'Robert' })] })]),
  denied('a sent request’s receiverName is at most 50 characters', OWN_SENT, ADA, strangers, [adaSent({ sentFriendRequests: [with_(sentTo(BOB), { receiverName: 'x'.repeat(51) })] })]),
  denied('a sent request’s createdAt is an ISO time, not a client number', OWN_SENT, ADA, strangers, [adaSent({ sentFriendRequests: [with_(sentTo(BOB), { createdAt: NOW - 1 })] })]),
  denied('a sent request’s requestId starts with the sender’s id', OWN_SENT, ADA, strangers, [adaSent({ sentFriendRequests: [sentTo(BOB, `${CY}_${NOW}`)] })]),
  denied('a sent request is never addressed to oneself', OWN_SENT, ADA, strangers, [adaSent({ sentFriendRequests: [with_(sentTo(BOB), { receiverId: ADA })] })]),
  denied('two sent requests at once are refused', OWN_SENT, ADA, strangers, [adaSent({ sentFriendRequests: [sentTo(BOB), sentTo(CY, `${ADA}_${NOW + 1}`)] })]),

  // ---------- users: another user's document ----------
  denied("a user cannot change another user's profile fields", SEND, ADA, strangers, [{ path: user(BOB), after: with_(bob, { displayName: 'Bobby' }) }]),
  denied("a user cannot change another user's postCount", SEND, ADA, strangers, [{ path: user(BOB), after: with_(bob, { postCount: 1 }) }]),
  denied("a user cannot reset another user's rate window", SEND, ADA, { ...strangers, [user(BOB)]: with_(bob, { requestWindowStart: NOW, requestWindowCount: 10 }) }, [{ path: user(BOB), after: with_(bob, { requestWindowStart: NOW, requestWindowCount: 0 }) }]),

  // send: typed, in the sender's own name, mirrored, counted, once per pair, into an inbox of at most 50
  allowed(SEND, ADA, strangers, sendBatch(incoming(ADA, REQUEST_ID))),
  denied('send: a request whose senderId is someone else is refused', SEND, ADA, strangers, sendBatch(with_(incoming(ADA, REQUEST_ID), { senderId: CY }))),
  denied('send: two entries appended at once are refused', SEND, ADA, strangers, sendBatch(incoming(ADA, REQUEST_ID), [incoming(ADA, `${ADA}_${NOW + 1}`)])),
  denied("send: without the mirror entry in the caller's sent list it is refused", SEND, ADA, strangers, sendBatch(incoming(ADA, REQUEST_ID), [], false)),
  denied('send: a requestId that is not {senderId}_{ms} is refused', SEND, ADA, strangers, [adaSent({ sentFriendRequests: [sentTo(BOB, `${BOB}_1`)] }), { path: user(BOB), after: with_(bob, { friendRequests: [incoming(ADA, `${BOB}_1`)], hasNewNotification: true }) }]),
  denied('send: a 200-character requestId is refused', SEND, ADA, strangers, [adaSent({ sentFriendRequests: [sentTo(BOB, `${ADA}_${'1'.repeat(190)}`)] }), { path: user(BOB), after: with_(bob, { friendRequests: [incoming(ADA, `${ADA}_${'1'.repeat(190)}`)], hasNewNotification: true }) }]),
  denied('send: a spoofed sender name is refused', SEND, ADA, strangers, sendBatch(with_(incoming(ADA, REQUEST_ID), { senderName: 'Bob' }))),
  denied('send: a spoofed sender photo is refused', SEND, ADA, strangers, sendBatch(with_(incoming(ADA, REQUEST_ID), { senderPhoto: 'https://evil.example/ada.png' }))),
  denied('send: a request starts pending', SEND, ADA, strangers, sendBatch(with_(incoming(ADA, REQUEST_ID), { status: 'accepted' }))),
  denied('send: createdAt is an ISO time, not a client number', SEND, ADA, strangers, sendBatch(with_(incoming(ADA, REQUEST_ID), { createdAt: NOW - 1 }))),
  denied('send: createdAt longer than 30 characters is refused', SEND, ADA, strangers, sendBatch(with_(incoming(ADA, REQUEST_ID), { createdAt: `${NOW_ISO}${' '.repeat(30)}` }))),
  denied('send: createdAt as a map is refused', SEND, ADA, strangers, sendBatch(with_(incoming(ADA, REQUEST_ID), { createdAt: { seconds: 1 } }))),
  denied('send: extra keys in the request are refused', SEND, ADA, strangers, sendBatch(with_(incoming(ADA, REQUEST_ID), { message: 'Click https://evil.example' }))),
  denied('send: a request without its senderPhoto key is refused', SEND, ADA, strangers, sendBatch((({ senderPhoto: _photo, ...rest }) => rest)(incoming(ADA, REQUEST_ID)))),
  denied('send: a request may not touch the receiver’s friends', SEND, ADA, strangers, [adaSent(), { path: user(BOB), after: with_(bob, { friendRequests: [incoming(ADA, REQUEST_ID)], friends: [friendEntry(ADA)], friendCount: 1 }) }]),
  denied('send: the receiver’s flag is set, never cleared', SEND, ADA, { ...strangers, [user(BOB)]: with_(bob, { hasNewNotification: true }) }, [adaSent(), { path: user(BOB), after: with_(bob, { friendRequests: [incoming(ADA, REQUEST_ID)], hasNewNotification: false }) }]),
  denied('send: a request not counted in the sender’s rate window is refused', SEND, ADA, strangers, [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [sentTo(BOB)] }) }, { path: user(BOB), after: with_(bob, { friendRequests: [incoming(ADA, REQUEST_ID)], hasNewNotification: true }) }]),
  denied('send: replaying an old sent entry without counting it is refused', SEND, ADA, { ...strangers, [user(ADA)]: with_(ada, { sentFriendRequests: [sentTo(BOB)], requestWindowStart: NOW, requestWindowCount: 1 }) }, [{ path: user(BOB), after: with_(bob, { friendRequests: [incoming(ADA, REQUEST_ID)], hasNewNotification: true }) }]),
  allowed(SEND_OTHERS, ADA, bobHolding([incoming(CY)]), sendTo([incoming(CY)])),
  denied('send: a second pending request from the same sender is refused', SEND_OTHERS, ADA, bobHolding([incoming(ADA, `${ADA}_${NOW - 1000}`)]), sendTo([incoming(ADA, `${ADA}_${NOW - 1000}`)])),
  allowed(SEND_40, ADA, bobHolding(otherSenders(40)), sendTo(otherSenders(40))),
  denied('send: a duplicate deep in a long inbox is refused too', SEND_40, ADA, bobHolding([...otherSenders(37), incoming(ADA, `${ADA}_${NOW - 1000}`), ...otherSenders(2)]), sendTo([...otherSenders(37), incoming(ADA, `${ADA}_${NOW - 1000}`), ...otherSenders(2)])),
  allowed(SEND_49, ADA, bobHolding(otherSenders(49)), sendTo(otherSenders(49))),
  denied('send: a full inbox (50 pending) refuses another request', SEND_49, ADA, bobHolding(otherSenders(50)), sendTo(otherSenders(50))),

  // the rate window: at most 10 requests per minute
  allowed(TENTH, ADA, bobHolding([], with_(ada, { requestWindowStart: NOW - 30_000, requestWindowCount: 9 })), sendTo([], { requestWindowStart: NOW - 30_000, requestWindowCount: 10 })),
  denied('rate window: an eleventh request within the window is refused', TENTH, ADA, bobHolding([], with_(ada, { requestWindowStart: NOW - 30_000, requestWindowCount: 10 })), sendTo([], { requestWindowStart: NOW - 30_000, requestWindowCount: 11 })),
  denied('rate window: the count moves by one, not back to zero', TENTH, ADA, bobHolding([], with_(ada, { requestWindowStart: NOW - 30_000, requestWindowCount: 9 })), sendTo([], { requestWindowStart: NOW - 30_000, requestWindowCount: 0 })),
  allowed(NEW_WINDOW, ADA, bobHolding([], with_(ada, { requestWindowStart: NOW - 120_000, requestWindowCount: 10 })), sendTo([], { requestWindowStart: SERVER_TIME, requestWindowCount: 1 })),
  denied('rate window: no new window before the minute is over', NEW_WINDOW, ADA, bobHolding([], with_(ada, { requestWindowStart: NOW - 30_000, requestWindowCount: 10 })), sendTo([], { requestWindowStart: SERVER_TIME, requestWindowCount: 1 }), { only: { runner: 'policy', reason: 'the emulator’s request.time is today, not RULE_CASE_TIME: a window that started 30 s before the case’s time is long over there' } }),
  denied('rate window: a new window starts at the server time, not a client time', NEW_WINDOW, ADA, bobHolding([], with_(ada, { requestWindowStart: NOW - 120_000, requestWindowCount: 10 })), sendTo([], { requestWindowStart: NOW + 3_600_000, requestWindowCount: 1 })),
  denied('rate window: a new window starts with a count of one', NEW_WINDOW, ADA, bobHolding([], with_(ada, { requestWindowStart: NOW - 120_000, requestWindowCount: 10 })), sendTo([], { requestWindowStart: SERVER_TIME, requestWindowCount: -5 })),

  // accept: consent (the sender asked), names and the notification tied to the accepter's profile
  allowed(ACCEPT, BOB, adaAskedBob, acceptBatch()),
  allowed(ACCEPT_MAP, BOB, { ...adaAskedBob, [user(ADA)]: with_(adaAsking, { notifications: {} }) }, acceptBatch({ notifications: { [`accepted_${REQUEST_ID}_${NOW}`]: acceptedNotification(BOB) } })),
  allowed('accept: already friends, only the request entries go', BOB, { ...adaAskedBob, [user(ADA)]: with_(adaAsking, { friends: [friendEntry(BOB)], friendCount: 1 }), [user(BOB)]: with_(bobAsked, { friends: [friendEntry(ADA)], friendCount: 1 }) }, [{ path: user(BOB), after: with_(bobAsked, { friendRequests: [], friends: [friendEntry(ADA)], friendCount: 1 }) }, { path: user(ADA), after: with_(ada, { friends: [friendEntry(BOB)], friendCount: 1 }) }]),
  allowed('accept: the accepter already lists the sender, further up their list', BOB, { ...adaAskedBob, [user(BOB)]: with_(bobAsked, { friends: [friendEntry(ADA), friendEntry(CY)], friendCount: 2 }) }, [{ path: user(BOB), after: with_(bobAsked, { friendRequests: [], friends: [friendEntry(ADA), friendEntry(CY)], friendCount: 2 }) }, { path: user(ADA), after: with_(adaAsking, { sentFriendRequests: [], friends: [friendEntry(BOB)], friendCount: 1, notifications: [acceptedNotification(BOB)], hasNewNotification: true }) }], { only: { runner: 'policy', reason: "rules cannot search the accepter's list: they ask for the sender as its last entry (the app appends)" } }),
  denied("adding oneself to another's friends without their request is refused", ACCEPT, BOB, strangers, [{ path: user(ADA), after: with_(ada, { friends: [friendEntry(BOB)], friendCount: 1 }) }, { path: user(BOB), after: with_(bob, { friends: [friendEntry(ADA)], friendCount: 1 }) }]),
  denied("accept: a friendCount that does not match the other user's list is refused", ACCEPT, BOB, adaAskedBob, acceptBatch({ friendCount: 7 })),
  denied('accept: the accepter must list the sender in the same write', ACCEPT, BOB, adaAskedBob, acceptBatch({}, { friends: [], friendCount: 0 })),
  denied('accept: the sender’s flag is never cleared by the accepter', ACCEPT, BOB, { ...adaAskedBob, [user(ADA)]: with_(adaAsking, { hasNewNotification: true }) }, acceptBatch({ hasNewNotification: false })),
  denied('accept: the entry on the sender carries the accepter’s own name', ACCEPT, BOB, adaAskedBob, acceptBatch({ friends: [with_(friendEntry(BOB), { displayName: 'Admin' })] })),
  denied('accept: the entry on the sender carries the accepter’s own photo', ACCEPT, BOB, adaAskedBob, acceptBatch({ friends: [with_(friendEntry(BOB), { photoURL: 'https://evil.example/bob.png' })] })),
  denied('accept: the entry on the sender has an ISO addedAt', ACCEPT, BOB, adaAskedBob, acceptBatch({ friends: [with_(friendEntry(BOB), { addedAt: ['2026'] })] })),
  denied('accept: a notification sent in another name is refused', ACCEPT, BOB, adaAskedBob, acceptWithNotification({ senderId: CY })),
  denied('accept: the notification says exactly the spec’s sentence', ACCEPT, BOB, adaAskedBob, acceptWithNotification({ message: 'Bob accepted your friend request. Claim your prize at https://evil.example' })),
  denied('accept: the notification’s sentence names the accepter, nobody else', ACCEPT, BOB, adaAskedBob, acceptWithNotification({ message: 'Cy accepted your friend request' })),
  denied('accept: the notification’s senderName is the accepter’s own', ACCEPT, BOB, adaAskedBob, acceptWithNotification({ senderName: 'Cy' })),
  denied('accept: the notification’s senderPhoto is the accepter’s own', ACCEPT, BOB, adaAskedBob, acceptWithNotification({ senderPhoto: 'https://evil.example/bob.png' })),
  denied('accept: the notification id names the request accepted in the same write', ACCEPT, BOB, adaAskedBob, acceptWithNotification({ id: `accepted_${ADA}_1_${NOW}` })),
  denied('accept: the notification arrives unread', ACCEPT, BOB, adaAskedBob, acceptWithNotification({ read: true })),
  denied('accept: the notification’s createdAt is an ISO time, not a client number', ACCEPT, BOB, adaAskedBob, acceptWithNotification({ createdAt: NOW - 1 })),
  denied('accept: the notification is of type friendRequestAccepted', ACCEPT, BOB, adaAskedBob, acceptWithNotification({ type: 'friendRequest' })),
  denied('accept: the notification has only the known keys', ACCEPT, BOB, adaAskedBob, acceptWithNotification({ link: 'https://evil.example' })),
  denied('accept: two notifications at once are refused', ACCEPT, BOB, adaAskedBob, acceptBatch({ notifications: [acceptedNotification(BOB), with_(acceptedNotification(BOB), { id: `accepted_${REQUEST_ID}_${NOW + 1}` })] })),
  denied('accept: a map notification is keyed by its own id', ACCEPT_MAP, BOB, { ...adaAskedBob, [user(ADA)]: with_(adaAsking, { notifications: {} }) }, acceptBatch({ notifications: { spoofed: acceptedNotification(BOB) } })),

  // cancel, decline, remove
  allowed(CANCEL, ADA, adaAskedBob, [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [] }) }, { path: user(BOB), after: with_(bobAsked, { friendRequests: [] }) }]),
  denied("cancel: nobody removes a third user's request", CANCEL, CY, adaAskedBob, [{ path: user(BOB), after: with_(bobAsked, { friendRequests: [] }) }]),
  denied('cancel: the sender cannot take another sender’s request with theirs', CANCEL, ADA, { ...adaAskedBob, [user(BOB)]: with_(bobAsked, { friendRequests: [incoming(ADA, REQUEST_ID), incoming(CY)] }) }, [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [] }) }, { path: user(BOB), after: with_(bobAsked, { friendRequests: [] }) }]),
  allowed(DECLINE, BOB, adaAskedBob, [{ path: user(BOB), after: with_(bobAsked, { friendRequests: [] }) }, { path: user(ADA), after: with_(ada, { sentFriendRequests: [] }) }]),
  denied('decline: a sent entry addressed to someone else stays', DECLINE, CY, adaAskedBob, [{ path: user(ADA), after: with_(ada, { sentFriendRequests: [] }) }]),
  allowed(REMOVE, ADA, friends, [{ path: user(ADA), after: with_(ada, { friends: [], friendCount: 0 }) }, { path: user(BOB), after: with_(bob, { friends: [], friendCount: 0 }) }]),
  denied("remove: nobody takes a third user out of a friend's list", REMOVE, ADA, bobHasTwoFriends, [{ path: user(BOB), after: with_(bob, { friends: [friendEntry(ADA)], friendCount: 1 }) }]),
  denied('remove: a friendCount that does not match is refused', REMOVE, ADA, friends, [{ path: user(BOB), after: with_(bob, { friends: [], friendCount: 1 }) }]),
  allowed(REMOVE_LINGERING, ADA, { ...friends, [user(BOB)]: with_(bob, { friends: [friendEntry(ADA)], friendCount: 1, friendRequests: [incoming(ADA)] }) }, [{ path: user(BOB), after: with_(bob, { friends: [], friendCount: 0, friendRequests: [] }) }]),
  denied('remove: someone else’s request does not go with the friendship', REMOVE_LINGERING, ADA, { ...friends, [user(BOB)]: with_(bob, { friends: [friendEntry(ADA)], friendCount: 1, friendRequests: [incoming(ADA), incoming(CY)] }) }, [{ path: user(BOB), after: with_(bob, { friends: [], friendCount: 0, friendRequests: [] }) }]),

  // ---------- users: reads ----------
  readCase('users: a signed-in user gets any profile', 'allowed', ADA, strangers, { kind: 'get', path: user(BOB) }),
  readCase('users: signed-out visitors get no profile', 'denied', null, strangers, { kind: 'get', path: user(BOB) }, 'users: a signed-in user gets any profile'),
  readCase('users: a signed-in user lists a page of profiles', 'allowed', ADA, strangers, { kind: 'query', query: { collection: 'users', limit: 20 } }),
  readCase('users: signed-out visitors list no profiles', 'denied', null, strangers, { kind: 'query', query: { collection: 'users', limit: 20 } }, 'users: a signed-in user lists a page of profiles'),

  // ---------- pendingFriendRemovals/{initiatorId}_{targetId} ----------
  allowed(REMOVAL_CREATE, ADA, {}, [{ path: REMOVAL, after: newRemoval() }]),
  denied('pending removal: a forged id is refused', REMOVAL_CREATE, ADA, {}, [{ path: `pendingFriendRemovals/${BOB}_${ADA}`, after: newRemoval() }]),
  denied('pending removal: an outsider cannot record one', REMOVAL_CREATE, CY, {}, [{ path: REMOVAL, after: newRemoval() }]),
  denied('pending removal: only the initiator records one, not the target', REMOVAL_CREATE, BOB, {}, [{ path: REMOVAL, after: newRemoval() }]),
  denied('pending removal: nobody records one against themself', REMOVAL_CREATE, ADA, {}, [{ path: `pendingFriendRemovals/${ADA}_${ADA}`, after: newRemoval({ targetId: ADA }) }]),
  denied('pending removal: it starts with zero attempts', REMOVAL_CREATE, ADA, {}, [{ path: REMOVAL, after: newRemoval({ attempts: 3 }) }]),
  denied('pending removal: it starts without a last attempt', REMOVAL_CREATE, ADA, {}, [{ path: REMOVAL, after: newRemoval({ lastAttempt: NOW_ISO }) }]),
  denied('pending removal: its timestamp is the server time, not a client number', REMOVAL_CREATE, ADA, {}, [{ path: REMOVAL, after: newRemoval({ timestamp: NOW - 1 }) }]),
  denied('pending removal: its createdAt is an ISO time', REMOVAL_CREATE, ADA, {}, [{ path: REMOVAL, after: newRemoval({ createdAt: 'now' }) }]),
  denied('pending removal: only the known fields', REMOVAL_CREATE, ADA, {}, [{ path: REMOVAL, after: newRemoval({ note: 'x' }) }]),
  allowed(REMOVAL_ATTEMPT, BOB, removalPending(), [{ path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: NOW_ISO }) }]),
  allowed('pending removal: a failed attempt may be stamped with the server time', ADA, removalPending(), [{ path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: SERVER_TIME }) }]),
  allowed(REMOVAL_TENTH, ADA, removalPending({ attempts: 9 }), [{ path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 10, lastAttempt: NOW_ISO }) }]),
  denied('pending removal: attempts stop at 10', REMOVAL_TENTH, ADA, removalPending({ attempts: 10 }), [{ path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 11, lastAttempt: NOW_ISO }) }]),
  denied('pending removal: attempts grow by one, not two', REMOVAL_ATTEMPT, BOB, removalPending(), [{ path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 2, lastAttempt: NOW_ISO }) }]),
  denied('pending removal: attempts never go down', REMOVAL_ATTEMPT, BOB, removalPending({ attempts: 2 }), [{ path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: NOW_ISO }) }]),
  denied('pending removal: lastAttempt is an ISO or server time', REMOVAL_ATTEMPT, BOB, removalPending(), [{ path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: { at: 'now' } }) }]),
  denied('pending removal: its parties never change', REMOVAL_ATTEMPT, BOB, removalPending(), [{ path: REMOVAL, after: pendingRemoval(ADA, CY, { attempts: 1, lastAttempt: NOW_ISO }) }]),
  denied('pending removal: an outsider cannot record an attempt', REMOVAL_ATTEMPT, CY, removalPending(), [{ path: REMOVAL, after: pendingRemoval(ADA, BOB, { attempts: 1, lastAttempt: NOW_ISO }) }]),
  allowed(REMOVAL_DELETE, BOB, removalPending(), [{ path: REMOVAL, after: null }]),
  denied('pending removal: an outsider cannot delete it', REMOVAL_DELETE, CY, removalPending(), [{ path: REMOVAL, after: null }]),

  // reads: only the two parties; queries must select the caller's own records
  readCase('pending removal: a party gets it', 'allowed', BOB, removalPending(), { kind: 'get', path: REMOVAL }),
  readCase('pending removal: an outsider cannot get it', 'denied', CY, removalPending(), { kind: 'get', path: REMOVAL }, 'pending removal: a party gets it'),
  readCase('pending removal: a party named in the id probes a missing one', 'allowed', ADA, {}, { kind: 'get', path: REMOVAL }),
  readCase('pending removal: an outsider cannot probe a missing one', 'denied', CY, {}, { kind: 'get', path: REMOVAL }, 'pending removal: a party named in the id probes a missing one'),
  readCase('pending removal: the initiator queries their own records', 'allowed', ADA, removalPending(), { kind: 'query', query: { collection: 'pendingFriendRemovals', where: [{ field: 'initiatorId', op: '==', value: ADA }], limit: 50 } }),
  readCase('pending removal: the target queries the records against them', 'allowed', BOB, removalPending(), { kind: 'query', query: { collection: 'pendingFriendRemovals', where: [{ field: 'targetId', op: '==', value: BOB }], limit: 50 } }),
  readCase('pending removal: an unfiltered query is refused', 'denied', ADA, removalPending(), { kind: 'query', query: { collection: 'pendingFriendRemovals', limit: 50 } }, 'pending removal: the initiator queries their own records'),
  readCase("pending removal: a query for someone else's records is refused", 'denied', CY, removalPending(), { kind: 'query', query: { collection: 'pendingFriendRemovals', where: [{ field: 'initiatorId', op: '==', value: ADA }], limit: 50 } }, 'pending removal: the initiator queries their own records'),
  readCase('pending removal: signed-out visitors query nothing', 'denied', null, removalPending(), { kind: 'query', query: { collection: 'pendingFriendRemovals', where: [{ field: 'initiatorId', op: '==', value: ADA }], limit: 50 } }, 'pending removal: the initiator queries their own records'),

  // ---------- accounts/{uid}: the owner's email, private ----------
  allowed(ACCOUNT_WRITE, ADA, {}, [{ path: ACCOUNT, after: { email: emailOf(ADA) } }]),
  allowed('accounts: the owner updates it to the account’s current email', ADA, { [ACCOUNT]: { email: 'old@devtribe.test' } }, [{ path: ACCOUNT, after: { email: emailOf(ADA) } }]),
  denied('accounts: an email other than the account’s own is refused', ACCOUNT_WRITE, ADA, {}, [{ path: ACCOUNT, after: { email: 'someone@else.test' } }]),
  denied("accounts: nobody writes someone else's account", ACCOUNT_WRITE, BOB, {}, [{ path: ACCOUNT, after: { email: emailOf(BOB) } }]),
  denied('accounts: only the email is kept there', ACCOUNT_WRITE, ADA, {}, [{ path: ACCOUNT, after: { email: emailOf(ADA), isAdmin: true } }]),
  denied('accounts: signed-out visitors write none', ACCOUNT_WRITE, null, {}, [{ path: ACCOUNT, after: { email: emailOf(ADA) } }]),
  denied('accounts: an account is never deleted', ACCOUNT_WRITE, ADA, { [ACCOUNT]: { email: emailOf(ADA) } }, [{ path: ACCOUNT, after: null }]),
  readCase('accounts: the owner gets their account', 'allowed', ADA, { [ACCOUNT]: { email: emailOf(ADA) } }, { kind: 'get', path: ACCOUNT }),
  readCase("accounts: another user cannot read someone's email", 'denied', BOB, { [ACCOUNT]: { email: emailOf(ADA) } }, { kind: 'get', path: ACCOUNT }, 'accounts: the owner gets their account'),
  readCase('accounts: signed-out visitors read none', 'denied', null, { [ACCOUNT]: { email: emailOf(ADA) } }, { kind: 'get', path: ACCOUNT }, 'accounts: the owner gets their account'),
  readCase('accounts: nobody lists the accounts, not even to find their own', 'denied', ADA, { [ACCOUNT]: { email: emailOf(ADA) } }, { kind: 'query', query: { collection: 'accounts', where: [{ field: 'email', op: '==', value: emailOf(ADA) }], limit: 1 } }, 'accounts: the owner gets their account'),
];

/** The allowed case ruleCases.ts's closing "any other collection is closed" pairs with. */
export const OTHER_COLLECTION_TWIN = ACCOUNT_WRITE;
