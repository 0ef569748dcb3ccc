// Where the Firebase emulators are for the suites that run against them (the rule table here,
// the Firebase contract in ../contract), and why such a suite skips when one is missing.
// jest's global setup (scripts/jestGlobalSetup.mjs, through scripts/emulators.mjs) starts the
// Cloud SDK's Firestore emulator and firebase-tools' Auth emulator and sets these variables;
// `npm test` starts them itself and sets them. When the Cloud SDK or its Firestore emulator is
// missing, the setup says so in DEVTRIBE_FIRESTORE_EMULATOR_MISSING, with how to install it.

export interface EmulatorAddress {
  host: string;
  port: number;
  /** host:port */
  hostPort: string;
}

function address(hostPort: string | undefined): EmulatorAddress | null {
  const match = /^(.+):(\d+)$/.exec(hostPort ?? '');
  return match ? { host: match[1]!, port: Number(match[2]), hostPort: hostPort! } : null;
}

export const firestoreEmulator = (): EmulatorAddress | null => address(process.env.FIRESTORE_EMULATOR_HOST);
export const authEmulator = (): EmulatorAddress | null => address(process.env.FIREBASE_AUTH_EMULATOR_HOST);

/** Why suites needing the Firestore emulator skip, or null when FIRESTORE_EMULATOR_HOST is set. */
export function firestoreSkipReason(): string | null {
  if (firestoreEmulator()) return null;
  const missing = process.env.DEVTRIBE_FIRESTORE_EMULATOR_MISSING;
  if (missing) return `the Firestore emulator cannot run on this machine: ${missing}`;
  return (
    "FIRESTORE_EMULATOR_HOST is not set. jest's global setup (scripts/jestGlobalSetup.mjs) starts the Cloud SDK's " +
    'Firestore emulator and sets it when a run includes this suite; `npm test` does the same, and `npm run emulators` ' +
    'starts both emulators and prints what to export.'
  );
}

/** Why suites needing the Auth emulator skip, or null when FIREBASE_AUTH_EMULATOR_HOST is set. */
export function authSkipReason(): string | null {
  if (authEmulator()) return null;
  return (
    "FIREBASE_AUTH_EMULATOR_HOST is not set. jest's global setup (scripts/jestGlobalSetup.mjs) starts firebase-tools' " +
    'Auth emulator and sets it when a run includes this suite; `npm test` does the same, and `npm run emulators` ' +
    'starts both emulators and prints what to export.'
  );
}
