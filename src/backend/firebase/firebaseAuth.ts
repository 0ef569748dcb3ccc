// AuthPort over Firebase Auth: email/password, password reset, Google and GitHub by popup.
import {
  createUserWithEmailAndPassword,
  GithubAuthProvider,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
} from 'firebase/auth';
import type { Auth, AuthProvider, User } from 'firebase/auth';

import { reportError } from '../../platform/errorReporting';
import { BackendError } from '../port';
import type { AuthPort, AuthProviderId, AuthUser, SignUpInput } from '../port';
import { toAuthUser, toBackendError } from './mapping';

function providerFor(id: AuthProviderId): AuthProvider {
  return id === 'google' ? new GoogleAuthProvider() : new GithubAuthProvider();
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toBackendError(error);
  }
}

export function createFirebaseAuthPort(auth: Auth, providers: readonly AuthProviderId[]): AuthPort {
  // createUserWithEmailAndPassword signs the new user in (and fires onAuthStateChanged) before
  // updateProfile has set the display name. Auth-state reports for that user wait for the
  // sign-up to finish, so the session never sees a nameless account and the profile it
  // creates gets the name the user typed.
  let signUpInFlight: { settled: Promise<void>; uid: string | null; displayName: string } | null = null;

  return {
    providers,

    onAuthStateChanged(onChange, onError) {
      let latest = 0;
      let active = true;
      const report = (user: User | null, sequence: number) => {
        if (!active || sequence !== latest) return;
        onChange(user ? toAuthUser(user) : null);
      };
      const stop = onAuthStateChanged(
        auth,
        (user) => {
          latest += 1;
          const sequence = latest;
          const pending = signUpInFlight;
          if (user && pending && (pending.uid === null || pending.uid === user.uid)) {
            void pending.settled.then(() => report(user, sequence));
          } else {
            report(user, sequence);
          }
        },
        (error) => {
          if (active) onError(toBackendError(error));
        },
      );
      return () => {
        active = false;
        stop();
      };
    },

    async signUp({ email, password, displayName }: SignUpInput): Promise<AuthUser> {
      let finish = () => {};
      const inFlight = {
        settled: new Promise<void>((resolve) => (finish = resolve)),
        uid: null as string | null,
        displayName,
      };
      signUpInFlight = inFlight;
      try {
        const credential = await createUserWithEmailAndPassword(auth, email, password);
        inFlight.uid = credential.user.uid;
        try {
          await updateProfile(credential.user, { displayName });
        } catch (error) {
          // The account exists and is signed in; a missing name falls back to the profile default.
          reportError(error, { description: 'Could not set the display name of the new account:' });
        }
        return toAuthUser(credential.user, credential.user.displayName ?? displayName);
      } catch (error) {
        throw toBackendError(error);
      } finally {
        if (signUpInFlight === inFlight) signUpInFlight = null;
        finish();
      }
    },

    signIn: (email, password) =>
      mapped(async () => toAuthUser((await signInWithEmailAndPassword(auth, email, password)).user)),

    signOut: () => mapped(() => signOut(auth)),

    sendPasswordReset: (email) =>
      mapped(async () => {
        try {
          await sendPasswordResetEmail(auth, email);
        } catch (error) {
          // Like the local adapter: an unknown email is not revealed to the caller.
          if ((error as { code?: unknown }).code === 'auth/user-not-found') return;
          throw error;
        }
      }),

    signInWithProvider: (provider) =>
      mapped(async () => {
        if (!providers.includes(provider)) {
          throw new BackendError('auth/provider-unavailable', `Sign-in with ${provider} is not available.`);
        }
        return toAuthUser((await signInWithPopup(auth, providerFor(provider))).user);
      }),

    isModerator: () =>
      mapped(async () => {
        const user = auth.currentUser;
        if (!user) return false;
        // The claim is set by an administrator (Admin SDK setCustomUserClaims); the ID token carries it.
        return (await user.getIdTokenResult()).claims.moderator === true;
      }),
  };
}
