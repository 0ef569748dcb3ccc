import { inboxNotifications } from '../../domain/friendsLists';
import { acceptFriendRequest, sendFriendRequest } from '../../test/featureInternals';
import { acceptedNotification } from '../../test/fixtures';
import { keyedBy } from '../../test/fixtures';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TwoUsers } from '../../test/twoUsers';
import type { TestTab } from '../../test/twoUsers';
import { readOwnProfile } from '../profile';
import { clearNewNotificationFlag, markNotificationsRead } from './notificationsApi';

let t: TwoUsers;
beforeEach(async () => {
  t = await setupTwoUsers();
});
afterEach(async () => {
  await t.close();
});

/** The inbox as the app shows it: the stored profile as the app reads it, unread newest first. */
const inboxOf = async (tab: TestTab) => ({
  notifications: inboxNotifications((await readOwnProfile(tab.backend.db, tab.uid))!),
});

// Spread: a plain object type, as stored documents are written.
const stored = (id: string, createdAt: string, read = false) => ({ ...acceptedNotification(id, createdAt, read) });

it('lists unread notifications newest first, friend requests derived from pending requests', async () => {
  const sent = await sendFriendRequest(t.bob.backend.db, t.bob.uid, t.alice.uid, t.clock);
  t.clock.advance(1000);
  await t.adminWrite('inboxes', t.alice.uid, {
    notifications: keyedBy(
      [stored('old', '2026-01-01T00:00:00.000Z'), stored('seen', '2026-11-23T00:00:00.000Z', true)],
      'id',
    ),
  });
  const result = await inboxOf(t.alice);
  expect(result.notifications.map((n) => [n.type, n.id])).toEqual([
    ['friendRequest', `request_${sent.requestId}`],
    ['friendRequestAccepted', 'old'],
  ]);
});

it('reads notifications stored as an object, marks them read keeping the object, and clears the flag', async () => {
  await t.adminWrite('inboxes', t.alice.uid, {
    notifications: { a: stored('a', '2026-11-01T00:00:00.000Z'), b: stored('b', '2026-11-02T00:00:00.000Z') },
    hasNewNotification: true,
  });
  expect((await inboxOf(t.alice)).notifications.map((n) => n.id)).toEqual(['b', 'a']);
  expect(await markNotificationsRead(t.alice.backend.db, t.alice.uid)).toBe(2);
  const profile = await t.profile(t.alice.uid);
  expect(profile?.notifications).toEqual({
    a: stored('a', '2026-11-01T00:00:00.000Z', true),
    b: stored('b', '2026-11-02T00:00:00.000Z', true),
  });
  expect((await inboxOf(t.alice)).notifications).toEqual([]);
  await clearNewNotificationFlag(t.alice.backend.db, t.alice.uid);
  expect((await t.profile(t.alice.uid))?.hasNewNotification).toBe(false);
});

it('the accepted notification reaches the sender and can be read by them', async () => {
  const sent = await sendFriendRequest(t.alice.backend.db, t.alice.uid, t.bob.uid, t.clock);
  await acceptFriendRequest(t.bob.backend.db, t.bob.uid, sent.requestId!, t.clock);
  const inbox = await inboxOf(t.alice);
  expect(inbox.notifications).toHaveLength(1);
  expect(inbox.notifications[0]?.message).toBe('Bob accepted your friend request');
  expect(await markNotificationsRead(t.alice.backend.db, t.alice.uid)).toBe(1);
  expect(await markNotificationsRead(t.alice.backend.db, t.alice.uid)).toBe(0);
});

it('marks many notifications read ten per write, and keeps only the newest 30 of those read before', async () => {
  const at = (i: number) => new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString();
  await t.adminWrite('inboxes', t.alice.uid, {
    notifications: keyedBy(
      [
        ...Array.from({ length: 25 }, (_, i) => stored(`new${String(i).padStart(2, '0')}`, at(100 + i))),
        ...Array.from({ length: 40 }, (_, i) => stored(`old${String(i).padStart(2, '0')}`, at(i), true)),
      ],
      'id',
    ),
  });
  t.alice.backend.local.resetCounters();
  expect(await markNotificationsRead(t.alice.backend.db, t.alice.uid)).toBe(25);
  expect(t.alice.backend.local.counters.writes).toBe(3);
  const kept = Object.values((await t.profile(t.alice.uid))?.notifications ?? {});
  expect(kept.filter((n) => n.read !== true)).toEqual([]);
  // the 25 just read and the newest 30 of the 40 read before: the 10 oldest went
  expect(kept).toHaveLength(55);
  expect(kept.map((n) => n.id)).not.toContain('old09');
  expect(kept.map((n) => n.id)).toContain('old10');
});
