import { combineReducers } from '@reduxjs/toolkit';
import type { Channel } from 'redux-saga';
import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { EffectProviders, StaticProvider } from 'redux-saga-test-plan/providers';

import { locationChanged } from '../../app/routerEvents';
import type { UserProfile } from '../../domain/profileTypes';
import { initialSessionState } from '../../test/featureInternals';
import { defaultProfile } from '../../test/fixtures';
import { DELAY_FN, isDelayOf, skipDelayOf } from '../../test/sagaProviders';
import type { SessionState } from '../session';
import { authStateChanged, sessionReducer } from '../session';
import { INSTALL_PROMPT_DISMISSED_KEY } from './dismissalStorage';
import { readInstallEnvironment } from './installEnvironment';
import type { AppInstalledSignal, BeforeInstallPromptEvent } from './installEvents';
import { appInstalledChannel, beforeInstallPromptChannel } from './installEvents';
import type { InstallEnvironment } from './installPromptRules';
import { INSTALL_PROMPT_DELAY_MS, installPromptSaga } from './installPromptSagas';
import type { InstallPromptState } from './installPromptSlice';
import installPromptReducer, { initialInstallPromptState } from './installPromptSlice';
import * as installPromptEvents from './installPromptSlice';

const reducer = combineReducers({ session: sessionReducer, installPrompt: installPromptReducer });
type TestState = ReturnType<typeof reducer>;

const profile: UserProfile = defaultProfile('Ada', 'ada@example.com', { joinDate: 0 });

const signedIn: SessionState = {
  ...initialSessionState,
  status: 'signedIn',
  user: { uid: 'ada', email: 'ada@example.com', displayName: 'Ada', photoURL: null, profile },
};
const signedOut: SessionState = { ...initialSessionState, status: 'signedOut' };

const INSTALLABLE_ENV: InstallEnvironment = {
  hasServiceWorker: true,
  hasManifestLink: true,
  isSecureContext: true,
  hostname: 'devtribe.example',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  displayModeStandalone: false,
  navigatorStandalone: false,
};

/** What environmentRead makes of INSTALLABLE_ENV with nothing in localStorage. */
const READY_FLAGS = { installable: true, installed: false, dismissed: false };

function stateWith(session: SessionState, installPrompt: Partial<InstallPromptState> = {}): TestState {
  return { session, installPrompt: { ...initialInstallPromptState, pathname: '/dashboard', ...installPrompt } };
}

/** A delay(ms) that never ends: the test stops while the timer is still counting. */
function holdDelayOf(ms: number): EffectProviders {
  return { call: (effect, next) => (isDelayOf(effect, ms) ? new Promise(() => {}) : next()) };
}

/** A delay(ms) that really waits `standInMs` instead, so a test can act while the timer runs. */
function shortenDelayOf(ms: number, standInMs: number): EffectProviders {
  return {
    call: (effect, next) => (isDelayOf(effect, ms) ? new Promise((resolve) => setTimeout(resolve, standInMs)) : next()),
  };
}

function fakePromptEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = jest.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  }) as BeforeInstallPromptEvent;
  return { event, prompt };
}

interface Browser {
  env?: InstallEnvironment;
  nativePrompts?: Channel<BeforeInstallPromptEvent>;
  installs?: Channel<AppInstalledSignal>;
}

/** The browser as the saga sees it: the environment and the two event channels. */
function browser({
  env = INSTALLABLE_ENV,
  nativePrompts = channel(),
  installs = channel(),
}: Browser = {}): StaticProvider[] {
  return [
    [matchers.call.fn(readInstallEnvironment), env],
    [matchers.call.fn(beforeInstallPromptChannel), nativePrompts],
    [matchers.call.fn(appInstalledChannel), installs],
  ];
}

const storedFlag = () => window.localStorage.getItem(INSTALL_PROMPT_DISMISSED_KEY);

beforeEach(() => window.localStorage.clear());

describe('the 5-second timer', () => {
  test('shows the card INSTALL_PROMPT_DELAY_MS after a signed-in user opens /dashboard', async () => {
    await expectSaga(installPromptSaga)
      .withReducer(reducer, stateWith(signedIn))
      .provide([...browser(), skipDelayOf(INSTALL_PROMPT_DELAY_MS)])
      .put(installPromptEvents.environmentRead(READY_FLAGS))
      .call(DELAY_FN, INSTALL_PROMPT_DELAY_MS)
      .put(installPromptEvents.shown({ trigger: 'timer' }))
      .hasFinalState(stateWith(signedIn, { ...READY_FLAGS, visible: true }))
      .silentRun(50);
  });

  test('does not show the card before the delay has passed', async () => {
    await expectSaga(installPromptSaga)
      .withReducer(reducer, stateWith(signedIn))
      .provide([holdDelayOf(INSTALL_PROMPT_DELAY_MS), ...browser()])
      .call(DELAY_FN, INSTALL_PROMPT_DELAY_MS)
      .not.put.actionType(installPromptEvents.shown.type)
      .hasFinalState(stateWith(signedIn, READY_FLAGS))
      .silentRun(50);
  });

  test('starts when the user arrives at /dashboard later', async () => {
    await expectSaga(installPromptSaga)
      .withReducer(reducer, stateWith(signedIn, { pathname: '/tribes' }))
      .provide([...browser(), skipDelayOf(INSTALL_PROMPT_DELAY_MS)])
      .dispatch(locationChanged({ pathname: '/dashboard' }))
      .put(installPromptEvents.shown({ trigger: 'timer' }))
      .silentRun(50);
  });

  test.each<[string, TestState, Browser, string | null]>([
    ['signed out', stateWith(signedOut), {}, null],
    ['on another page', stateWith(signedIn, { pathname: '/tribes' }), {}, null],
    ['dismissed in an earlier visit', stateWith(signedIn), {}, 'true'],
    [
      'running as the installed app',
      stateWith(signedIn),
      { env: { ...INSTALLABLE_ENV, displayModeStandalone: true } },
      null,
    ],
    [
      'launched from the iOS home screen',
      stateWith(signedIn),
      { env: { ...INSTALLABLE_ENV, navigatorStandalone: true } },
      null,
    ],
    [
      'not installable (no service worker support)',
      stateWith(signedIn),
      { env: { ...INSTALLABLE_ENV, hasServiceWorker: false } },
      null,
    ],
    [
      'not installable (no manifest)',
      stateWith(signedIn),
      { env: { ...INSTALLABLE_ENV, hasManifestLink: false } },
      null,
    ],
    [
      'not installable (insecure context)',
      stateWith(signedIn),
      { env: { ...INSTALLABLE_ENV, isSecureContext: false, hostname: 'devtribe.example' } },
      null,
    ],
  ])('never starts when %s', async (_label, initialState, browserSetup, stored) => {
    if (stored !== null) window.localStorage.setItem(INSTALL_PROMPT_DISMISSED_KEY, stored);
    await expectSaga(installPromptSaga)
      .withReducer(reducer, initialState)
      .provide([...browser(browserSetup), skipDelayOf(INSTALL_PROMPT_DELAY_MS)])
      .not.call(DELAY_FN, INSTALL_PROMPT_DELAY_MS)
      .not.put.actionType(installPromptEvents.shown.type)
      .silentRun(50);
  });

  // The delay is shortened to 60 ms of real time; the user acts 10 ms into it.
  const STAND_IN_MS = 60;
  const ACT_AFTER_MS = 10;

  test('is cancelled when the user leaves /dashboard before it ends', async () => {
    await expectSaga(installPromptSaga)
      .withReducer(reducer, stateWith(signedIn))
      .provide([shortenDelayOf(INSTALL_PROMPT_DELAY_MS, STAND_IN_MS), ...browser()])
      .delay(ACT_AFTER_MS)
      .dispatch(locationChanged({ pathname: '/tribes' }))
      .call(DELAY_FN, INSTALL_PROMPT_DELAY_MS)
      .not.put.actionType(installPromptEvents.shown.type)
      .hasFinalState(stateWith(signedIn, { ...READY_FLAGS, pathname: '/tribes' }))
      .silentRun(STAND_IN_MS * 4);
  });

  test('is cancelled when the user signs out before it ends', async () => {
    await expectSaga(installPromptSaga)
      .withReducer(reducer, stateWith(signedIn))
      .provide([shortenDelayOf(INSTALL_PROMPT_DELAY_MS, STAND_IN_MS), ...browser()])
      .delay(ACT_AFTER_MS)
      .dispatch(authStateChanged({ user: null }))
      .call(DELAY_FN, INSTALL_PROMPT_DELAY_MS)
      .not.put.actionType(installPromptEvents.shown.type)
      .silentRun(STAND_IN_MS * 4);
  });

  test('(control) with the same timing and no interruption, the card shows', async () => {
    await expectSaga(installPromptSaga)
      .withReducer(reducer, stateWith(signedIn))
      .provide([shortenDelayOf(INSTALL_PROMPT_DELAY_MS, STAND_IN_MS), ...browser()])
      .delay(ACT_AFTER_MS)
      .dispatch(locationChanged({ pathname: '/dashboard/' }))
      .put(installPromptEvents.shown({ trigger: 'timer' }))
      .silentRun(STAND_IN_MS * 4);
  });

  test('leaving /dashboard after the card appeared hides it, without dismissing it', async () => {
    await expectSaga(installPromptSaga)
      .withReducer(reducer, stateWith(signedIn))
      .provide([...browser(), skipDelayOf(INSTALL_PROMPT_DELAY_MS)])
      .delay(ACT_AFTER_MS)
      .dispatch(locationChanged({ pathname: '/explore' }))
      .put(installPromptEvents.shown({ trigger: 'timer' }))
      .not.put.actionType(installPromptEvents.dismissed.type)
      .hasFinalState(stateWith(signedIn, { ...READY_FLAGS, pathname: '/explore' }))
      .silentRun(50);
    expect(storedFlag()).toBeNull();
  });
});

describe("the browser's install offer (beforeinstallprompt)", () => {
  test('on /dashboard for a signed-in user, shows the card at once and keeps the prompt for later', async () => {
    const nativePrompts = channel<BeforeInstallPromptEvent>();
    nativePrompts.put(fakePromptEvent().event);
    await expectSaga(installPromptSaga)
      .withReducer(reducer, stateWith(signedIn))
      // The delay is held: only the browser's offer can show the card in this test.
      .provide([holdDelayOf(INSTALL_PROMPT_DELAY_MS), ...browser({ nativePrompts })])
      .put(installPromptEvents.nativePromptCaptured())
      .put(installPromptEvents.shown({ trigger: 'nativePrompt' }))
      .hasFinalState(stateWith(signedIn, { ...READY_FLAGS, nativePromptAvailable: true, visible: true }))
      .silentRun(50);
  });

  test.each<[string, TestState, string | null]>([
    ['on another page', stateWith(signedIn, { pathname: '/learn-more' }), null],
    ['for a signed-out visitor', stateWith(signedOut), null],
    ['after an earlier dismissal', stateWith(signedIn), 'true'],
  ])('%s, keeps the prompt but does not show the card', async (_label, initialState, stored) => {
    if (stored !== null) window.localStorage.setItem(INSTALL_PROMPT_DISMISSED_KEY, stored);
    const nativePrompts = channel<BeforeInstallPromptEvent>();
    nativePrompts.put(fakePromptEvent().event);
    await expectSaga(installPromptSaga)
      .withReducer(reducer, initialState)
      .provide([holdDelayOf(INSTALL_PROMPT_DELAY_MS), ...browser({ nativePrompts })])
      .put(installPromptEvents.nativePromptCaptured())
      .not.put.actionType(installPromptEvents.shown.type)
      .silentRun(50);
  });
});

describe('dismissal: hidden now and never shown again', () => {
  const shownCard = stateWith(signedIn, { ...READY_FLAGS, visible: true });
  const dismissedCard = stateWith(signedIn, { ...READY_FLAGS, dismissed: true });

  test.each([
    ['the close icon', installPromptEvents.closeClicked(), 'closed'],
    ['Maybe Later', installPromptEvents.maybeLaterClicked(), 'maybeLater'],
  ] as const)('%s writes the flag and hides the card', async (_label, action, reason) => {
    await expectSaga(installPromptSaga)
      .withReducer(reducer, shownCard)
      .provide([holdDelayOf(INSTALL_PROMPT_DELAY_MS), ...browser()])
      .dispatch(action)
      .put(installPromptEvents.dismissed({ reason }))
      .hasFinalState(dismissedCard)
      .silentRun(50);
    expect(storedFlag()).toBe('true');
  });

  test.each(['accepted', 'dismissed'] as const)(
    'Install App with the native prompt: the choice "%s" is final',
    async (outcome) => {
      const nativePrompts = channel<BeforeInstallPromptEvent>();
      const { event, prompt } = fakePromptEvent(outcome);
      nativePrompts.put(event);
      await expectSaga(installPromptSaga)
        .withReducer(reducer, shownCard)
        .provide([holdDelayOf(INSTALL_PROMPT_DELAY_MS), ...browser({ nativePrompts })])
        .dispatch(installPromptEvents.installClicked())
        .put(installPromptEvents.installChoiceMade({ outcome }))
        .put(installPromptEvents.dismissed({ reason: 'installChoice' }))
        .not.put.actionType(installPromptEvents.instructionsOpened.type)
        .hasFinalState(dismissedCard)
        .silentRun(50);
      expect(prompt).toHaveBeenCalledTimes(1);
      expect(storedFlag()).toBe('true');
    },
  );

  test('a successful install (appinstalled) writes the flag and hides the card', async () => {
    const installs = channel<AppInstalledSignal>();
    installs.put({ installedAt: 1 });
    await expectSaga(installPromptSaga)
      .withReducer(reducer, shownCard)
      .provide([holdDelayOf(INSTALL_PROMPT_DELAY_MS), ...browser({ installs })])
      .put(installPromptEvents.appInstalled())
      .put(installPromptEvents.dismissed({ reason: 'installed' }))
      .hasFinalState(stateWith(signedIn, { ...READY_FLAGS, installed: true, dismissed: true }))
      .silentRun(50);
    expect(storedFlag()).toBe('true');
  });
});

describe('Install App without a native prompt', () => {
  test('opens the manual instructions and dismisses nothing', async () => {
    await expectSaga(installPromptSaga)
      .withReducer(reducer, stateWith(signedIn, { ...READY_FLAGS, visible: true }))
      .provide([holdDelayOf(INSTALL_PROMPT_DELAY_MS), ...browser()])
      .dispatch(installPromptEvents.installClicked())
      .put(installPromptEvents.instructionsOpened())
      .not.put.actionType(installPromptEvents.dismissed.type)
      .hasFinalState(stateWith(signedIn, { ...READY_FLAGS, visible: true, modalOpen: true }))
      .silentRun(50);
    expect(storedFlag()).toBeNull();
  });

  test('falls back to the instructions when the native prompt fails', async () => {
    const nativePrompts = channel<BeforeInstallPromptEvent>();
    const { event, prompt } = fakePromptEvent();
    prompt.mockImplementation(() => Promise.reject(new Error('prompt() already called')));
    nativePrompts.put(event);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await expectSaga(installPromptSaga)
      .withReducer(reducer, stateWith(signedIn, { ...READY_FLAGS, visible: true }))
      .provide([holdDelayOf(INSTALL_PROMPT_DELAY_MS), ...browser({ nativePrompts })])
      .dispatch(installPromptEvents.installClicked())
      .put(installPromptEvents.nativePromptFailed({ message: 'prompt() already called' }))
      .put(installPromptEvents.instructionsOpened())
      .not.put.actionType(installPromptEvents.dismissed.type)
      .silentRun(50);
    expect(storedFlag()).toBeNull();
  });
});
