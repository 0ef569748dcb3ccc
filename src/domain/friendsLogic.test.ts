import { defaultProfile } from '../test/fixtures';
import { acceptedNotification } from '../test/fixtures';
import { fieldValue } from './docData';
import {
  acceptedNotificationIdFor,
  appendNotification,
  applyAccept,
  applyCancel,
  applyDecline,
  applyRemove,
  applySend,
  checkSend,
  findSentRequest,
  INBOX_FULL_MESSAGE,
  inboxNotifications,
  isValidFriendEntry,
  markAllRead,
  nextSendWindow,
  pendingRemovalIdFor,
  planStaleCleanup,
  RATE_LIMITED_MESSAGE,
  requestIdFor,
  sendWindowOf,
  sortFriendsByName,
  unreadNotifications,
} from './friendsLogic';
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
const sent = { requestId: 'a_1', receiverId: 'b', receiverName: 'Ben', receiverPhoto: null, status: 'pending' as const, createdAt: request.createdAt };

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
    expect(sortFriendsByName([entry('1', 'zoe'), entry('2', 'Adam'), entry('3', 'bea')]).map((f) => f.displayName)).toEqual(['Adam', 'bea', 'zoe']);
  });

  it('only unread notifications, newest first, from an array or an object', () => {
    const list = [note('old', '2026-01-01T00:00:00.000Z'), note('read', '2026-06-01T00:00:00.000Z', true), note('new', '2026-11-01T00:00:00.000Z')];
    expect(unreadNotifications(list).map((n) => n.id)).toEqual(['new', 'old']);
    const map = Object.fromEntries(list.map((n) => [n.id, n]));
    expect(unreadNotifications(map).map((n) => n.id)).toEqual(['new', 'old']);
  });

  it('writes keep the stored shape', () => {
    const map = { x: note('x', ISO) };
    expect(appendNotification(map, note('y', ISO))).toEqual({ x: note('x', ISO), y: note('y', ISO) });
    expect(appendNotification([note('x', ISO)], note('y', ISO))).toEqual([note('x', ISO), note('y', ISO)]);
    expect(markAllRead(map)).toEqual({ x: { ...note('x', ISO), read: true } });
    expect(markAllRead([note('x', ISO, true)])).toBeNull();
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
    expect(checkSend('a', profile('Ann', { sentFriendRequests: [sent] }), 'b', profile('Ben'))).toEqual({ ok: false, message: 'Friend request already sent' });
    expect(checkSend('a', profile('Ann'), 'b', profile('Ben', { friendRequests: [request] }))).toEqual({ ok: false, message: 'Friend request already sent' });
    expect(checkSend('b', profile('Ben', { friendRequests: [request] }), 'a', profile('Ann')).ok).toBe(false);
    expect(checkSend('a', profile('Ann'), 'b', profile('Ben'))).toEqual({ ok: true });
  });

  it('refuses a full inbox and a sender over the rate limit, each with its own message', () => {
    const full = Array.from({ length: 50 }, (_, i) => ({ ...request, requestId: `s${i}_1`, senderId: `s${i}` }));
    expect(checkSend('a', profile('Ann'), 'b', profile('Ben', { friendRequests: full }))).toEqual({ ok: false, message: INBOX_FULL_MESSAGE });
    expect(checkSend('a', profile('Ann'), 'b', profile('Ben', { friendRequests: full.slice(1) }))).toEqual({ ok: true });
    const busy = { start: NOW - 30_000, count: 10 };
    expect(checkSend('a', profile('Ann'), 'b', profile('Ben'), busy, NOW)).toEqual({ ok: false, message: RATE_LIMITED_MESSAGE });
    expect(checkSend('a', profile('Ann'), 'b', profile('Ben'), { ...busy, count: 9 }, NOW)).toEqual({ ok: true });
    // the spec's duplicate message comes first
    expect(checkSend('a', profile('Ann', { sentFriendRequests: [sent] }), 'b', profile('Ben'), busy, NOW)).toEqual({ ok: false, message: 'Friend request already sent' });
  });

  it('counts each request in the rate window, restarting it at the server time once surely over', () => {
    expect(nextSendWindow(sendWindowOf(null), NOW)).toEqual({ requestWindowStart: fieldValue.serverTimestamp(), requestWindowCount: 1 });
    expect(nextSendWindow({ start: NOW - 30_000, count: 3 }, NOW)).toEqual({ requestWindowCount: 4 });
    expect(nextSendWindow({ start: NOW - 30_000, count: 10 }, NOW)).toBeNull();
    // a device clock a little fast must not restart a window the server still counts
    expect(nextSendWindow({ start: NOW - 61_000, count: 10 }, NOW)).toBeNull();
    expect(nextSendWindow({ start: NOW - 61_000, count: 4 }, NOW)).toEqual({ requestWindowCount: 5 });
    expect(nextSendWindow({ start: NOW - 66_000, count: 10 }, NOW)).toEqual({ requestWindowStart: fieldValue.serverTimestamp(), requestWindowCount: 1 });
    expect(sendWindowOf({ requestWindowStart: 'x', requestWindowCount: -3 })).toEqual({ start: null, count: 0 });
  });

  it('creates the pending entry on both sides and flags the receiver', () => {
    const plan = applySend('a', profile('Ann'), 'b', profile('Ben'), NOW);
    expect(plan.requestId).toBe(`a_${NOW}`);
    expect(plan.sender.sentFriendRequests?.[0]).toMatchObject({ receiverId: 'b', receiverName: 'Ben', status: 'pending', createdAt: ISO });
    expect(plan.receiver).toMatchObject({ hasNewNotification: true, friendRequests: [{ senderId: 'a', senderName: 'Ann', status: 'pending' }] });
  });
});

describe('applyAccept', () => {
  it('computes both users new fields', () => {
    const plan = applyAccept('b', profile('Ben', { friendRequests: [request] }), profile('Ann', { sentFriendRequests: [sent] }), request, NOW);
    expect(plan.alreadyFriends).toBe(false);
    expect(plan.receiver).toEqual({
      friendRequests: [],
      friends: [{ id: 'a', displayName: 'Ann', photoURL: null, addedAt: ISO }],
      friendCount: 1,
    });
    expect(plan.sender).toEqual({
      sentFriendRequests: [],
      friends: [{ id: 'b', displayName: 'Ben', photoURL: null, addedAt: ISO }],
      friendCount: 1,
      notifications: [
        {
          id: `accepted_a_1_${NOW}`,
          type: 'friendRequestAccepted',
          message: 'Ben accepted your friend request',
          senderId: 'b',
          senderName: 'Ben',
          senderPhoto: null,
          read: false,
          createdAt: ISO,
        },
      ],
      hasNewNotification: true,
    });
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
    expect(plan).toEqual({ receiver: { friendRequests: [] }, sender: { sentFriendRequests: [] }, alreadyFriends: true, notification: null });
  });
});

describe('decline, cancel and remove', () => {
  it('decline removes the entry from both users', () => {
    expect(applyDecline('b', profile('Ben', { friendRequests: [request] }), profile('Ann', { sentFriendRequests: [sent] }), request)).toEqual({
      receiver: { friendRequests: [] },
      sender: { sentFriendRequests: [] },
    });
  });

  it('cancel finds the request by id, else the pending one to that receiver', () => {
    const ann = profile('Ann', { sentFriendRequests: [sent] });
    expect(findSentRequest(ann, 'b', 'a_1')).toBe(sent);
    expect(findSentRequest(ann, 'b', 'stale')).toBe(sent);
    expect(findSentRequest(ann, 'c', 'a_1')).toBeNull();
    expect(applyCancel('a', ann, profile('Ben', { friendRequests: [request] }), sent)).toEqual({
      sender: { sentFriendRequests: [] },
      receiver: { friendRequests: [] },
    });
  });

  it('remove drops the friendship and lingering requests from both sides', () => {
    const friendOf = (id: string, displayName: string) => [{ id, displayName, photoURL: null, addedAt: ISO }];
    const plan = applyRemove(
      'a',
      profile('Ann', { friends: friendOf('b', 'Ben'), friendCount: 1, sentFriendRequests: [sent] }),
      'b',
      profile('Ben', { friends: friendOf('a', 'Ann'), friendCount: 1, friendRequests: [request] }),
    );
    expect(plan).toEqual({
      user: { friends: [], friendCount: 0, sentFriendRequests: [] },
      friend: { friends: [], friendCount: 0, friendRequests: [] },
    });
  });

  it('remove leaves the other document alone when it no longer lists the user', () => {
    const plan = applyRemove('a', profile('Ann', { friends: [{ id: 'b', displayName: 'Ben', photoURL: null, addedAt: ISO }], friendCount: 1 }), 'b', profile('Ben'));
    expect(plan.friend).toBeNull();
  });
});

describe('planStaleCleanup', () => {
  const ann = (status: 'pending' | 'accepted') => profile('Ann', { sentFriendRequests: [{ ...sent, status }] });
  const annEntry = [{ id: 'a', displayName: 'Ann', photoURL: null, addedAt: ISO }];

  it.each([
    ['friends: marked accepted and re-added', ann('pending'), profile('Ben', { friends: annEntry }), ['markedAccepted', 'friendReAdded'], 'accepted'],
    ["receiver's copy accepted: marked accepted", ann('pending'), profile('Ben', { friendRequests: [{ ...request, status: 'accepted' }] }), ['markedAccepted'], 'accepted'],
    ['declined (copy gone): dropped', ann('pending'), profile('Ben'), ['dropped'], undefined],
    ['receiver gone: dropped', ann('pending'), null, ['dropped'], undefined],
    ['accepted but not listed: reverted', ann('accepted'), profile('Ben', { friendRequests: [request] }), ['revertedToPending'], 'pending'],
    ['live pending: unchanged', ann('pending'), profile('Ben', { friendRequests: [request] }), ['unchanged'], 'pending'],
  ] as const)('%s', (_name, user, receiver, actions, status) => {
    const plan = planStaleCleanup('a', user, { b: receiver }, NOW);
    expect(plan.actions.a_1).toEqual(actions);
    expect(plan.sentFriendRequests[0]?.status).toBe(status);
    expect(plan.changed).toBe(actions[0] !== 'unchanged');
  });
});
