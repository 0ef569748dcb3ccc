// A new version of the app is waiting (service worker installed, not yet in control). The
// workbox instance stays in src/platform/serviceWorker.ts; the store only knows the stage.
import { createSlice } from '@reduxjs/toolkit';

export type UpdateNoticeStatus = 'current' | 'available' | 'accepted';

export interface UpdateNoticeState {
  status: UpdateNoticeStatus;
}

const initialUpdateNoticeState: UpdateNoticeState = { status: 'current' };

// One name for the file, the slice, its state key and its action types: updateNotice/updateAvailable, updateNotice/updateAccepted.
const updateNoticeSlice = createSlice({
  name: 'updateNotice',
  initialState: initialUpdateNoticeState,
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
    selectUpdateNoticeStatus: (state) => state.status,
  },
});

export const { updateAvailable, updateAccepted } = updateNoticeSlice.actions;
export const { selectUpdateNoticeStatus } = updateNoticeSlice.selectors;
export default updateNoticeSlice.reducer;
