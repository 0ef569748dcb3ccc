// The install prompt's saga loads on sign-in, but Chromium may fire `beforeinstallprompt` (and
// `appinstalled`) before that: a tiny listener registered at boot keeps them, and the saga's
// channels (installEvents.ts) take them over when they start listening.
import type { BeforeInstallPromptEvent } from './installEvents';

export interface EarlyInstallEvents {
  /** The newest prompt event that came before the saga listened (then no longer kept), or null. */
  takePrompt(): BeforeInstallPromptEvent | null;
  /** Whether `appinstalled` came before the saga listened (then no longer kept). */
  takeInstalled(): boolean;
}

/** Nothing kept: where no listener ran at boot (tests, the server render). */
const noEarlyInstallEvents: EarlyInstallEvents = {
  takePrompt: () => null,
  takeInstalled: () => false,
};

let early: EarlyInstallEvents = noEarlyInstallEvents;

/** What the boot listener kept, for the install prompt's channels. */
export const earlyInstallEvents = (): EarlyInstallEvents => early;

/** Registers the boot listener: called first thing at start-up. */
export function captureEarlyInstallEvents(target: EventTarget = window): EarlyInstallEvents {
  let prompt: BeforeInstallPromptEvent | null = null;
  let installed = false;
  const onPrompt = (event: Event) => {
    // As the saga does: the card offers the install later, not the browser's mini-infobar now.
    event.preventDefault();
    prompt = event as BeforeInstallPromptEvent;
  };
  const onInstalled = () => {
    installed = true;
    prompt = null;
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  early = {
    takePrompt() {
      target.removeEventListener('beforeinstallprompt', onPrompt);
      const kept = prompt;
      prompt = null;
      return kept;
    },
    takeInstalled() {
      target.removeEventListener('appinstalled', onInstalled);
      const kept = installed;
      installed = false;
      return kept;
    },
  };
  return early;
}
