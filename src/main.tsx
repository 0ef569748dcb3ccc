// The entry: small, so the HTML's first request for script is cheap. It holds the styles, the
// install-event listener and webpack's runtime, and imports the app, React included, as one
// chunk (`boot`, named in the HTML by scripts/startupScripts.js so it downloads beside this file).
// The boot chunk's modules are evaluated in three tasks: React, React DOM, then the app.
// It also starts the backend, which needs none of that: its chunk is small (the signed-in shells
// preload it beside this file, scripts/shellPreloads.js), so a restored session's first steps
// (the local database opened and the session read; Firebase: the persisted-session check) run
// while the boot chunk still downloads, instead of after it has been evaluated.
import './styles/global.css';

import { createBackend } from './backend/createBackend';
import type { Backend } from './backend/port';
import { config } from './config';
import { captureEarlyInstallEvents } from './features/installPrompt/earlyInstallEvents';
import { showStartFailure, yieldToBrowser } from './platform/startup';

async function main(backendReady: Promise<Backend>) {
  // One chunk, evaluated in steps, each a task of its own: the chunk's script with React (small),
  // React DOM, then the app.
  await import(/* webpackChunkName: "boot" */ 'react');
  await yieldToBrowser();
  await import(/* webpackChunkName: "boot" */ 'react-dom/client');
  await yieldToBrowser();
  const { start } = await import(/* webpackChunkName: "boot" */ './index');
  await yieldToBrowser();
  await start(backendReady);
}

// Before anything else: the install prompt's saga loads on sign-in, and the browser's offer may come sooner.
captureEarlyInstallEvents();
const backendReady = createBackend(config);
// The app awaits it and shows its error fallback if it fails; until then it must not count as unhandled.
backendReady.catch(() => undefined);
main(backendReady).catch((error: unknown) => {
  // The boot chunk did not load (offline on a first visit, a deploy in between): the spec's error
  // fallback, with its Reload Page button.
  console.error('DevTribe could not start:', error);
  showStartFailure(error);
});
