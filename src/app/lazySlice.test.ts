// Every selector of a lazy slice holds for any state Redux DevTools can show: with the slice
// absent (a jump back to before its feature loaded, a log imported into a fresh tab) it reads the
// slice's initial state instead of throwing. The last test is the negative control: the same check
// fails a selector that reads a lazy slice without selectLazySlice, as the dashboard's once did.
import * as commentsSlice from '../features/conversations/commentsSlice';
import { commentsFeature, reactionsFeature } from '../features/conversations/conversationsFeature';
import * as reactionsSlice from '../features/conversations/reactionsSlice';
import { dashboardFeature } from '../features/dashboard/dashboardFeature';
import * as dashboardSlice from '../features/dashboard/dashboardSlice';
import { exploreFeature } from '../features/explore/exploreFeature';
import * as exploreSlice from '../features/explore/exploreSlice';
import { friendsFeature } from '../features/friends/friendsFeature';
import * as friendsSlice from '../features/friends/friendsSlice';
import { installPromptFeature } from '../features/installPrompt/installPromptFeature';
import * as installPromptSlice from '../features/installPrompt/installPromptSlice';
import { notificationsFeature } from '../features/notifications/notificationsFeature';
import * as notificationsSlice from '../features/notifications/notificationsSlice';
import { profileFeature } from '../features/profile/profileFeature';
import * as profileViewSlice from '../features/profile/profileViewSlice';
import { projectsFeature } from '../features/projects/projectsFeature';
import * as projectsSlice from '../features/projects/projectsSlice';
import { safetyFeature } from '../features/safety/safetyFeature';
import * as safetySlice from '../features/safety/safetySlice';
import { tribesFeature } from '../features/tribes/tribesFeature';
import * as tribesSlice from '../features/tribes/tribesSlice';
import { updateNoticeReducer } from '../features/updateNotice';
import { testProfile } from '../test/fixtures';
import { signedInSession } from '../test/signedInState';
import type { Feature } from './feature';
import type { LazySlices } from './rootReducer';

type AnySelector = (state: never, ...args: string[]) => unknown;

const SLICE_MODULES: Record<keyof LazySlices, Record<string, unknown>> = {
  comments: commentsSlice,
  reactions: reactionsSlice,
  dashboard: dashboardSlice,
  explore: exploreSlice,
  friends: friendsSlice,
  installPrompt: installPromptSlice,
  notifications: notificationsSlice,
  profileView: profileViewSlice,
  projects: projectsSlice,
  safety: safetySlice,
  tribes: tribesSlice,
};

const FEATURES: Feature[] = [
  commentsFeature,
  reactionsFeature,
  dashboardFeature,
  exploreFeature,
  friendsFeature,
  installPromptFeature,
  notificationsFeature,
  profileFeature,
  projectsFeature,
  safetyFeature,
  tribesFeature,
];

/** Signed in, with only the slices every screen has: what a fresh tab holds before any feature loads. */
const coreState = () => ({
  session: signedInSession('me', testProfile({ displayName: 'Mia' })),
  updateNotice: updateNoticeReducer(undefined, { type: '@@test/init' }),
});

/** The same state with every lazy slice present at its initial state. */
const withInitialSlices = () => ({
  ...coreState(),
  ...Object.fromEntries(FEATURES.map((feature) => [feature.key, feature.reducer(undefined, { type: '@@test/init' })])),
});

/** A module's selectors: its exported functions named select… */
const selectorsOf = (module: Record<string, unknown>) =>
  Object.entries(module).filter(
    (entry): entry is [string, AnySelector] => entry[0].startsWith('select') && typeof entry[1] === 'function',
  );

/** Calls each selector on a state without any lazy slice; what it reads must equal what it reads on their initial states. */
function expectReadsAsInitial(selectors: [string, AnySelector][]) {
  for (const [name, select] of selectors) {
    // Parameterized selectors (a user id, a query, a sort) take strings; 'x' matches nothing.
    const read = (state: object) => select(state as never, 'x', '', '');
    let absent: unknown;
    expect(() => {
      absent = read(coreState());
    }).not.toThrow();
    expect([name, absent]).toEqual([name, read(withInitialSlices())]);
  }
}

test.each(Object.entries(SLICE_MODULES))(
  'every %s selector reads an absent slice as its initial state',
  (_key, module) => {
    const selectors = selectorsOf(module);
    expect(selectors.length).toBeGreaterThan(0);
    expectReadsAsInitial(selectors);
  },
);

test('negative control: a selector reading a lazy slice directly fails the same check', () => {
  const selectUnguardedPeople = (state: { dashboard: dashboardSlice.DashboardState }) => state.dashboard.people;
  expect(() => expectReadsAsInitial([['selectUnguardedPeople', selectUnguardedPeople as AnySelector]])).toThrow();
});
