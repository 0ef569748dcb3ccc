#!/usr/bin/env node
// Proves the layering lint rule (eslint.config.mjs, import-x/no-restricted-paths) and the ban on
// default-locale text calls (no-restricted-syntax) still fire: each case lints one snippet under a
// real file's path with the project's own config, and expects the rule to report it, or (for the
// allowed cases) not to. Part of `npm run lint`, so a config change that silently disables a zone
// or a selector (a renamed folder, a resolver that stops resolving) fails CI instead of letting
// the code drift.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'import-x/no-restricted-paths';

const CASES = [
  {
    file: 'src/backend/local/policy.ts',
    code: "import { selectSessionUser } from '../../features/session/sessionSlice';",
    fires: true,
  },
  {
    file: 'src/backend/local/policy.ts',
    code: "import { selectSessionUser } from '../../features/session';",
    fires: true,
  },
  { file: 'src/backend/local/policy.ts', code: "import { store } from '../../app/store';", fires: true },
  {
    file: 'src/backend/local/policy.ts',
    code: "import { DISPLAY_NAME_MAX } from '../../domain/profileTypes';",
    fires: false,
  },
  { file: 'src/domain/coerce.ts', code: "import { fieldValue } from '../backend/port';", fires: true },
  { file: 'src/domain/coerce.ts', code: "import { reportError } from '../platform/errorReporting';", fires: true },
  { file: 'src/domain/coerce.ts', code: "import { Spinner } from '../ui/Spinner';", fires: true },
  {
    file: 'src/features/profile/ProfilePage.tsx',
    code: "import { selectSessionUser } from '../session/sessionSlice';",
    fires: true,
  },
  {
    file: 'src/features/profile/ProfilePage.tsx',
    code: "import { ReportButton } from '../safety/ReportButton';",
    fires: true,
  },
  {
    file: 'src/features/profile/ProfilePage.tsx',
    code: "import { selectSessionUser } from '../session';",
    fires: false,
  },
  {
    file: 'src/features/profile/ProfilePage.tsx',
    code: "import { ReportButton } from '../safety/components';",
    fires: false,
  },
  {
    file: 'src/features/profile/ProfilePage.tsx',
    code: "import { toUserProfile } from './profileMapper';",
    fires: false,
  },
  {
    file: 'src/features/explore/ExplorePeoplePage.test.tsx',
    code: "import { userRef } from '../profile/profileApi';",
    fires: true,
  },
  // ui -> features: the ui draws what it is given.
  { file: 'src/ui/Button.tsx', code: "import { selectSessionUser } from '../features/session';", fires: true },
  { file: 'src/ui/Button.tsx', code: "import { Spinner } from './Spinner';", fires: false },
  // platform -> feature internals: public entries only.
  {
    file: 'src/platform/serviceWorker.ts',
    code: "import { updateAvailable } from '../features/updateNotice/updateNoticeSlice';",
    fires: true,
  },
  {
    file: 'src/platform/serviceWorker.ts',
    code: "import { updateAvailable } from '../features/updateNotice';",
    fires: false,
  },
  // app/sagas -> feature internals: the toolkit defines what it needs, or uses a public entry.
  {
    file: 'src/app/sagas/asUser.ts',
    code: "import { selectSessionUser } from '../../features/session/sessionSlice';",
    fires: true,
  },
  {
    file: 'src/app/sagas/signOut.test.ts',
    code: "import { authStateChanged } from '../../features/session/sessionSlice';",
    fires: true,
  },
  { file: 'src/app/sagas/asUser.ts', code: "import { selectOwnUid } from './authState';", fires: false },
  // A feature saga -> an adapter: sagas get the port from saga context (tests may build adapters).
  {
    file: 'src/features/friends/friendsSagas.ts',
    code: "import { createLocalBackend } from '../../backend/local/createLocalBackend';",
    fires: true,
  },
  {
    file: 'src/features/safety/safetyWorkerSagas.ts',
    code: "import { createFirebaseBackend } from '../../backend/firebase/createFirebaseBackend';",
    fires: true,
  },
  {
    file: 'src/features/friends/friendsSagas.ts',
    code: "import type { Backend } from '../../backend/port';",
    fires: false,
  },
  {
    file: 'src/features/friends/friendsSagas.test.ts',
    code: "import { createLocalBackend } from '../../backend/local/createLocalBackend';",
    fires: false,
  },
  // Production code -> src/test: the app never ships the harness.
  { file: 'src/app/rootReducer.ts', code: "import { testProfile } from '../test/fixtures';", fires: true },
  {
    file: 'src/features/tribes/tribesSlice.ts',
    code: "import { signedInSession } from '../../test/signedInState';",
    fires: true,
  },
  { file: 'src/app/store.test.ts', code: "import { testProfile } from '../test/fixtures';", fires: false },
  {
    file: 'src/features/friends/friendsTestUsers.ts',
    code: "import { setupTwoUsers } from '../../test/twoUsers';",
    fires: false,
  },
];

// Text compared in the browser's locale (a Turkish browser lowers "I" to "ı"): a locale must be named.
const LOCALE_RULE = 'no-restricted-syntax';
const TEXT_FILE = 'src/features/explore/explorePeople.ts';
const LOCALE_CASES = [
  'export const key = (text: string) => text.trim().toLocaleLowerCase();',
  'export const shout = (text: string) => text.toLocaleUpperCase(undefined);',
  'export const byName = (a: string, b: string) => a.localeCompare(b);',
  'export const byTitle = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });',
  'export const collator = new Intl.Collator();',
  "export const names = new Intl.Collator(undefined, { sensitivity: 'base' });",
]
  .map((code) => ({ file: TEXT_FILE, code, fires: true, rule: LOCALE_RULE }))
  .concat(
    [
      "export const key = (text: string) => text.trim().toLocaleLowerCase('en-US');",
      'export const key = (text: string) => text.trim().toLowerCase();',
      "export const byName = (a: string, b: string) => a.localeCompare(b, 'en-US');",
      "export const names = new Intl.Collator('en-US', { sensitivity: 'base' });",
    ].map((code) => ({ file: TEXT_FILE, code, fires: false, rule: LOCALE_RULE })),
  );

const eslint = new ESLint({ cwd: ROOT });
let failures = 0;
for (const { file, code, fires, rule = RULE } of [...CASES, ...LOCALE_CASES]) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(ROOT, file) });
  const fired = (result?.messages ?? []).some((message) => message.ruleId === rule);
  const fatal = (result?.messages ?? []).find((message) => message.fatal);
  const ok = !fatal && fired === fires;
  if (!ok) failures += 1;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${file}: ${code} -> ${fatal ? `parse error: ${fatal.message}` : fired ? 'reported' : 'allowed'}`,
  );
}
if (failures > 0) {
  console.error(
    `\n${failures} case(s) did not behave as expected: check ${RULE} and ${LOCALE_RULE} in eslint.config.mjs.`,
  );
  process.exit(1);
}
console.log(`\nThe layering rule holds in all ${CASES.length} cases, the locale rule in all ${LOCALE_CASES.length}.`);
