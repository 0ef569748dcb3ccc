// Build-time settings, read from the environment (see .env.example). No Firebase config means
// the embedded local backend.
const FIREBASE_KEYS = {
  apiKey: 'DEVTRIBE_FIREBASE_API_KEY',
  authDomain: 'DEVTRIBE_FIREBASE_AUTH_DOMAIN',
  projectId: 'DEVTRIBE_FIREBASE_PROJECT_ID',
  storageBucket: 'DEVTRIBE_FIREBASE_STORAGE_BUCKET',
  messagingSenderId: 'DEVTRIBE_FIREBASE_MESSAGING_SENDER_ID',
  appId: 'DEVTRIBE_FIREBASE_APP_ID',
  measurementId: 'DEVTRIBE_FIREBASE_MEASUREMENT_ID',
};

function readFirebaseConfig(env) {
  const config = {};
  for (const [key, name] of Object.entries(FIREBASE_KEYS)) {
    if (env[name]) config[key] = env[name];
  }
  return config.apiKey && config.projectId && config.appId ? config : null;
}

const APP_CHECK_PROVIDERS = { enterprise: 'recaptcha-enterprise', v3: 'recaptcha-v3' };

/** App Check when a site key is set (and Firebase is configured); a misspelt provider stops the build. */
function readAppCheckConfig(env, firebase) {
  const siteKey = env.DEVTRIBE_FIREBASE_APP_CHECK_SITE_KEY;
  if (!firebase || !siteKey) return null;
  const kind = env.DEVTRIBE_FIREBASE_APP_CHECK_PROVIDER || 'enterprise';
  const provider = APP_CHECK_PROVIDERS[kind];
  if (!provider) {
    throw new Error(`DEVTRIBE_FIREBASE_APP_CHECK_PROVIDER must be 'enterprise' or 'v3', not '${kind}'.`);
  }
  return { siteKey, provider };
}

function buildConfig(production, env = process.env) {
  const firebase = readFirebaseConfig(env);
  return {
    production,
    firebase,
    appCheck: readAppCheckConfig(env, firebase),
    emulators:
      env.DEVTRIBE_USE_EMULATORS === 'true'
        ? {
            auth: env.DEVTRIBE_AUTH_EMULATOR || 'http://127.0.0.1:9099',
            firestoreHost: env.DEVTRIBE_FIRESTORE_EMULATOR || '',
            storageHost: env.DEVTRIBE_STORAGE_EMULATOR || '',
          }
        : null,
    sentryDsn: env.DEVTRIBE_SENTRY_DSN || null,
    analyticsId: env.DEVTRIBE_ANALYTICS_ID || null,
    seedDemoCommunity: env.DEVTRIBE_SEED !== 'false',
    // Redux DevTools: development builds have it; a production build only with DEVTRIBE_DEVTOOLS=true (e2e/devtools.test.mjs).
    devTools: !production || env.DEVTRIBE_DEVTOOLS === 'true',
  };
}

// TypeScript for every webpack build (browser and prerender): type checking is its own step of
// `npm test` (tsc), so the builds only transpile.
const TYPESCRIPT_RULE = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: 'tsconfig.json' } },
};

module.exports = { buildConfig, readFirebaseConfig, readAppCheckConfig, FIREBASE_KEYS, TYPESCRIPT_RULE };
