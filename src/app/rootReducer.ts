import { combineReducers } from '@reduxjs/toolkit';

import friendsReducer from '../features/friends/friendsSlice';
import sessionReducer from '../features/session/sessionSlice';

export const rootReducer = combineReducers({
  session: sessionReducer,
  friends: friendsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
