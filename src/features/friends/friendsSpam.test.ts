// Request spam over the real store, root saga and access policy (issue 9, item 6): a duplicate
// pending request and more than SEND_RATE_LIMIT requests a minute are each refused with their own
// message; a full inbox, which the sender cannot read (docs/friends-model.md), is refused by the
// policy and explained; the same writes made past the app's checks are refused by the policy.
import { docRef, fieldValue } from '../../backend/port';
import type { DocData } from '../../backend/port';
import { FRIEND_REQUESTS_MAX, SEND_RATE_LIMIT, SEND_RATE_WINDOW_MS } from '../../domain/friendsLimits';
import { RATE_LIMITED_MESSAGE, SEND_REFUSED_MESSAGE } from '../../domain/friendsSend';
import { keyedBy } from '../../test/fixtures';
import type { TestStore } from '../../test/setupTestStore';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TwoUsers } from '../../test/twoUsers';
import { sendRequested } from './friendsSlice';

jest.setTimeout(30_000);

let t: TwoUsers;
let alice: TestStore;

beforeEach(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  t = await setupTwoUsers();
  // Alice's tab, already signed in, now with the app running in it.
  alice = await t.storeFor(t.alice);
});

afterEach(async () => {
  await t.close();
});

/** Alice presses "Add friend" for `receiverId`; resolves with the outcome shown to her. */
async function send(receiverId: string) {
  const seen = alice.actions.length;
  alice.store.dispatch(sendRequested({ receiverId }));
  await alice.waitFor(
    (state) =>
      state.friends.lastOutcome?.targetId === receiverId &&
      alice.actions.length > seen &&
      !state.friends.inFlight[receiverId],
  );
  return alice.store.getState().friends.lastOutcome;
}

const pendingFrom = (senderId: string, ms: number): DocData => ({
  requestId: `${senderId}_${ms}`,
  senderId,
  senderName: senderId,
  senderPhoto: null,
  status: 'pending',
  createdAt: new Date(ms).toISOString(),
});

it('refuses a duplicate request with the spec message, and the policy refuses it written directly', async () => {
  expect(await send(t.bob.uid)).toMatchObject({ success: true, message: 'Friend request sent' });
  expect(await send(t.bob.uid)).toMatchObject({ success: false, message: 'Friend request already sent' });
  expect((await t.profile(t.bob.uid))?.friendRequests).toHaveLength(1);

  // Past the app's check: a second pending entry, mirrored and counted, is still refused: Bob's
  // inbox already holds one under Alice's id.
  t.clock.advance(1000);
  const requestId = `${t.alice.uid}_${t.clock.now()}`;
  const aliceInbox = (await t.rawDoc('inboxes', t.alice.uid))!;
  await expect(
    t.alice.backend.db.commit([
      {
        type: 'update',
        ref: docRef('inboxes', t.alice.uid),
        data: {
          [`sentFriendRequests.${t.bob.uid}`]: {
            requestId,
            receiverId: t.bob.uid,
            receiverName: 'Bob',
            receiverPhoto: null,
            status: 'pending',
            createdAt: fieldValue.serverTimestamp(),
          },
          requestWindowCount: Number(aliceInbox.requestWindowCount) + 1,
        },
      },
      {
        type: 'set',
        ref: docRef('inboxes', t.bob.uid),
        data: {
          friendRequests: {
            [t.alice.uid]: {
              ...pendingFrom(t.alice.uid, t.clock.now()),
              senderName: 'Alice',
              createdAt: fieldValue.serverTimestamp(),
            },
          },
        },
        options: { merge: true },
      },
    ]),
  ).rejects.toMatchObject({ code: 'permission-denied' });
  expect((await t.profile(t.bob.uid))?.friendRequests).toHaveLength(1);
});

it(`refuses the request after ${SEND_RATE_LIMIT} in a minute with a clear message, and takes it once the minute is over`, async () => {
  const others = [];
  for (let i = 0; i <= SEND_RATE_LIMIT; i += 1) others.push(await t.addUser({ displayName: `Person ${i}` }));
  for (const other of others.slice(0, SEND_RATE_LIMIT)) {
    t.clock.advance(1000);
    expect(await send(other.uid)).toMatchObject({ success: true, message: 'Friend request sent' });
  }
  const last = others[SEND_RATE_LIMIT]!;
  t.clock.advance(1000);
  expect(await send(last.uid)).toMatchObject({ success: false, message: RATE_LIMITED_MESSAGE });
  expect((await t.profile(last.uid))?.friendRequests).toEqual([]);
  expect((await t.profile(t.alice.uid))?.sentFriendRequests).toHaveLength(SEND_RATE_LIMIT);

  // Past the app's check: counting an eleventh request in the same window is refused.
  await expect(
    t.alice.backend.db.update(docRef('inboxes', t.alice.uid), { requestWindowCount: SEND_RATE_LIMIT + 1 }),
  ).rejects.toMatchObject({ code: 'permission-denied' });
  // ...and so is starting a new window before the minute is over.
  await expect(
    t.alice.backend.db.update(docRef('inboxes', t.alice.uid), {
      requestWindowStart: fieldValue.serverTimestamp(),
      requestWindowCount: 1,
    }),
  ).rejects.toMatchObject({ code: 'permission-denied' });

  t.clock.advance(SEND_RATE_WINDOW_MS);
  expect(await send(last.uid)).toMatchObject({ success: true, message: 'Friend request sent' });
  expect((await t.profile(last.uid))?.friendRequests).toHaveLength(1);
});

it(`refuses a request into a full inbox (${FRIEND_REQUESTS_MAX} pending) with a clear message, and the policy refuses it too`, async () => {
  const full = Array.from({ length: FRIEND_REQUESTS_MAX }, (_, i) =>
    pendingFrom(`sender${i}`, t.clock.now() - 1000 * (i + 1)),
  );
  await t.adminWrite('inboxes', t.bob.uid, { friendRequests: keyedBy(full, 'senderId') });
  // Bob's inbox is private to him: the rules refuse the fifty-first, and Alice is told the likely reasons.
  expect(await send(t.bob.uid)).toMatchObject({ success: false, message: SEND_REFUSED_MESSAGE });
  expect(SEND_REFUSED_MESSAGE).toContain(`${FRIEND_REQUESTS_MAX} pending`);
  expect((await t.profile(t.bob.uid))?.friendRequests).toHaveLength(FRIEND_REQUESTS_MAX);
  expect((await t.profile(t.alice.uid))?.sentFriendRequests).toEqual([]);

  // One answered: there is room again.
  await t.adminWrite('inboxes', t.bob.uid, { friendRequests: { sender0: fieldValue.deleteField() } });
  expect(await send(t.bob.uid)).toMatchObject({ success: true, message: 'Friend request sent' });
  expect((await t.profile(t.bob.uid))?.friendRequests).toHaveLength(FRIEND_REQUESTS_MAX);
});
