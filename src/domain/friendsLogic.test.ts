// The friends logic of src/domain: friendsPlan, friendsLists, friendsSend, friendsAnswer, friendsRemoval, friendsCleanup.
import { defaultProfile } from '../test/fixtures';
import { acceptedNotification } from '../test/fixtures';
import { fieldValue } from './docData';
import { applyAccept, applyCancel, applyDecline, findSentRequest } from './friendsAnswer';
import { planStaleCleanup, reAddFriendWrite } from './friendsCleanup';
import { inboxNotifications, isValidFriendEntry, sortFriendsByName, unreadNotifications } from './friendsLists';
import { acceptedNotificationIdFor, pendingRemovalIdFor, requestIdFor } from './friendsPlan';
import { dropFriendWrites, otherRemovalWrites, ownRemovalWrites } from './friendsRemoval';
import {
  applySend,
  checkSend,
  INBOX_FULL_MESSAGE,
  nextSendWindow,
  RATE_LIMITED_MESSAGE,
  REQUEST_ALREADY_RECEIVED_MESSAGE,
  SENT_FULL_MESSAGE,
  sendWindowOf,
} from './friendsSend';
import type { IncomingFriendRequest, UserProfile } from './profileTypes';

const NOW = Date.UTC(2026, 10, 22, 10, 0, 0);
const ISO = '2026-11-22T10:00:00.000Z';

function profile(displayName: string, overrides: Partial<UserProfile> = {}): UserProfile {
  return defaultProfile(displayName, null, { joinDate: 0, ...overrides });
}

const request: IncomingFriendRequest = {
  requestId: 'a_1',
  senderId: 'a',
  senderName: 'Ann',
  senderPhoto: null,
  status: 'pending',
  createdAt: '2026-11-22T09:00:00.000Z',
};
const sent = {
  requestId: 'a_1',
  receiverId: 'b',
  receiverName: 'Ben',
  receiverPhoto: null,
  status: 'pending' as const,
  createdAt: request.createdAt,
};

const note = acceptedNotification;

describe('ids', () => {
  it('follow the spec formats', () => {
    expect(requestIdFor('u1', 1716)).toBe('u1_1716');
    expect(acceptedNotificationIdFor('u1_1716', 1800)).toBe('accepted_u1_1716_1800');
    expect(pendingRemovalIdFor('u1', 'u2')).toBe('u1_u2');
  });
});

describe('validation and ordering', () => {
  it('friend entries need an id and a displayName', () => {
    expect(isValidFriendEntry({ id: 'a', displayName: 'Ann' })).toBe(true);
    expect(isValidFriendEntry({ id: 'a', displayName: '' })).toBe(false);
    expect(isValidFriendEntry({ displayName: 'Ann' })).toBe(false);
    expect(isValidFriendEntry(null)).toBe(false);
  });

  it('friends sort by displayName, case-insensitively', () => {
    const entry = (id: string, displayName: string) => ({ id, displayName, photoURL: null, addedAt: ISO });
    expect(
      sortFriendsByName([entry('1', 'zoe'), entry('2', 'Adam'), entry('3', 'bea')]).map((f) => f.displayName),
    ).toEqual(['Adam', 'bea', 'zoe']);
  });

  it('only unread notifications, newest first, from an array or an object', () => {
    const list = [
      note('old', '2026-01-01T00:00:00.000Z'),
      note('read', '2026-06-01T00:00:00.000Z', true),
      note('new', '2026-11-01T00:00:00.000Z'),
    ];
    expect(unreadNotifications(list).map((n) => n.id)).toEqual(['new', 'old']);
    const map = Object.fromEntries(list.map((n) => [n.id, n]));
    expect(unreadNotifications(map).map((n) => n.id)).toEqual(['new', 'old']);
  });

  it('the inbox derives friendRequest notifications from pending requests', () => {
    const inbox = inboxNotifications({
      friendRequests: [request, { ...request, requestId: 'c_2', senderId: 'c', status: 'accepted' }],
      notifications: [note('b', '2026-11-22T09:30:00.000Z')],
    });
    expect(inbox.map((n) => [n.type, n.senderId])).toEqual([
      ['friendRequestAccepted', 'b'],
      ['friendRequest', 'a'],
    ]);
    expect(inbox[1]?.message).toBe('Ann sent you a friend request');
  });
});

describe('send', () => {
  it('refuses duplicates, crossed requests and existing friends', () => {
    expect(checkSend('a', profile('Ann', { sentFriendRequests: [sent] }), 'b', profile('Ben'))).toEqual({
      ok: false,
      message: 'Friend request already sent',
    });
    // the receiver's inbox is private: a duplicate there is the rules' to refuse (sendFriendRequest explains it)
    expect(checkSend('b', profile('Ben', { friendRequests: [request] }), 'a', profile('Ann'))).toEqual({
      ok: false,
      message: REQUEST_ALREADY_RECEIVED_MESSAGE,
    });
    const friendOf = (id: string, displayName: string) => [{ id, displayName, photoURL: null, addedAt: ISO }];
    expect(
      checkSend(
        'a',
        profile('Ann', { friends: friendOf('b', 'Ben') }),
        'b',
        profile('Ben', { friends: friendOf('a', 'Ann') }),
      ).ok,
    ).toBe(false);
    expect(checkSend('a', profile('Ann'), 'b', profile('Ben'))).toEqual({ ok: true });
  });

  it('refuses a full sent list and a sender over the rate limit, each with its own message', () => {
    const full = Array.from({ length: 50 }, (_, i) => ({ ...sent, requestId: `a_${i}`, receiverId: `r${i}` }));
    expect(checkSend('a', profile('Ann', { sentFriendRequests: full }), 'b', profile('Ben'))).toEqual({
      ok: false,
      message: SENT_FULL_MESSAGE,
    });
    expect(checkSend('a', profile('Ann', { sentFriendRequests: full.slice(1) }), 'b', profile('Ben'))).toEqual({
      ok: true,
    });
    expect(INBOX_FULL_MESSAGE).toContain('50 pending friend requests');
    const busy = { start: NOW - 30_000, count: 10 };
    expect(checkSend('a', profile('Ann'), 'b', profile('Ben'), busy, NOW)).toEqual({
      ok: false,
      message: RATE_LIMITED_MESSAGE,
    });
    expect(checkSend('a', profile('Ann'), 'b', profile('Ben'), { ...busy, count: 9 }, NOW)).toEqual({ ok: true });
    // the spec's duplicate message comes first
    expect(checkSend('a', profile('Ann', { sentFriendRequests: [sent] }), 'b', profile('Ben'), busy, NOW)).toEqual({
      ok: false,
      message: 'Friend request already sent',
    });
  });

  it('counts each request in the rate window, restarting it at the server time once surely over', () => {
    expect(nextSendWindow(sendWindowOf(null), NOW)).toEqual({
      requestWindowStart: fieldValue.serverTimestamp(),
      requestWindowCount: 1,
    });
    expect(nextSendWindow({ start: NOW - 30_000, count: 3 }, NOW)).toEqual({ requestWindowCount: 4 });
    expect(nextSendWindow({ start: NOW - 30_000, count: 10 }, NOW)).toBeNull();
    // a device clock a little fast must not restart a window the server still counts
    expect(nextSendWindow({ start: NOW - 61_000, count: 10 }, NOW)).toBeNull();
    expect(nextSendWindow({ start: NOW - 61_000, count: 4 }, NOW)).toEqual({ requestWindowCount: 5 });
    expect(nextSendWindow({ start: NOW - 66_000, count: 10 }, NOW)).toEqual({
      requestWindowStart: fieldValue.serverTimestamp(),
      requestWindowCount: 1,
    });
    expect(sendWindowOf({ requestWindowStart: 'x', requestWindowCount: -3 })).toEqual({ start: null, count: 0 });
  });

  it('creates the pending entry on both sides at the server time, merged into the inboxes, and flags the receiver', () => {
    const plan = applySend('a', profile('Ann'), 'b', profile('Ben'), NOW, { requestWindowCount: 2 });
    expect(plan.requestId).toBe(`a_${NOW}`);
    const at = fieldValue.serverTimestamp();
    expect(plan.writes).toEqual([
      {
        collection: 'inboxes',
        uid: 'a',
        merge: true,
        data: {
          sentFriendRequests: {
            b: {
              requestId: `a_${NOW}`,
              receiverId: 'b',
              receiverName: 'Ben',
              receiverPhoto: null,
              status: 'pending',
              createdAt: at,
            },
          },
          requestWindowCount: 2,
        },
      },
      {
        collection: 'inboxes',
        uid: 'b',
        merge: true,
        data: {
          friendRequests: {
            a: {
              requestId: `a_${NOW}`,
              senderId: 'a',
              senderName: 'Ann',
              senderPhoto: null,
              status: 'pending',
              createdAt: at,
            },
          },
          hasNewNotification: true,
        },
      },
    ]);
  });
});

describe('applyAccept', () => {
  it('writes both friends entries, the sender count by increment, the notification at the server time', () => {
    const plan = applyAccept(
      'b',
      profile('Ben', { friendRequests: [request] }),
      profile('Ann', { sentFriendRequests: [sent] }),
      request,
      NOW,
    );
    expect(plan.alreadyFriends).toBe(false);
    expect(plan.notification).toMatchObject({
      id: `accepted_a_1_${NOW}`,
      message: 'Ben accepted your friend request',
      createdAt: ISO,
    });
    expect(plan.writes).toEqual([
      { collection: 'inboxes', uid: 'b', data: { 'friendRequests.a': fieldValue.deleteField() } },
      {
        collection: 'users',
        uid: 'b',
        data: { 'friends.a': { id: 'a', displayName: 'Ann', photoURL: null, addedAt: ISO }, friendCount: 1 },
      },
      {
        collection: 'users',
        uid: 'a',
        data: {
          'friends.b': { id: 'b', displayName: 'Ben', photoURL: null, addedAt: ISO },
          friendCount: fieldValue.increment(1),
        },
      },
      {
        collection: 'inboxes',
        uid: 'a',
        merge: true,
        data: {
          sentFriendRequests: { b: fieldValue.deleteField() },
          notifications: {
            [`accepted_a_1_${NOW}`]: {
              id: `accepted_a_1_${NOW}`,
              type: 'friendRequestAccepted',
              message: 'Ben accepted your friend request',
              senderId: 'b',
              senderName: 'Ben',
              senderPhoto: null,
              read: false,
              createdAt: fieldValue.serverTimestamp(),
            },
          },
          hasNewNotification: true,
        },
      },
    ]);
  });

  it('only removes the request entries when already friends', () => {
    const friendOf = (id: string, displayName: string) => [{ id, displayName, photoURL: null, addedAt: ISO }];
    const plan = applyAccept(
      'b',
      profile('Ben', { friendRequests: [request], friends: friendOf('a', 'Ann'), friendCount: 1 }),
      profile('Ann', { sentFriendRequests: [sent], friends: friendOf('b', 'Ben'), friendCount: 1 }),
      request,
      NOW,
    );
    expect(plan).toEqual({
      writes: [
        { collection: 'inboxes', uid: 'b', data: { 'friendRequests.a': fieldValue.deleteField() } },
        { collection: 'inboxes', uid: 'a', merge: true, data: { sentFriendRequests: { b: fieldValue.deleteField() } } },
      ],
      alreadyFriends: true,
      notification: null,
    });
  });
});

describe('decline, cancel and remove', () => {
  it('decline removes the entry from both users', () => {
    expect(applyDecline('b', 'a')).toEqual([
      { collection: 'inboxes', uid: 'b', data: { 'friendRequests.a': fieldValue.deleteField() } },
      { collection: 'inboxes', uid: 'a', merge: true, data: { sentFriendRequests: { b: fieldValue.deleteField() } } },
    ]);
  });

  it('cancel finds the request by id, else the pending one to that receiver', () => {
    const ann = profile('Ann', { sentFriendRequests: [sent] });
    expect(findSentRequest(ann, 'b', 'a_1')).toBe(sent);
    expect(findSentRequest(ann, 'b', 'stale')).toBe(sent);
    expect(findSentRequest(ann, 'c', 'a_1')).toBeNull();
    expect(applyCancel('a', 'b')).toEqual([
      { collection: 'inboxes', uid: 'a', data: { 'sentFriendRequests.b': fieldValue.deleteField() } },
      { collection: 'inboxes', uid: 'b', merge: true, data: { friendRequests: { a: fieldValue.deleteField() } } },
    ]);
  });

  it('remove drops the friendship and lingering requests from both sides', () => {
    const friendOf = (id: string, displayName: string) => [{ id, displayName, photoURL: null, addedAt: ISO }];
    const ann = profile('Ann', { friends: friendOf('b', 'Ben'), friendCount: 1, sentFriendRequests: [sent] });
    expect(ownRemovalWrites('a', ann, 'b')).toEqual([
      { collection: 'users', uid: 'a', data: { 'friends.b': fieldValue.deleteField(), friendCount: 0 } },
      { collection: 'inboxes', uid: 'a', data: { 'sentFriendRequests.b': fieldValue.deleteField() } },
    ]);
    expect(
      otherRemovalWrites('a', ann, 'b', profile('Ben', { friends: friendOf('a', 'Ann'), friendCount: 1 })),
    ).toEqual([
      {
        collection: 'users',
        uid: 'b',
        data: { 'friends.a': fieldValue.deleteField(), friendCount: fieldValue.increment(-1) },
      },
      // Ann's sent request to Ben: its mirror in Ben's inbox goes too
      { collection: 'inboxes', uid: 'b', merge: true, data: { friendRequests: { a: fieldValue.deleteField() } } },
    ]);
    // a stale count on the other side is written as the list's size
    expect(
      otherRemovalWrites('a', profile('Ann'), 'b', profile('Ben', { friends: friendOf('a', 'Ann'), friendCount: 4 })),
    ).toEqual([{ collection: 'users', uid: 'b', data: { 'friends.a': fieldValue.deleteField(), friendCount: 0 } }]);
  });

  it('remove leaves the other friends list alone when it no longer lists the user', () => {
    expect(otherRemovalWrites('a', profile('Ann'), 'b', profile('Ben'))).toEqual([]);
    expect(dropFriendWrites('b', profile('Ben'), 'a')).toEqual([]);
  });
});

describe('planStaleCleanup', () => {
  const ann = (status: 'pending' | 'accepted') => profile('Ann', { sentFriendRequests: [{ ...sent, status }] });
  const annEntry = [{ id: 'a', displayName: 'Ann', photoURL: null, addedAt: ISO }];

  it.each([
    [
      'friends: marked accepted and re-added',
      ann('pending'),
      profile('Ben', { friends: annEntry }),
      ['markedAccepted', 'friendReAdded'],
      { 'sentFriendRequests.b.status': 'accepted' },
    ],
    ['receiver gone: dropped', ann('pending'), null, ['dropped'], { 'sentFriendRequests.b': fieldValue.deleteField() }],
    [
      'accepted but not listed: reverted',
      ann('accepted'),
      profile('Ben'),
      ['revertedToPending'],
      { 'sentFriendRequests.b.status': 'pending' },
    ],
    ['live pending: unchanged', ann('pending'), profile('Ben'), ['unchanged'], null],
  ] as const)('%s', (_name, user, receiver, actions, inbox) => {
    const plan = planStaleCleanup('a', user, { b: receiver }, NOW);
    expect(plan.actions.a_1).toEqual(actions);
    expect(plan.inbox).toEqual(inbox);
    expect(plan.changed).toBe(actions[0] !== 'unchanged');
  });

  it('re-adds a friend the receiver lists, one write of its own', () => {
    const plan = planStaleCleanup('a', ann('accepted'), { b: profile('Ben', { friends: annEntry }) }, NOW);
    expect(plan.friendsToAdd).toEqual([{ id: 'b', displayName: 'Ben', photoURL: null, addedAt: ISO }]);
    expect(plan.inbox).toBeNull();
    expect(reAddFriendWrite('a', profile('Ann'), plan.friendsToAdd[0]!)).toEqual({
      collection: 'users',
      uid: 'a',
      data: { 'friends.b': { id: 'b', displayName: 'Ben', photoURL: null, addedAt: ISO }, friendCount: 1 },
    });
  });
});
