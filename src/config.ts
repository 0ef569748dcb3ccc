// Build-time settings, injected by webpack's DefinePlugin from scripts/buildConfig.js.

export interface FirebaseConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  storageBucket?: string;
  messagingSenderId?: string;
  appId: string;
  measurementId?: string;
}

/** Firebase App Check (optional): a reCAPTCHA Enterprise or v3 site key registered for this web app. */
export interface AppCheckConfig {
  siteKey: string;
  provider: 'recaptcha-enterprise' | 'recaptcha-v3';
}

export interface AppConfig {
  production: boolean;
  firebase: FirebaseConfig | null;
  /** Only with a Firebase configuration; null leaves App Check off. */
  appCheck: AppCheckConfig | null;
  /** With DEVTRIBE_USE_EMULATORS=true: the Auth emulator's URL; Firestore's and Storage's host:port ('' for the real service). */
  emulators: { auth: string; firestoreHost: string; storageHost?: string } | null;
  sentryDsn: string | null;
  analyticsId: string | null;
  seedDemoCommunity: boolean;
  /** Redux DevTools (app/devTools.ts): unset means on in development only; DEVTRIBE_DEVTOOLS=true turns it on in a production build. */
  devTools?: boolean;
}

declare const __DEVTRIBE_CONFIG__: AppConfig | undefined;

const testDefaults: AppConfig = {
  production: false,
  firebase: null,
  appCheck: null,
  emulators: null,
  sentryDsn: null,
  analyticsId: null,
  seedDemoCommunity: true,
};

export const config: AppConfig = typeof __DEVTRIBE_CONFIG__ === 'undefined' ? testDefaults : __DEVTRIBE_CONFIG__;

export const PRODUCT_NAME = 'DevTribe';
