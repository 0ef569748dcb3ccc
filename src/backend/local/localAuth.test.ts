import { createTestClock, openBackendsPerTest, uniqueDbName } from '../../test/testBackend';
import type { AuthUser } from '../port';
import type { LocalBackend } from './createLocalBackend';
import { LAST_USER_KEY, SESSION_KEY, createMemoryStorage } from './sessionStore';

const PASSWORD = 'correct horse battery';

function firstAuthState(backend: LocalBackend): Promise<AuthUser | null> {
  return new Promise((resolve, reject) => backend.auth.onAuthStateChanged(resolve, reject));
}

describe('local auth', () => {
  const open = openBackendsPerTest();

  it('signs up with a normalized email, keeps the display name and signs in', async () => {
    const backend = await open();
    const changes: (AuthUser | null)[] = [];
    backend.auth.onAuthStateChanged(
      (user) => changes.push(user),
      () => undefined,
    );
    await Promise.resolve();
    const user = await backend.auth.signUp({ email: '  Ada@Example.COM ', password: PASSWORD, displayName: 'Ada' });
    expect(user).toEqual({
      uid: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      email: 'ada@example.com',
      displayName: 'Ada',
      photoURL: null,
    });
    expect(changes).toEqual([null, user]);

    await backend.auth.signOut();
    await expect(backend.auth.signIn('ADA@example.com', PASSWORD)).resolves.toEqual(user);
    expect(changes).toEqual([null, user, null, user]);
  });

  it('calls onAuthStateChanged asynchronously, once, with the current user', async () => {
    const backend = await open();
    const calls: (AuthUser | null)[] = [];
    backend.auth.onAuthStateChanged(
      (user) => calls.push(user),
      () => undefined,
    );
    expect(calls).toEqual([]);
    await Promise.resolve();
    expect(calls).toEqual([null]);
  });

  it('refuses a second account for the same email', async () => {
    const backend = await open();
    await backend.auth.signUp({ email: 'ada@example.com', password: PASSWORD, displayName: 'Ada' });
    await expect(
      backend.auth.signUp({ email: 'ADA@example.com ', password: PASSWORD, displayName: 'Other' }),
    ).rejects.toMatchObject({ code: 'auth/email-already-in-use' });
  });

  it('validates the email and the password length', async () => {
    const backend = await open();
    await expect(
      backend.auth.signUp({ email: 'not-an-email', password: PASSWORD, displayName: 'X' }),
    ).rejects.toMatchObject({ code: 'auth/invalid-email' });
    await expect(
      backend.auth.signUp({ email: 'x@example.com', password: 'short12', displayName: 'X' }),
    ).rejects.toMatchObject({ code: 'auth/weak-password' });
    await expect(backend.auth.signIn('nope', PASSWORD)).rejects.toMatchObject({ code: 'auth/invalid-email' });
  });

  it('gives the same error for a wrong password and an unknown email', async () => {
    const backend = await open();
    await backend.auth.signUp({ email: 'ada@example.com', password: PASSWORD, displayName: 'Ada' });
    await backend.auth.signOut();
    await expect(backend.auth.signIn('ada@example.com', 'wrong password')).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    await expect(backend.auth.signIn('nobody@example.com', PASSWORD)).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
  });

  it('blocks an email after 5 failed sign-ins within a minute, then lets it try again', async () => {
    const clock = createTestClock(Date.UTC(2026, 0, 15, 12));
    const backend = await open({ clock });
    await backend.auth.signUp({ email: 'ada@example.com', password: PASSWORD, displayName: 'Ada' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(backend.auth.signIn('ada@example.com', 'wrong password')).rejects.toMatchObject({
        code: 'auth/invalid-credential',
      });
      clock.advance(5_000);
    }
    await expect(backend.auth.signIn('ada@example.com', PASSWORD)).rejects.toMatchObject({
      code: 'auth/too-many-requests',
    });
    await expect(backend.auth.signIn('grace@example.com', 'whatever1')).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    clock.advance(60_000);
    await expect(backend.auth.signIn('ada@example.com', PASSWORD)).resolves.toMatchObject({ email: 'ada@example.com' });
  });

  it('resolves password resets without revealing whether the account exists', async () => {
    const backend = await open();
    await expect(backend.auth.sendPasswordReset('nobody@example.com')).resolves.toBeUndefined();
    await expect(backend.auth.sendPasswordReset('bad email')).rejects.toMatchObject({ code: 'auth/invalid-email' });
  });

  it('has no social providers', async () => {
    const backend = await open();
    expect(backend.auth.providers).toEqual([]);
    await expect(backend.auth.signInWithProvider('github')).rejects.toMatchObject({
      code: 'auth/provider-unavailable',
    });
  });

  describe('sessions per tab', () => {
    it('starts a new tab as the last user, and tabs then sign in and out independently', async () => {
      const dbName = uniqueDbName();
      const localStorage = createMemoryStorage();
      const tabA = await open({ dbName, localStorage, sessionStorage: createMemoryStorage() });
      const ada = await tabA.auth.signUp({ email: 'ada@example.com', password: PASSWORD, displayName: 'Ada' });

      const tabB = await open({ dbName, localStorage, sessionStorage: createMemoryStorage() });
      expect(await firstAuthState(tabB)).toEqual(ada);

      const grace = await tabB.auth.signUp({ email: 'grace@example.com', password: PASSWORD, displayName: 'Grace' });
      const tabAChanges: (AuthUser | null)[] = [];
      tabA.auth.onAuthStateChanged(
        (user) => tabAChanges.push(user),
        () => undefined,
      );
      await Promise.resolve();
      await tabB.auth.signOut();
      await tabB.auth.signIn('ada@example.com', PASSWORD);
      await tabB.auth.signIn('grace@example.com', PASSWORD);
      expect(tabAChanges).toEqual([ada]);

      const tabC = await open({ dbName, localStorage, sessionStorage: createMemoryStorage() });
      expect(await firstAuthState(tabC)).toEqual(grace);
    });

    it('keeps a tab on its own user after a reload even when another tab signed in since', async () => {
      const dbName = uniqueDbName();
      const localStorage = createMemoryStorage();
      const tabStorage = createMemoryStorage();
      const tabA = await open({ dbName, localStorage, sessionStorage: tabStorage });
      const ada = await tabA.auth.signUp({ email: 'ada@example.com', password: PASSWORD, displayName: 'Ada' });
      const tabB = await open({ dbName, localStorage, sessionStorage: createMemoryStorage() });
      await tabB.auth.signUp({ email: 'grace@example.com', password: PASSWORD, displayName: 'Grace' });

      const reloadedA = await open({ dbName, localStorage, sessionStorage: tabStorage });
      expect(await firstAuthState(reloadedA)).toEqual(ada);
    });

    it('signing out clears the last user, so a new tab starts signed out', async () => {
      const dbName = uniqueDbName();
      const localStorage = createMemoryStorage();
      const tabA = await open({ dbName, localStorage });
      await tabA.auth.signUp({ email: 'ada@example.com', password: PASSWORD, displayName: 'Ada' });
      await tabA.auth.signOut();
      expect(localStorage.getItem(LAST_USER_KEY)).toBeNull();
      const tabB = await open({ dbName, localStorage });
      expect(await firstAuthState(tabB)).toBeNull();
    });

    it.each([
      ['invalid JSON', '{not json'],
      ['an unknown uid', JSON.stringify({ uid: 'no-such-user' })],
      ['a wrong shape', JSON.stringify(['ada'])],
    ])('treats %s in the stored session as signed out', async (_label, stored) => {
      const sessionStorage = createMemoryStorage();
      sessionStorage.setItem(SESSION_KEY, stored);
      const localStorage = createMemoryStorage();
      localStorage.setItem(LAST_USER_KEY, stored);
      const backend = await open({ sessionStorage, localStorage });
      expect(await firstAuthState(backend)).toBeNull();

      const fresh = await open({ sessionStorage: createMemoryStorage(), localStorage });
      expect(await firstAuthState(fresh)).toBeNull();
    });

    it('treats storage that throws as empty', async () => {
      const throwing = {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
        removeItem: () => undefined,
      };
      const backend = await open({ sessionStorage: throwing, localStorage: throwing });
      expect(await firstAuthState(backend)).toBeNull();
      await expect(
        backend.auth.signUp({ email: 'ada@example.com', password: PASSWORD, displayName: 'Ada' }),
      ).resolves.toMatchObject({ displayName: 'Ada' });
    });
  });
});
