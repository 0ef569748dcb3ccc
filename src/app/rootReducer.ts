import { combineReducers } from '@reduxjs/toolkit';

import friendsReducer from '../features/friends/friendsSlice';
import notificationsReducer from '../features/notifications/notificationsSlice';
import sessionReducer from '../features/session/sessionSlice';
import profileViewReducer from '../features/profile/profileViewSlice';
import exploreReducer from '../features/explore/exploreSlice';

export const rootReducer = combineReducers({
  session: sessionReducer,
  profileView: profileViewReducer,
  explore: exploreReducer,
  friends: friendsReducer,
  notifications: notificationsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
