import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice, isAnyOf } from '@reduxjs/toolkit';

import type { MayHold } from '../../app/lazySlice';
import { selectLazySlice } from '../../app/lazySlice';
import { locationChanged } from '../../app/routerEvents';
import type { SessionState } from '../session';
import { authCheckFailed, authStateChanged, selectIsSignedIn } from '../session';
import type { InstallPromptConditions } from './installPromptRules';
import { isInstallPromptPath } from './installPromptRules';

/**
 * Flags only: the browser's native prompt event is held by the saga, never here.
 * `dismissed` mirrors the flag in localStorage.
 */
export interface InstallPromptState {
  /** The last pathname the router reported (router/locationChanged). */
  pathname: string | null;
  installable: boolean;
  installed: boolean;
  dismissed: boolean;
  /** The browser offered its own install prompt (beforeinstallprompt) and it has not been used yet. */
  nativePromptAvailable: boolean;
  visible: boolean;
  /** The manual install instructions are open. */
  modalOpen: boolean;
}

export const initialInstallPromptState: InstallPromptState = {
  pathname: null,
  installable: false,
  installed: false,
  dismissed: false,
  nativePromptAvailable: false,
  visible: false,
  modalOpen: false,
};

export type InstallPromptTrigger = 'timer' | 'nativePrompt';
export type InstallChoiceOutcome = 'accepted' | 'dismissed';
export type DismissalReason = 'closed' | 'maybeLater' | 'installChoice' | 'installed';

const hide = (state: InstallPromptState) => {
  state.visible = false;
  state.modalOpen = false;
};

const installPromptSlice = createSlice({
  name: 'installPrompt',
  initialState: initialInstallPromptState,
  reducers: {
    /** Read once at start: what the browser supports and whether the prompt was dismissed in an earlier visit. */
    environmentRead(state, action: PayloadAction<{ installable: boolean; installed: boolean; dismissed: boolean }>) {
      state.installable = action.payload.installable;
      // Never undoes an install or a dismissal that this visit already saw.
      state.installed ||= action.payload.installed;
      state.dismissed ||= action.payload.dismissed;
    },
    shown(state, _action: PayloadAction<{ trigger: InstallPromptTrigger }>) {
      if (!state.dismissed && !state.installed) state.visible = true;
    },
    nativePromptCaptured(state) {
      state.nativePromptAvailable = true;
    },
    installClicked() {},
    instructionsOpened(state) {
      state.modalOpen = true;
    },
    /** `Got it!`, Escape or the backdrop: the card stays, only the instructions close. */
    instructionsClosed(state) {
      state.modalOpen = false;
    },
    /** prompt() threw (e.g. the browser refused it): the manual instructions take over. */
    nativePromptFailed(state, _action: PayloadAction<{ message: string }>) {
      state.nativePromptAvailable = false;
    },
    installChoiceMade(state, _action: PayloadAction<{ outcome: InstallChoiceOutcome }>) {
      // The browser lets its prompt be shown once per event.
      state.nativePromptAvailable = false;
    },
    appInstalled(state) {
      state.installed = true;
      state.nativePromptAvailable = false;
    },
    closeClicked() {},
    maybeLaterClicked() {},
    /** Written to localStorage first: from now on the prompt never shows again in this browser. */
    dismissed(state, _action: PayloadAction<{ reason: DismissalReason }>) {
      state.dismissed = true;
      hide(state);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(locationChanged, (state, action) => {
        state.pathname = action.payload.pathname;
        // The card belongs to the dashboard; it comes back (after the delay) on the next visit there.
        if (!isInstallPromptPath(action.payload.pathname)) hide(state);
      })
      .addMatcher(isAnyOf(authStateChanged, authCheckFailed), (state, action) => {
        if (authCheckFailed.match(action) || !action.payload.user) hide(state);
      });
  },
  selectors: {
    selectInstallPromptVisible: (state) => state.visible,
    selectInstallInstructionsOpen: (state) => state.modalOpen,
  },
});

export const {
  environmentRead,
  shown,
  nativePromptCaptured,
  installClicked,
  instructionsOpened,
  instructionsClosed,
  nativePromptFailed,
  installChoiceMade,
  appInstalled,
  closeClicked,
  maybeLaterClicked,
  dismissed,
} = installPromptSlice.actions;

/** The install prompt's state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectInstallPromptState = selectLazySlice(installPromptSlice);

export const { selectInstallPromptVisible, selectInstallInstructionsOpen } =
  installPromptSlice.getSelectors(selectInstallPromptState);

/** The rules' input, from the install prompt's own state and the session. */
export function selectInstallPromptConditions(
  state: MayHold<'installPrompt'> & { session: SessionState },
): InstallPromptConditions {
  const { pathname, dismissed, installed, installable } = selectInstallPromptState(state);
  return { isSignedIn: selectIsSignedIn(state), pathname, dismissed, installed, installable };
}

export default installPromptSlice.reducer;
