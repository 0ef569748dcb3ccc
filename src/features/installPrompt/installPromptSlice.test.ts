import { locationChanged } from '../../app/routerEvents';
import { initialSessionState } from '../../test/featureInternals';
import type { SessionState } from '../session';
import { authCheckFailed, authStateChanged } from '../session';
import type { InstallPromptState } from './installPromptSlice';
import reducer, {
  appInstalled,
  dismissed,
  environmentRead,
  initialInstallPromptState,
  installChoiceMade,
  instructionsClosed,
  instructionsOpened,
  nativePromptCaptured,
  selectInstallPromptConditions,
  shown,
} from './installPromptSlice';

const onDashboard: InstallPromptState = { ...initialInstallPromptState, pathname: '/dashboard', installable: true };
const withCard: InstallPromptState = { ...onDashboard, visible: true, modalOpen: true };

test('is hidden by default', () => {
  expect(reducer(undefined, { type: '@@init' })).toEqual(initialInstallPromptState);
  expect(initialInstallPromptState.visible).toBe(false);
});

test.each<[string, InstallPromptState, ReturnType<typeof shown>, boolean]>([
  ['shows when allowed', onDashboard, shown({ trigger: 'timer' }), true],
  ['stays hidden once dismissed', { ...onDashboard, dismissed: true }, shown({ trigger: 'nativePrompt' }), false],
  ['stays hidden once installed', { ...onDashboard, installed: true }, shown({ trigger: 'timer' }), false],
])('shown: %s', (_label, state, action, visible) => {
  expect(reducer(state, action).visible).toBe(visible);
});

test.each([
  ['leaving /dashboard', locationChanged({ pathname: '/tribes' })],
  ['signing out', authStateChanged({ user: null })],
  ['a failed auth check', authCheckFailed({ code: 'unavailable', message: 'offline' })],
  ['a dismissal', dismissed({ reason: 'closed' })],
])('%s hides the card and its instructions', (_label, action) => {
  expect(reducer(withCard, action)).toMatchObject({ visible: false, modalOpen: false });
});

test('moving within /dashboard keeps the card', () => {
  expect(reducer(withCard, locationChanged({ pathname: '/dashboard/' }))).toMatchObject({
    visible: true,
    modalOpen: true,
  });
});

test('dismissed is permanent for the store as well', () => {
  const state = reducer(withCard, dismissed({ reason: 'maybeLater' }));
  expect(state.dismissed).toBe(true);
  expect(reducer(state, environmentRead({ installable: true, installed: false, dismissed: false })).dismissed).toBe(
    true,
  );
});

test('the native prompt is available until it has been answered or the app is installed', () => {
  const captured = reducer(onDashboard, nativePromptCaptured());
  expect(captured.nativePromptAvailable).toBe(true);
  expect(reducer(captured, installChoiceMade({ outcome: 'dismissed' })).nativePromptAvailable).toBe(false);
  expect(reducer(captured, appInstalled())).toMatchObject({ nativePromptAvailable: false, installed: true });
});

test('the instructions open and close without touching the card', () => {
  const opened = reducer({ ...onDashboard, visible: true }, instructionsOpened());
  expect(opened).toMatchObject({ visible: true, modalOpen: true });
  expect(reducer(opened, instructionsClosed())).toMatchObject({ visible: true, modalOpen: false });
});

test('selectInstallPromptConditions combines the session with the install prompt state', () => {
  const session: SessionState = { ...initialSessionState, status: 'signedIn' };
  expect(selectInstallPromptConditions({ session, installPrompt: onDashboard })).toEqual({
    isSignedIn: true,
    pathname: '/dashboard',
    dismissed: false,
    installed: false,
    installable: true,
  });
});
