import type { Reducer } from '@reduxjs/toolkit';

import type { Feature } from '../app/feature';
import type { LoadedState } from '../app/rootReducer';
import { rootReducer as appRootReducer } from '../app/rootReducer';
import { injectReducer } from '../app/store';
import { commentsFeature, reactionsFeature } from '../features/conversations/conversationsFeature';
import { dashboardFeature } from '../features/dashboard/dashboardFeature';
import { exploreFeature } from '../features/explore/exploreFeature';
import { friendsFeature } from '../features/friends/friendsFeature';
import { installPromptFeature } from '../features/installPrompt/installPromptFeature';
import { notificationsFeature } from '../features/notifications/notificationsFeature';
import { profileFeature } from '../features/profile/profileFeature';
import { projectsFeature } from '../features/projects/projectsFeature';
import { safetyFeature } from '../features/safety/safetyFeature';
import { tribesFeature } from '../features/tribes/tribesFeature';

/** Every lazy feature, for tests that render pages directly instead of through the lazy routes and sign-in. */
export const ALL_FEATURES: Feature[] = [
  friendsFeature,
  notificationsFeature,
  safetyFeature,
  installPromptFeature,
  profileFeature,
  exploreFeature,
  tribesFeature,
  commentsFeature,
  reactionsFeature,
  projectsFeature,
  dashboardFeature,
];

ALL_FEATURES.forEach(injectReducer);

/** The app's root reducer with every route feature injected, so its state always has every slice. */
export const rootReducer = appRootReducer as unknown as Reducer<LoadedState>;
