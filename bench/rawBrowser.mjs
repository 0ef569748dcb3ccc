// Chromium driven over the DevTools protocol alone, with nothing of an automation library in its
// pages. Playwright, on each new document, sets up its own isolated world and scripts inside the
// navigation's commit task: at 4x CPU that made a blank page's commit a task of 65-80 ms where,
// driven this way, it is under 50 ms. Used where a page's own tasks are measured.
import { spawn } from 'node:child_process';

/**
 * Starts `chromiumPath` headless on `profile` (a user data directory) and talks to it over
 * --remote-debugging-pipe: `send` is a protocol call (with a session id for a page's).
 */
export async function launchRawChromium({ chromiumPath, profile, args = [] }) {
  const proc = spawn(
    chromiumPath,
    ['--headless', ...args, `--user-data-dir=${profile}`, '--remote-debugging-pipe', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const waits = new Map();
  let nextId = 0;
  let buffer = '';
  let exited = null;
  const failAll = (error) => {
    for (const wait of waits.values()) wait.reject(error);
    waits.clear();
  };
  proc.on('exit', (code) => {
    exited = new Error(`Chromium exited (${code})`);
    failAll(exited);
  });
  proc.on('error', (error) => {
    exited = error;
    failAll(error);
  });
  proc.stdio[4].on('data', (chunk) => {
    buffer += chunk.toString();
    let end;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      const wait = message.id !== undefined && waits.get(message.id);
      if (!wait) continue;
      waits.delete(message.id);
      if (message.error) wait.reject(new Error(`${wait.method}: ${message.error.message}`));
      else wait.resolve(message.result);
    }
  });
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      if (exited) return reject(exited);
      nextId += 1;
      waits.set(nextId, { resolve, reject, method });
      proc.stdio[3].write(`${JSON.stringify({ id: nextId, method, params, sessionId })}\0`);
    });

  /** A page target: its id, and `send` bound to a session attached to it. */
  const attach = async (targetId) => {
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    return { targetId, send: (method, params) => send(method, params, sessionId) };
  };
  const firstTab = async () => {
    for (let tries = 0; tries < 100; tries += 1) {
      const { targetInfos } = await send('Target.getTargets');
      const page = targetInfos.find((target) => target.type === 'page');
      if (page) return attach(page.targetId);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('Chromium opened no tab');
  };
  const newTab = async () => attach((await send('Target.createTarget', { url: 'about:blank' })).targetId);
  const close = async () => {
    if (exited) return;
    const gone = new Promise((resolve) => proc.once('exit', resolve));
    await send('Browser.close').catch(() => proc.kill());
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (!exited) proc.kill('SIGKILL');
  };
  return { send, firstTab, newTab, close };
}

/** Evaluates `fn(arg)` in the page's main world and returns its (JSON) value. */
export async function evaluate(tab, fn, arg) {
  const { result, exceptionDetails } = await tab.send('Runtime.evaluate', {
    expression: `(${fn})(${JSON.stringify(arg ?? null)})`,
    returnByValue: true,
    awaitPromise: true,
  });
  if (exceptionDetails)
    throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  return result.value;
}
