// Firebase App Check, switched on by the build configuration (DEVTRIBE_FIREBASE_APP_CHECK_*):
// requests to Firestore, Storage, Functions (and Auth, with Identity Platform) carry a token
// proving they come from this web app, so a copied API key alone no longer reaches the data.
// Its SDK and reCAPTCHA load in their own chunk on the first call that needs them, never on a
// signed-out visitor's first page.
import type { FirebaseApp } from 'firebase/app';

import type { AppCheckConfig } from '../../config';
import { reportError } from '../../platform/errorReporting';

type AppCheckModule = Pick<
  typeof import('firebase/app-check'),
  'initializeAppCheck' | 'ReCaptchaEnterpriseProvider' | 'ReCaptchaV3Provider'
>;

const loadAppCheck = async (): Promise<AppCheckModule> => {
  const { initializeAppCheck, ReCaptchaEnterpriseProvider, ReCaptchaV3Provider } = await import(
    /* webpackChunkName: "backend-firebase-app-check" */ 'firebase/app-check'
  );
  return { initializeAppCheck, ReCaptchaEnterpriseProvider, ReCaptchaV3Provider };
};

/**
 * Returns a function that starts App Check once (later calls share the first) and resolves when
 * it is initialized. A failure is reported and resolves too: with enforcement off the app works
 * without tokens (the console's metrics show them missing); with it on, the backend refuses.
 */
export function appCheckStarter(
  app: FirebaseApp,
  settings: AppCheckConfig | null,
  load: () => Promise<AppCheckModule> = loadAppCheck,
) {
  let started: Promise<void> | null = null;
  return (): Promise<void> => {
    if (!settings) return Promise.resolve();
    started ??= load()
      .then(({ initializeAppCheck, ReCaptchaEnterpriseProvider, ReCaptchaV3Provider }) => {
        const provider =
          settings.provider === 'recaptcha-v3'
            ? new ReCaptchaV3Provider(settings.siteKey)
            : new ReCaptchaEnterpriseProvider(settings.siteKey);
        initializeAppCheck(app, { provider, isTokenAutoRefreshEnabled: true });
      })
      .catch((error: unknown) => reportError(error, { description: 'App Check could not start:' }));
    return started;
  };
}
