// A new version of the app is waiting (service worker installed, not yet in control). The
// workbox instance stays in src/platform/serviceWorker.ts; the store only knows the stage.
import { createSlice } from '@reduxjs/toolkit';

export type AppUpdateStatus = 'current' | 'available' | 'accepted';

export interface AppUpdateState {
  status: AppUpdateStatus;
}

export const initialAppUpdateState: AppUpdateState = { status: 'current' };

const appUpdateSlice = createSlice({
  // Action types read as the platform events they are: serviceWorker/updateAvailable, serviceWorker/updateAccepted.
  name: 'serviceWorker',
  reducerPath: 'appUpdate',
  initialState: initialAppUpdateState,
  reducers: {
    updateAvailable(state) {
      if (state.status === 'current') state.status = 'available';
    },
    /** The user pressed Update: the waiting worker is asked to take over, and the page reloads when it has. */
    updateAccepted(state) {
      state.status = 'accepted';
    },
  },
  selectors: {
    selectAppUpdateStatus: (state) => state.status,
  },
});

export const { updateAvailable, updateAccepted } = appUpdateSlice.actions;
export const { selectAppUpdateStatus } = appUpdateSlice.selectors;
export default appUpdateSlice.reducer;
