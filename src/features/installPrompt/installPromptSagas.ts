import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, delay, fork, put, select, take, takeEvery } from 'redux-saga/effects';

import { locationChanged } from '../../app/routerEvents';
import { takeEachDistinct } from '../../app/sagas';
import { reportError } from '../../platform/errorReporting';
import { authCheckFailed, authStateChanged } from '../session';
import { readInstallPromptDismissed, writeInstallPromptDismissed } from './dismissalStorage';
import { readInstallEnvironment } from './installEnvironment';
import type { AppInstalledSignal, BeforeInstallPromptEvent } from './installEvents';
import { appInstalledChannel, beforeInstallPromptChannel, promptUserChoice } from './installEvents';
import type { InstallEnvironment, InstallPromptConditions } from './installPromptRules';
import {
  isInstallable,
  isInstalled,
  shouldScheduleInstallPrompt,
  shouldShowOnNativePrompt,
} from './installPromptRules';
import type { DismissalReason } from './installPromptSlice';
import {
  appInstalled,
  closeClicked,
  dismissed,
  environmentRead,
  installChoiceMade,
  installClicked,
  instructionsOpened,
  maybeLaterClicked,
  nativePromptCaptured,
  nativePromptFailed,
  selectInstallPromptConditions,
  selectInstallPromptVisible,
  shown,
} from './installPromptSlice';

/** The spec's install prompt delay: the card appears this long after the dashboard opens. */
export const INSTALL_PROMPT_DELAY_MS = 5000;

/** Where the saga keeps the browser's prompt event: it is not serializable, so never in the store. */
interface NativePromptHolder {
  event: BeforeInstallPromptEvent | null;
}

/** Every event after which a condition of the timer may have changed. */
const CONDITION_EVENTS = [
  environmentRead.type,
  locationChanged.type,
  authStateChanged.type,
  authCheckFailed.type,
  dismissed.type,
  appInstalled.type,
];

function* showInstallPromptAfterDelay() {
  yield delay(INSTALL_PROMPT_DELAY_MS);
  yield put(shown({ trigger: 'timer' }));
}

/**
 * Runs the 5 s timer while the conditions hold (signed in, on /dashboard, not dismissed, not
 * installed, installable) and cancels it as soon as one stops holding, e.g. the user leaves
 * the dashboard or signs out before the card appeared.
 */
function* scheduleInstallPrompt() {
  let timer: Task | null = null;
  while (true) {
    const conditions: InstallPromptConditions = yield select(selectInstallPromptConditions);
    if (shouldScheduleInstallPrompt(conditions)) {
      const visible: boolean = yield select(selectInstallPromptVisible);
      // Already counting or already shown: another event on the same page must not restart the 5 s.
      if (!visible && !timer?.isRunning()) timer = yield fork(showInstallPromptAfterDelay);
    } else if (timer?.isRunning()) {
      yield cancel(timer);
      timer = null;
    }
    yield take(CONDITION_EVENTS);
  }
}

function* dismissInstallPrompt(reason: DismissalReason) {
  yield call(writeInstallPromptDismissed);
  yield put(dismissed({ reason }));
}

/** Keeps the browser's offer to prompt later, and shows the card at once if the user is on the dashboard. */
function* watchNativeInstallPrompt(holder: NativePromptHolder) {
  const channel: EventChannel<BeforeInstallPromptEvent> = yield call(beforeInstallPromptChannel);
  try {
    while (true) {
      const event: BeforeInstallPromptEvent = yield take(channel);
      holder.event = event;
      yield put(nativePromptCaptured());
      const conditions: InstallPromptConditions = yield select(selectInstallPromptConditions);
      if (shouldShowOnNativePrompt(conditions)) yield put(shown({ trigger: 'nativePrompt' }));
    }
  } finally {
    channel.close();
  }
}

function* watchAppInstalled(holder: NativePromptHolder) {
  const channel: EventChannel<AppInstalledSignal> = yield call(appInstalledChannel);
  try {
    while (true) {
      yield take(channel);
      holder.event = null;
      yield put(appInstalled());
      yield call(dismissInstallPrompt, 'installed');
    }
  } finally {
    channel.close();
  }
}

/** With the browser's prompt: show it and take any answer as final. Without: the manual instructions. */
function* installApp(holder: NativePromptHolder) {
  const event = holder.event;
  if (!event) {
    yield put(instructionsOpened());
    return;
  }
  // A prompt event can be shown once; whatever happens next, it is spent.
  holder.event = null;
  try {
    yield call([event, event.prompt]);
    const choice: { outcome: 'accepted' | 'dismissed' } = yield call(promptUserChoice, event);
    yield put(installChoiceMade({ outcome: choice.outcome }));
  } catch (error) {
    yield call(reportError, error, { description: 'The browser could not show its install prompt:' });
    yield put(nativePromptFailed({ message: error instanceof Error ? error.message : String(error) }));
    yield put(instructionsOpened());
    return;
  }
  yield call(dismissInstallPrompt, 'installChoice');
}

export function* installPromptSaga() {
  // First, so no browser event is judged before an earlier dismissal is known.
  const env: InstallEnvironment = yield call(readInstallEnvironment);
  const dismissedBefore: boolean = yield call(readInstallPromptDismissed);
  yield put(
    environmentRead({ installable: isInstallable(env), installed: isInstalled(env), dismissed: dismissedBefore }),
  );

  const holder: NativePromptHolder = { event: null };
  yield fork(scheduleInstallPrompt);
  yield fork(watchNativeInstallPrompt, holder);
  yield fork(watchAppInstalled, holder);
  // A double click must not call prompt() twice while the browser's dialog is open.
  yield takeEachDistinct(installClicked, () => installApp(holder));
  // takeEvery: each is one synchronous write, and after the first the card is gone anyway.
  yield takeEvery(closeClicked.type, dismissInstallPrompt, 'closed');
  yield takeEvery(maybeLaterClicked.type, dismissInstallPrompt, 'maybeLater');
}
