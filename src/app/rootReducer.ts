import { combineSlices } from '@reduxjs/toolkit';

import type { CommentsState } from '../features/conversations/commentsSlice';
import type { ReactionsState } from '../features/conversations/reactionsSlice';
import type { DashboardState } from '../features/dashboard/dashboardSlice';
import type { ExploreState } from '../features/explore/exploreSlice';
import type { FriendsState } from '../features/friends/friendsSlice';
import type { InstallPromptState } from '../features/installPrompt/installPromptSlice';
import type { NotificationsState } from '../features/notifications/notificationsSlice';
import type { ProfileViewState } from '../features/profile/profileViewSlice';
import type { ProjectsState } from '../features/projects/projectsSlice';
import type { SafetyState } from '../features/safety/safetySlice';
import { sessionReducer } from '../features/session';
import type { TribesState } from '../features/tribes/tribesSlice';
import { updateNoticeReducer } from '../features/updateNotice';
import { loadedFeaturesReducer } from './feature';

/** What every screen needs, signed out too: the session and the update notice; and which features' state the store holds. */
const coreReducers = {
  session: sessionReducer,
  updateNotice: updateNoticeReducer,
  loadedFeatures: loadedFeaturesReducer,
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
  comments: CommentsState;
  reactions: ReactionsState;
  projects: ProjectsState;
  dashboard: DashboardState;
}

/** Every lazy slice's key (LazySlices at run time). */
export const LAZY_SLICE_KEYS = Object.keys({
  friends: true,
  notifications: true,
  safety: true,
  installPrompt: true,
  profileView: true,
  explore: true,
  tribes: true,
  comments: true,
  reactions: true,
  projects: true,
  dashboard: true,
} satisfies Record<keyof LazySlices, true>) as (keyof LazySlices)[];

export const rootReducer = combineSlices(coreReducers).withLazyLoadedSlices<Partial<LazySlices>>();

type CoreState = { [K in keyof typeof coreReducers]: ReturnType<(typeof coreReducers)[K]> };

/**
 * Each lazy slice may be absent: before its feature loads, and in any state Redux DevTools shows
 * (a jump back to before the feature loaded, a log imported into a tab that never loaded it).
 * Selectors read them through app/lazySlice.ts, which gives an absent slice its initial state.
 */
export type RootState = CoreState & Partial<LazySlices>;

/** A state with every feature loaded (tests whose store injects them all, src/test/allFeatures.ts). */
export type LoadedState = CoreState & LazySlices;
