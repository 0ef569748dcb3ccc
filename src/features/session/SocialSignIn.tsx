import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AuthProviderId } from '../../backend/port';
import { Button } from '../../ui/Button';
import { providerSignInRequested, selectAuthProviders } from './sessionSlice';

const PROVIDER_NAMES: Record<AuthProviderId, string> = { google: 'Google', github: 'GitHub' };

/** "Continue with Google / GitHub", when the backend offers them (the Firebase project enables them). */
export function SocialSignIn({ busy }: { busy: boolean }) {
  const providers = useAppSelector(selectAuthProviders);
  const dispatch = useAppDispatch();
  if (providers.length === 0) return null;
  return (
    <div className="social-sign-in" role="group" aria-label="Other ways to continue">
      <p className="social-sign-in__divider muted">or</p>
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="secondary"
          disabled={busy}
          onClick={() => dispatch(providerSignInRequested({ provider }))}
        >
          Continue with {PROVIDER_NAMES[provider]}
        </Button>
      ))}
    </div>
  );
}
