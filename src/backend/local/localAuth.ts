// Local email/password accounts kept in IndexedDB, with Firebase Auth's error codes and its
// protection against account enumeration (one error for a wrong email or a wrong password).
import { BackendError } from '../port';
import type { AuthPort, AuthUser, Clock, SignUpInput } from '../port';
import type { LocalDatabase, StoredAccount } from './openLocalDatabase';
import type { PasswordHash } from './passwordHash';
import { hashPassword, verifyPassword } from './passwordHash';
import { SALT_BYTES } from './passwordHash';
import { randomBytes, randomId } from './randomId';
import type { SessionStore } from './sessionStore';

const PASSWORD_MIN_LENGTH = 8;
const SIGN_IN_FAILURES_MAX = 5;
const SIGN_IN_FAILURE_WINDOW_MS = 60_000;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function validEmail(email: string): string {
  const normalized = normalizeEmail(String(email ?? ''));
  if (normalized.length > EMAIL_MAX || !EMAIL_PATTERN.test(normalized)) {
    throw new BackendError('auth/invalid-email', 'The email address is badly formatted.');
  }
  return normalized;
}

function toAuthUser(account: StoredAccount): AuthUser {
  return { uid: account.uid, email: account.email, displayName: account.displayName, photoURL: account.photoURL };
}

interface LocalAuthDeps {
  database: LocalDatabase;
  clock: Clock;
  session: SessionStore;
  pbkdf2Iterations: number;
}

interface LocalAuth extends AuthPort {
  currentUser(): AuthUser | null;
  /** The signed-in account's moderator claim, for the access policy. */
  currentIsModerator(): boolean;
  /** Restores this tab's session; must finish before the backend is handed out. */
  restore(): Promise<void>;
}

export function createLocalAuth(deps: LocalAuthDeps): LocalAuth {
  const { database, clock, session, pbkdf2Iterations } = deps;
  let current: AuthUser | null = null;
  let currentModerator = false;
  const listeners = new Set<{ onChange: (user: AuthUser | null) => void; started: boolean }>();
  const failuresByEmail = new Map<string, number[]>();
  // Verified when the email has no account, so both failures take the same time.
  let decoyHash: Promise<PasswordHash> | null = null;

  function becomes(user: AuthUser | null, account?: StoredAccount): void {
    current = user;
    currentModerator = account?.claims?.moderator === true;
    for (const listener of [...listeners]) if (listener.started) listener.onChange(user);
  }

  function recentFailures(email: string): number[] {
    const since = clock.now() - SIGN_IN_FAILURE_WINDOW_MS;
    const failures = (failuresByEmail.get(email) ?? []).filter((time) => time > since);
    failuresByEmail.set(email, failures);
    return failures;
  }

  async function accountByUid(uid: string): Promise<StoredAccount | undefined> {
    return database.getFromIndex('accounts', 'byUid', uid);
  }

  return {
    providers: [],

    currentUser: () => current,

    currentIsModerator: () => currentModerator,

    isModerator: () => Promise.resolve(current !== null && currentModerator),

    async restore() {
      const uid = session.initialUid();
      const account = uid === null ? undefined : await accountByUid(uid);
      current = account ? toAuthUser(account) : null;
      currentModerator = account?.claims?.moderator === true;
      session.keepInThisTab(current?.uid ?? null);
    },

    onAuthStateChanged(onChange) {
      const listener = { onChange, started: false };
      listeners.add(listener);
      void Promise.resolve().then(() => {
        if (!listeners.has(listener)) return;
        listener.started = true;
        onChange(current);
      });
      return () => void listeners.delete(listener);
    },

    async signUp({ email, password, displayName }: SignUpInput) {
      const normalized = validEmail(email);
      if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) {
        throw new BackendError('auth/weak-password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
      }
      const alreadyInUse = () =>
        new BackendError('auth/email-already-in-use', 'The email address is already in use by another account.');
      if (await database.get('accounts', normalized)) throw alreadyInUse();
      const name = typeof displayName === 'string' ? displayName.trim() : '';
      const account: StoredAccount = {
        email: normalized,
        uid: randomId(20),
        displayName: name.length > 0 ? name : null,
        photoURL: null,
        password: await hashPassword(password, randomBytes(SALT_BYTES), pbkdf2Iterations),
        createdAt: clock.now(),
      };
      try {
        await database.add('accounts', account);
      } catch {
        throw alreadyInUse(); // another tab created it meanwhile (the key is the email)
      }
      session.signedIn(account.uid);
      becomes(toAuthUser(account));
      return toAuthUser(account);
    },

    async signIn(email, password) {
      const normalized = validEmail(email);
      if (recentFailures(normalized).length >= SIGN_IN_FAILURES_MAX) {
        throw new BackendError(
          'auth/too-many-requests',
          'Access to this account has been temporarily disabled due to many failed login attempts. Try again in a minute.',
        );
      }
      const account = await database.get('accounts', normalized);
      decoyHash ??= hashPassword('decoy-password', new Uint8Array(SALT_BYTES), pbkdf2Iterations);
      const passwordOk = await verifyPassword(String(password ?? ''), account?.password ?? (await decoyHash));
      if (!account || !passwordOk) {
        recentFailures(normalized).push(clock.now());
        throw new BackendError('auth/invalid-credential', 'The email or password is incorrect.');
      }
      failuresByEmail.delete(normalized);
      session.signedIn(account.uid);
      becomes(toAuthUser(account), account);
      return toAuthUser(account);
    },

    signOut() {
      session.signedOut(current?.uid ?? null);
      if (current !== null) becomes(null);
      return Promise.resolve();
    },

    sendPasswordReset(email) {
      // Resolves whether or not the account exists (no enumeration); there is no mail server locally.
      return Promise.resolve().then(() => void validEmail(email));
    },

    signInWithProvider(provider) {
      return Promise.reject(
        new BackendError(
          'auth/provider-unavailable',
          `Sign-in with ${provider} is not available on this device's local backend.`,
        ),
      );
    },
  };
}
