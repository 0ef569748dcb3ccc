// e2e/devtools.test.mjs runs against a production build with Redux DevTools in it, which the
// shipped build does not have (DEVTRIBE_DEVTOOLS=true, see src/app/devTools.ts). e2e/run.mjs
// makes it before the browser tests start, outside their timeout; the test file makes it itself
// when run on its own. E2E_DEVTOOLS_DIST_DIR names an existing one instead.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(E2E_DIR, '..');

export const DEVTOOLS_TEST_FILE = path.join(E2E_DIR, 'devtools.test.mjs');

/** The build's environment: DevTools on, into `outDir`, on the embedded backend whatever the environment says of Firebase. */
export function devToolsBuildEnv(outDir, env = process.env) {
  const buildEnv = { ...env, DEVTRIBE_DEVTOOLS: 'true', DEVTRIBE_OUT_DIR: outDir };
  for (const name of Object.keys(buildEnv)) {
    if (name.startsWith('DEVTRIBE_FIREBASE_') || name === 'DEVTRIBE_USE_EMULATORS') delete buildEnv[name];
  }
  return buildEnv;
}

/** `npm run build` with DevTools into `outDir`; resolves when it succeeded. */
export function buildWithDevTools(outDir, { stdio = 'inherit' } = {}) {
  return new Promise((resolve, reject) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['run', 'build'], { cwd: ROOT, env: devToolsBuildEnv(outDir), stdio });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the build with Redux DevTools failed (exit ${code})`)),
    );
  });
}
