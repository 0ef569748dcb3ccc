import { combineReducers } from '@reduxjs/toolkit';

import sessionReducer from '../features/session/sessionSlice';

export const rootReducer = combineReducers({
  session: sessionReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
