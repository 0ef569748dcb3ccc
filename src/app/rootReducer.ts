import { combineReducers } from '@reduxjs/toolkit';

import exploreReducer from '../features/explore/exploreSlice';
import friendsReducer from '../features/friends/friendsSlice';
import appUpdateReducer from '../features/installPrompt/appUpdateSlice';
import installPromptReducer from '../features/installPrompt/installPromptSlice';
import notificationsReducer from '../features/notifications/notificationsSlice';
import profileViewReducer from '../features/profile/profileViewSlice';
import sessionReducer from '../features/session/sessionSlice';

export const rootReducer = combineReducers({
  session: sessionReducer,
  profileView: profileViewReducer,
  explore: exploreReducer,
  friends: friendsReducer,
  notifications: notificationsReducer,
  installPrompt: installPromptReducer,
  appUpdate: appUpdateReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
