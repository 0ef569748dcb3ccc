// The browser's install events as saga channels. The native prompt event is not serializable:
// it travels through the channel to the saga that keeps it, never into an action.
import type { EventChannel } from 'redux-saga';
import { buffers, eventChannel } from 'redux-saga';

import type { EarlyInstallEvents } from './earlyInstallEvents';
import { earlyInstallEvents } from './earlyInstallEvents';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

// Sliding buffer of one: only the newest offer can still be prompted. An offer that came before
// this channel listened (kept by the boot listener) comes first.
export function beforeInstallPromptChannel(
  target: EventTarget = window,
  early: EarlyInstallEvents = earlyInstallEvents(),
): EventChannel<BeforeInstallPromptEvent> {
  return eventChannel<BeforeInstallPromptEvent>((emit) => {
    const onBeforeInstallPrompt = (event: Event) => {
      // Keeps the browser's own mini-infobar away; the card offers the install instead, later.
      event.preventDefault();
      emit(event as BeforeInstallPromptEvent);
    };
    target.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
    const kept = early.takePrompt();
    if (kept) emit(kept);
    return () => target.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
  }, buffers.sliding(1));
}

export type AppInstalledSignal = { installedAt: number };

export function appInstalledChannel(
  target: EventTarget = window,
  early: EarlyInstallEvents = earlyInstallEvents(),
): EventChannel<AppInstalledSignal> {
  return eventChannel<AppInstalledSignal>((emit) => {
    const onAppInstalled = (event: Event) => emit({ installedAt: event.timeStamp });
    target.addEventListener('appinstalled', onAppInstalled);
    if (early.takeInstalled()) emit({ installedAt: performance.now() });
    return () => target.removeEventListener('appinstalled', onAppInstalled);
  }, buffers.sliding(1));
}

/** The user's answer to the native prompt (a promise on the event, so a named function to `call`). */
export function promptUserChoice(event: BeforeInstallPromptEvent): Promise<{ outcome: 'accepted' | 'dismissed' }> {
  return event.userChoice;
}
