import { combineReducers } from '@reduxjs/toolkit';

import exploreReducer from '../features/explore/exploreSlice';
import friendsReducer from '../features/friends/friendsSlice';
import appUpdateReducer from '../features/installPrompt/appUpdateSlice';
import installPromptReducer from '../features/installPrompt/installPromptSlice';
import notificationsReducer from '../features/notifications/notificationsSlice';
import profileViewReducer from '../features/profile/profileViewSlice';
import projectsReducer from '../features/projects/projectsSlice';
import sessionReducer from '../features/session/sessionSlice';
import tribesReducer from '../features/tribes/tribesSlice';

export const rootReducer = combineReducers({
  session: sessionReducer,
  profileView: profileViewReducer,
  explore: exploreReducer,
  friends: friendsReducer,
  tribes: tribesReducer,
  notifications: notificationsReducer,
  installPrompt: installPromptReducer,
  appUpdate: appUpdateReducer,
  projects: projectsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
