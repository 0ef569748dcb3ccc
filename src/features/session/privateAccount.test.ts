// The email is private (issue 9, item 8): kept in the owner-only accounts/{uid}, out of the public
// users/{uid} every signed-in user reads; the session user still carries the account's email.
import { docRef } from '../../backend/port';
import { accountRef } from '../../test/featureInternals';
import { setupTestStore } from '../../test/setupTestStore';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TwoUsers } from '../../test/twoUsers';
import { ensureProfile, userRef } from '../profile';

let t: TwoUsers;

beforeEach(async () => {
  t = await setupTwoUsers();
});

afterEach(async () => {
  await t.close();
});

it('keeps the email in accounts/{uid}, readable by its owner only', async () => {
  expect(await t.rawDoc('users', t.alice.uid)).not.toHaveProperty('email');
  expect((await t.alice.backend.db.get(accountRef(t.alice.uid))).data).toEqual({ email: t.alice.user.email });
  // Bob reads Alice's public profile, never her account.
  expect((await t.bob.backend.db.get(userRef(t.alice.uid))).data).toMatchObject({ displayName: 'Alice' });
  await expect(t.bob.backend.db.get(accountRef(t.alice.uid))).rejects.toMatchObject({ code: 'permission-denied' });
  await expect(t.bob.backend.db.query({ collection: 'accounts', limit: 10 })).rejects.toMatchObject({
    code: 'permission-denied',
  });
  await expect(t.bob.backend.db.set(accountRef(t.alice.uid), { email: 'bob@evil.test' })).rejects.toMatchObject({
    code: 'permission-denied',
  });
  // Nor can Alice write someone else's email, or a new one, into her public profile.
  await expect(t.alice.backend.db.update(userRef(t.alice.uid), { email: 'alice@example.test' })).rejects.toMatchObject({
    code: 'permission-denied',
  });
});

it("moves a legacy profile's public email into accounts/{uid} at the next sign-in", async () => {
  await t.adminWrite('users', t.alice.uid, { email: t.alice.user.email });
  await t.adminWrite('accounts', t.alice.uid, null);
  const profile = await ensureProfile(t.alice.backend.db, t.alice.user);
  expect(profile.displayName).toBe('Alice');
  expect(await t.rawDoc('users', t.alice.uid)).not.toHaveProperty('email');
  expect(await t.rawDoc('accounts', t.alice.uid)).toEqual({ email: t.alice.user.email });
});

it('gives the session user the account email, in the user and in its profile', async () => {
  const alice = await setupTestStore({ backend: t.alice.backend, clock: t.clock });
  try {
    const state = await alice.waitFor((s) => s.session.status === 'signedIn');
    expect(state.session.user?.email).toBe(t.alice.user.email);
    expect(state.session.user?.profile.email).toBe(t.alice.user.email);
    // A live snapshot of the (email-less) public document keeps it.
    await t.alice.backend.db.update(docRef('users', t.alice.uid), { bio: 'Hello' });
    const updated = await alice.waitFor((s) => s.session.user?.profile.bio === 'Hello');
    expect(updated.session.user?.profile.email).toBe(t.alice.user.email);
  } finally {
    alice.store.sagaTask.cancel();
  }
});
