// The entry: small, so the HTML's first request for script is cheap. It holds the styles, the
// install-event listener and webpack's runtime, and starts the app in three steps, each loaded
// beside this file (the HTML names the chunks, scripts/startupScripts.js and shellPreloads.js):
// - the backend, whose chunk is small: a restored session's first steps (the local database
//   opened and the session read; Firebase: the persisted-session check) start at once;
// - the store (`app-store`, src/startStore.ts: Redux, the sagas, the session), a fraction of the
//   boot chunk's size, so it arrives first and the session's restore and an arrival page's reads
//   run while the boot chunk still downloads;
// - the boot chunk (React DOM, the router, the app's screens, src/index.tsx), which renders.
import './styles/global.css';

import { createBackend } from './backend/createBackend';
import type { Backend } from './backend/port';
import { config } from './config';
import { captureEarlyInstallEvents } from './features/installPrompt/earlyInstallEvents';
import { warmSplashFonts } from './platform/splashFonts';
import { showStartFailure, yieldToBrowser } from './platform/startup';

async function main(backendReady: Promise<Backend>) {
  const { startStore, loadBoot } = await import(/* webpackChunkName: "app-store" */ './startStore');
  await yieldToBrowser();
  const storeReady = startStore(backendReady);
  // The app awaits it and shows its error fallback if it fails; until then it must not count as unhandled.
  storeReady.catch(() => undefined);
  const { start } = await loadBoot();
  await yieldToBrowser();
  await start(storeReady);
}

// Before anything else: the install prompt's saga loads on sign-in, and the browser's offer may come sooner.
captureEarlyInstallEvents();
// In short tasks between the start-up's own, while the splash shows; only a speed-up, so a failure is ignored.
warmSplashFonts().catch(() => undefined);
const backendReady = createBackend(config);
// The app awaits it and shows its error fallback if it fails; until then it must not count as unhandled.
backendReady.catch(() => undefined);
main(backendReady).catch((error: unknown) => {
  // A start-up chunk did not load (offline on a first visit, a deploy in between): the spec's error
  // fallback, with its Reload Page button.
  console.error('DevTribe could not start:', error);
  showStartFailure(error);
});
