import { combineSlices } from '@reduxjs/toolkit';

import type { DashboardState } from '../features/dashboard/dashboardSlice';
import type { ExploreState } from '../features/explore/exploreSlice';
import type { FriendsState } from '../features/friends/friendsSlice';
import type { InstallPromptState } from '../features/installPrompt/installPromptSlice';
import updateNoticeReducer from '../features/installPrompt/updateNoticeSlice';
import type { NotificationsState } from '../features/notifications/notificationsSlice';
import type { ProfileViewState } from '../features/profile/profileViewSlice';
import type { ProjectsState } from '../features/projects/projectsSlice';
import type { SafetyState } from '../features/safety/safetySlice';
import sessionReducer from '../features/session/sessionSlice';
import type { TribesState } from '../features/tribes/tribesSlice';

/** What every screen needs, signed out too: the session and the update notice. */
const coreReducers = {
  session: sessionReducer,
  updateNotice: updateNoticeReducer,
};

/** Slices injected when their route's chunk loads, or on sign-in (see app/feature.ts, app/signedInFeatures.ts). */
export interface LazySlices {
  friends: FriendsState;
  notifications: NotificationsState;
  safety: SafetyState;
  installPrompt: InstallPromptState;
  profileView: ProfileViewState;
  explore: ExploreState;
  tribes: TribesState;
  projects: ProjectsState;
  dashboard: DashboardState;
}

export const rootReducer = combineSlices(coreReducers).withLazyLoadedSlices<Partial<LazySlices>>();

type CoreState = { [K in keyof typeof coreReducers]: ReturnType<(typeof coreReducers)[K]> };

/**
 * The lazy slices are typed as present: only their own routes' components and sagas (and, for
 * friends, notifications, safety and the install prompt, signed-in screens) read them, and those
 * run after the feature was loaded.
 */
export type RootState = CoreState & LazySlices;
