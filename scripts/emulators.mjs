#!/usr/bin/env node
// The Firebase emulators the tests run against, started and stopped in one place: by `npm test`
// (scripts/test.mjs), by jest's global setup (`npm run jest`, `npx jest ...`) and by
// `npm run emulators` (this file run directly: both emulators until Ctrl-C).
//
// - Firestore: the Cloud SDK's emulator (`gcloud emulators firestore start`, Debian package
//   google-cloud-cli-firestore-emulator), which runs a JAR on the installed Java (17 works). Not
//   firebase-tools' launcher, which refuses Java below 21. Started with firestore.rules.
// - Auth: firebase-tools' Auth emulator (a devDependency; Node only, offline with a demo-* project).
//
// Both start in their own process group (`detached`) and are stopped as a group: SIGTERM, then
// SIGKILL after a grace period. An emulator already answering on the port is reused (and left
// running); anything else on the port is an error. Ports: FIRESTORE_EMULATOR_PORT (8080) and
// AUTH_EMULATOR_PORT (9099) below, or DEVTRIBE_FIRESTORE_EMULATOR_PORT / DEVTRIBE_AUTH_EMULATOR_PORT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const EMULATOR_HOST = '127.0.0.1';
/** The demo project the app's Firebase build, the contract and the browser tests use. */
export const EMULATOR_PROJECT = 'demo-devtribe';
export const FIRESTORE_EMULATOR_PORT = 8080;
export const AUTH_EMULATOR_PORT = 9099;
const RULES_FILE = path.join(ROOT, 'firestore.rules');
const START_TIMEOUT_MS = { firestore: 180_000, auth: 180_000 };
const STOP_GRACE_MS = 5_000;

export const INSTALL_HINT =
  "Install Google's Cloud SDK with its Firestore emulator and a Java runtime, 17 or later: on Debian or Ubuntu, " +
  "from Google's Cloud SDK apt repository (https://cloud.google.com/sdk/docs/install#deb), " +
  '`sudo apt-get install google-cloud-cli google-cloud-cli-firestore-emulator default-jre-headless`; ' +
  'with a gcloud installed from the tarball, `gcloud components install cloud-firestore-emulator`.';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function emulatorPorts(env = process.env) {
  return {
    firestore: Number(env.DEVTRIBE_FIRESTORE_EMULATOR_PORT) || FIRESTORE_EMULATOR_PORT,
    auth: Number(env.DEVTRIBE_AUTH_EMULATOR_PORT) || AUTH_EMULATOR_PORT,
  };
}

function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * Whether the Cloud SDK's Firestore emulator can run here: `gcloud` on PATH, the emulator
 * component in its SDK, and `java`. Returns null when it can, else why not and how to install it.
 */
export function firestoreEmulatorMissing() {
  const gcloud = onPath('gcloud');
  if (!gcloud) return `\`gcloud\` is not on PATH. ${INSTALL_HINT}`;
  // /usr/bin/gcloud -> <sdk>/bin/gcloud; the component lives in <sdk>/platform/cloud-firestore-emulator.
  let sdkRoot = path.dirname(path.dirname(realpathSync(gcloud)));
  if (!existsSync(path.join(sdkRoot, 'platform'))) {
    const info = spawnSync('gcloud', ['info', '--format=value(installation.sdk_root)'], { encoding: 'utf8' });
    sdkRoot = info.stdout?.trim() || sdkRoot;
  }
  const launcher = path.join(sdkRoot, 'platform', 'cloud-firestore-emulator', 'cloud_firestore_emulator');
  if (!existsSync(launcher))
    return `gcloud is installed (${sdkRoot}) but its Firestore emulator component is not (no ${launcher}). ${INSTALL_HINT}`;
  const java = spawnSync(process.env.JAVA || 'java', ['-version'], { encoding: 'utf8' });
  const javaHint =
    'Install a Java runtime, 17 or later (Debian or Ubuntu: `sudo apt-get install default-jre-headless`).';
  if (java.error || java.status !== 0)
    return `the Firestore emulator is installed, but \`${process.env.JAVA || 'java'}\` cannot be run. ${javaHint}`;
  const major = /version "(?:1\.)?(\d+)/.exec(java.stderr ?? '')?.[1];
  if (major && Number(major) < 11)
    return `the Firestore emulator is installed, but it needs Java 11 or later and \`java\` is ${major}. ${javaHint}`;
  return null;
}

/** What answers on host:port: 'firestore', 'auth', 'other' or null (nothing listens). */
async function probe(host, port) {
  try {
    const response = await fetch(`http://${host}:${port}/`, { signal: AbortSignal.timeout(2000) });
    const text = await response.text();
    if (response.ok && text.trim() === 'Ok') return 'firestore';
    if (text.includes('"authEmulator"')) return 'auth';
    return 'other';
  } catch (error) {
    const code = error?.cause?.code;
    return code === 'ECONNREFUSED' ? null : 'other';
  }
}

function tail(file, lines = 20) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops a process group: SIGTERM, then SIGKILL if anything of it is still there after the grace period. */
async function stopGroup(pid, graceMs = STOP_GRACE_MS) {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && groupAlive(pid)) await sleep(100);
  if (groupAlive(pid)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * One emulator: reused if one of its kind already answers on the port, else spawned in its own
 * process group. `ready()` resolves to null once it answers, or to why it did not.
 */
async function startOne({ kind, name, port, command, args, cwd, env, logFile, readyLine }) {
  const host = EMULATOR_HOST;
  const found = await probe(host, port);
  if (found === kind) return { name, host, port, reused: true, ready: async () => null, stop: async () => {} };
  if (found) {
    const problem = `${host}:${port} is taken by something that is not a ${name} emulator (\`npm start\`'s dev server also uses 8080); stop it, or pick another port with DEVTRIBE_${kind.toUpperCase()}_EMULATOR_PORT`;
    return { name, host, port, reused: false, ready: async () => problem, stop: async () => {} };
  }
  const started = Date.now();
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')],
  });
  child.unref();
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = `exited before it was ready (${signal ?? `code ${code}`})`;
  });
  child.once('error', (error) => {
    exited = error.message;
  });
  const pid = child.pid;
  if (pid) liveGroups.add(pid);
  let readiness = null;
  const handle = {
    name,
    host,
    port,
    reused: false,
    pid,
    logFile,
    startedMs: null,
    ready() {
      readiness ??= (async () => {
        const deadline = started + START_TIMEOUT_MS[kind];
        while (!exited && Date.now() < deadline) {
          const lineSeen = readyLine && tail(logFile, 200).includes(readyLine);
          if ((lineSeen || !readyLine) && (await probe(host, port)) === kind) {
            handle.startedMs = Date.now() - started;
            return null;
          }
          await sleep(200);
        }
        const why = exited ?? `not answering on ${host}:${port} after ${START_TIMEOUT_MS[kind] / 1000} s`;
        return `the ${name} emulator ${why}; the end of its log (${logFile}):\n${tail(logFile)}`;
      })();
      return readiness;
    },
    async stop() {
      if (!pid) return;
      await stopGroup(pid);
      liveGroups.delete(pid);
    },
  };
  return handle;
}

/** Process groups this process started and has not stopped yet: killed if it exits first. */
const liveGroups = new Set();
process.once('exit', () => {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

export function startFirestoreEmulator({ port, logDir }) {
  return startOne({
    kind: 'firestore',
    name: 'Firestore',
    port,
    command: 'gcloud',
    args: ['emulators', 'firestore', 'start', `--host-port=${EMULATOR_HOST}:${port}`, `--rules=${RULES_FILE}`],
    cwd: ROOT,
    env: { ...process.env, CLOUDSDK_CORE_DISABLE_PROMPTS: '1' },
    logFile: path.join(logDir, 'firestore-emulator.log'),
    readyLine: 'Dev App Server is now running.',
  });
}

export function startAuthEmulator({ port, logDir }) {
  // A configuration of its own (in logDir, which is also the CLI's working directory, so its
  // firebase-debug.log lands there): the port may differ from firebase.json's.
  const config = path.join(logDir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: { auth: { host: EMULATOR_HOST, port }, ui: { enabled: false }, singleProjectMode: true },
    }),
  );
  const firebase = path.join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'firebase.cmd' : 'firebase');
  return startOne({
    kind: 'auth',
    name: 'Auth',
    port,
    command: firebase,
    args: ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT, '--config', config],
    cwd: logDir,
    // CI=true skips the CLI's message-of-the-day download.
    env: { ...process.env, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    logFile: path.join(logDir, 'auth-emulator.log'),
    readyLine: null,
  });
}

/**
 * Starts the emulators named in `only` (in the background: call `ready()` later) and returns:
 * - ready(): resolves to { env, problems, notes }: env holds FIRESTORE_EMULATOR_HOST,
 *   FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT for what runs; problems lists emulators
 *   that should run here and did not (a failure); notes says what was reused, how long a start
 *   took, and why the Firestore emulator is not there when the Cloud SDK is missing (a skip).
 * - stop(): stops what this call started.
 * Hosts already set in `env` are used as they are.
 */
export async function startEmulators({
  env = process.env,
  only = ['firestore', 'auth'],
  logDir = mkdtempSync(path.join(os.tmpdir(), 'devtribe-emulators-')),
} = {}) {
  const ports = emulatorPorts(env);
  const handles = [];
  const notes = [];
  const result = {
    FIREBASE_AUTH_EMULATOR_HOST: env.FIREBASE_AUTH_EMULATOR_HOST,
    FIRESTORE_EMULATOR_HOST: env.FIRESTORE_EMULATOR_HOST,
  };
  let firestoreMissing = null;

  if (only.includes('firestore') && !result.FIRESTORE_EMULATOR_HOST) {
    firestoreMissing = env.DEVTRIBE_FIRESTORE_EMULATOR_MISSING || firestoreEmulatorMissing();
    if (firestoreMissing) notes.push(`Firestore emulator not started: ${firestoreMissing}`);
    else handles.push(await startFirestoreEmulator({ port: ports.firestore, logDir }));
  }
  if (only.includes('auth') && !result.FIREBASE_AUTH_EMULATOR_HOST)
    handles.push(await startAuthEmulator({ port: ports.auth, logDir }));

  return {
    firestoreMissing,
    logDir,
    async ready() {
      const problems = [];
      for (const handle of handles) {
        const problem = await handle.ready();
        const where = `${handle.host}:${handle.port}`;
        if (problem) {
          problems.push(problem);
          continue;
        }
        notes.push(
          handle.reused
            ? `${handle.name} emulator: one already answers on ${where}; using it (and leaving it running).`
            : `${handle.name} emulator ready on ${where} in ${(handle.startedMs / 1000).toFixed(1)} s.`,
        );
        result[handle.name === 'Firestore' ? 'FIRESTORE_EMULATOR_HOST' : 'FIREBASE_AUTH_EMULATOR_HOST'] = where;
      }
      const out = { GCLOUD_PROJECT: env.GCLOUD_PROJECT || EMULATOR_PROJECT };
      for (const [key, value] of Object.entries(result)) if (value) out[key] = value;
      if (firestoreMissing) out.DEVTRIBE_FIRESTORE_EMULATOR_MISSING = firestoreMissing;
      return { env: out, problems, notes };
    },
    async stop() {
      await Promise.all(handles.map((handle) => handle.stop()));
    },
  };
}

/** Loads firestore.rules (as the file is now) into a project of a running Firestore emulator. */
export async function loadFirestoreRules(firestoreHost, project = EMULATOR_PROJECT) {
  const response = await fetch(`http://${firestoreHost}/emulator/v1/projects/${project}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({
      rules: { files: [{ name: 'firestore.rules', content: readFileSync(RULES_FILE, 'utf8') }] },
    }),
  });
  if (!response.ok)
    throw new Error(`loading firestore.rules into the emulator: HTTP ${response.status} ${await response.text()}`);
}

// `npm run emulators`: both emulators until Ctrl-C, printing what to export.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log('Starting the Firestore and Auth emulators (the Auth emulator can take half a minute)...');
  const emulators = await startEmulators({
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: '', FIREBASE_AUTH_EMULATOR_HOST: '' },
  });
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the emulators...');
    await emulators.stop();
    rmSync(emulators.logDir, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(130));
  process.on('SIGTERM', () => void stop(143));
  const { env, problems, notes } = await emulators.ready();
  for (const note of notes) console.log(note);
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    await stop(1);
  }
  const exports = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST', 'GCLOUD_PROJECT']
    .filter((key) => env[key])
    .map((key) => `${key}=${env[key]}`);
  console.log(
    `\nIn another shell: export ${exports.join(' ')}\n(jest and scripts/test.mjs then use these instead of starting their own). Ctrl-C stops them.`,
  );
  setInterval(() => {}, 1 << 30);
}
