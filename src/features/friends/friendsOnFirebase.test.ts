/**
 * @jest-environment node
 */
// The friends operations as the app runs them, over the Firebase adapter on the Firestore and Auth
// emulators with the project's firestore.rules: people acting on one person at the same moment all
// succeed (the writes merge entries by field path instead of rewriting whole lists from a read),
// and a person's inbox is private. Skipped, saying why, where the emulators are not running (`npm
// test` and `npm run jest` start them).
import type { Clock } from '../../backend/port';
import { docRef } from '../../backend/port';
import { firebaseEmulatorSuite } from '../../test/firebaseEmulatorSuite';
import { readOwnProfile } from '../profile';
import { acceptFriendRequest, removeFriend, sendFriendRequest } from './friendsApi';

// A project of its own: the rules and documents of other suites do not mix in.
const { describeOnEmulators, person } = firebaseEmulatorSuite(
  'friends on Firebase (emulators)',
  'demo-devtribe-friends',
);
const clock: Clock = { now: () => Date.now() };

describeOnEmulators(() => {
  it('six people sending a request to one person at once all succeed, and only that person reads them', async () => {
    const receiver = await person('Rita');
    const senders = await Promise.all(['Ana', 'Ben', 'Cai', 'Dov', 'Eli', 'Fay'].map(person));
    const results = await Promise.all(
      senders.map((sender) => sendFriendRequest(sender.backend.db, sender.uid, receiver.uid, clock)),
    );
    expect(results.map((result) => result.message)).toEqual(Array(6).fill('Friend request sent'));
    const rita = await readOwnProfile(receiver.backend.db, receiver.uid);
    expect(rita?.friendRequests.map((request) => request.senderId).sort()).toEqual(
      senders.map((sender) => sender.uid).sort(),
    );
    expect(rita?.hasNewNotification).toBe(true);
    // A second request from one of them is refused by the rules (the sender cannot read the inbox).
    const again = await sendFriendRequest(senders[0]!.backend.db, senders[0]!.uid, receiver.uid, clock);
    expect(again.message).toBe('Friend request already sent');
    // Nobody else reads Rita's inbox, whether it exists or not.
    await expect(senders[1]!.backend.db.get(docRef('inboxes', receiver.uid))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(senders[1]!.backend.db.get(docRef('inboxes', 'nobody-here'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });

  it("three people accepting one sender's requests at once all succeed, and the counts add up", async () => {
    const sender = await person('Sam');
    const receivers = await Promise.all(['Ivy', 'Jon', 'Kim'].map(person));
    const sent: Awaited<ReturnType<typeof sendFriendRequest>>[] = [];
    for (const receiver of receivers)
      sent.push(await sendFriendRequest(sender.backend.db, sender.uid, receiver.uid, clock));
    expect(sent.every((result) => result.success)).toBe(true);
    const accepted = await Promise.all(
      receivers.map((receiver, i) =>
        acceptFriendRequest(receiver.backend.db, receiver.uid, sent[i]!.requestId!, clock),
      ),
    );
    expect(accepted.map((result) => result.message)).toEqual(Array(3).fill('Friend request accepted'));
    const sam = await readOwnProfile(sender.backend.db, sender.uid);
    expect(sam?.friends.map((friend) => friend.id).sort()).toEqual(receivers.map((receiver) => receiver.uid).sort());
    expect(sam?.friendCount).toBe(3);
    expect(sam?.sentFriendRequests).toEqual([]);
    expect(Object.keys(sam?.notifications ?? {})).toHaveLength(3);

    // ...and the same three removing Sam at once.
    const removed = await Promise.all(
      receivers.map((receiver) => removeFriend(receiver.backend.db, receiver.uid, sender.uid, clock)),
    );
    expect(removed.map((result) => result.message)).toEqual(Array(3).fill('Friend removed'));
    const after = await readOwnProfile(sender.backend.db, sender.uid);
    expect([after?.friends, after?.friendCount]).toEqual([[], 0]);
  });
});
