// Rule cases for users/{uid} (profiles, friends, requests, notifications) and pendingFriendRemovals.
import type { DocData } from '../port';
import { ADA, BOB, CY, NOW, NOW_ISO, REQUEST_ID, acceptedNotification, ada, bob, cy, friendEntry, incoming, sentTo, strangers, user, with_ } from './ruleFixtures';
import type { RuleCase, RuleWrite } from './ruleFixtures';

// ---------- states the friends cases start from ----------


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

export const FRIENDS_RULE_CASES: readonly RuleCase[] = [
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

];
