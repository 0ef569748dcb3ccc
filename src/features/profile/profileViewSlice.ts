import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';

import { selectLazySlice } from '../../app/lazySlice';
import { resetOnSignOut } from '../../app/sagas';
import type { SerializedError } from '../../backend/port';
import type { UserProfile } from '../../domain/profileTypes';
import type { ProfileEdit } from '../../domain/profileValidation';

/** What the profile page shows of a user: no requests, notifications or email. */
export interface ProfileView {
  id: string;
  displayName: string;
  photoURL: string | null;
  /** epoch ms */
  joinDate: number | null;
  postCount: number;
  friendCount: number;
  bio: string;
  skills: string[];
}

export function toProfileView(id: string, profile: UserProfile): ProfileView {
  return {
    id,
    displayName: profile.displayName,
    photoURL: profile.photoURL,
    joinDate: profile.joinDate,
    postCount: profile.postCount,
    friendCount: profile.friendCount,
    bio: profile.bio,
    skills: profile.skills,
  };
}

/** A tribe the viewed user is an active member of, as their profile lists it. */
export interface ProfileTribe {
  id: string;
  name: string;
  memberCount: number;
}

export interface ProfileTribes {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  items: ProfileTribe[];
}

export type ProfileViewStatus = 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';
export type EditStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export interface ProfileViewState {
  userId: string | null;
  status: ProfileViewStatus;
  profile: ProfileView | null;
  error: SerializedError | null;
  save: { status: EditStatus; error: string | null };
  photo: { status: EditStatus; error: string | null };
  /** The tribes of the user shown (userId), loaded beside the profile. */
  tribes: ProfileTribes;
}

const idle = { status: 'idle' as const, error: null };

export const initialProfileViewState: ProfileViewState = {
  userId: null,
  status: 'idle',
  profile: null,
  error: null,
  save: idle,
  photo: idle,
  tribes: { status: 'idle', items: [] },
};

const profileViewSlice = createSlice({
  name: 'profileView',
  reducerPath: 'profileView',
  initialState: initialProfileViewState,
  reducers: {
    viewRequested(state, action: PayloadAction<{ userId: string }>) {
      const sameUser = state.userId === action.payload.userId && state.profile !== null;
      state.userId = action.payload.userId;
      // Re-opening the profile just shown keeps it on screen while the live copy reconnects.
      if (!sameUser) {
        state.profile = null;
        state.status = 'loading';
        state.tribes = { status: 'loading', items: [] };
      }
      state.error = null;
    },
    /** The page showing userId went away: its live subscription ends. */
    viewClosed(_state, _action: PayloadAction<{ userId: string }>) {},
    viewLoaded(state, action: PayloadAction<{ profile: ProfileView }>) {
      if (state.userId !== action.payload.profile.id) return;
      state.profile = action.payload.profile;
      state.status = 'ready';
      state.error = null;
    },
    viewNotFound(state, action: PayloadAction<{ userId: string }>) {
      if (state.userId !== action.payload.userId) return;
      state.profile = null;
      state.status = 'notFound';
    },
    viewFailed(state, action: PayloadAction<{ userId: string; error: SerializedError }>) {
      if (state.userId !== action.payload.userId) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },
    /** Try again after the tribes could not be loaded. */
    tribesRequested(state, action: PayloadAction<{ userId: string }>) {
      if (state.userId !== action.payload.userId) return;
      state.tribes = { status: 'loading', items: state.tribes.items };
    },
    tribesLoaded(state, action: PayloadAction<{ userId: string; tribes: ProfileTribe[] }>) {
      if (state.userId !== action.payload.userId) return;
      state.tribes = { status: 'ready', items: action.payload.tribes };
    },
    tribesFailed(state, action: PayloadAction<{ userId: string }>) {
      if (state.userId !== action.payload.userId) return;
      state.tribes = { status: 'failed', items: [] };
    },
    /** The editor was opened or closed: earlier save and upload outcomes no longer apply. */
    editStarted(state) {
      state.save = idle;
      state.photo = idle;
    },
    saveRequested(state, _action: PayloadAction<ProfileEdit>) {
      state.save = { status: 'pending', error: null };
    },
    saved(state) {
      state.save = { status: 'succeeded', error: null };
    },
    saveFailed(state, action: PayloadAction<{ message: string }>) {
      state.save = { status: 'failed', error: action.payload.message };
    },
    photoUploadRequested(state, _action: PayloadAction<{ uploadId: string }>) {
      state.photo = { status: 'pending', error: null };
    },
    photoUploaded(state) {
      state.photo = { status: 'succeeded', error: null };
    },
    photoUploadFailed(state, action: PayloadAction<{ message: string }>) {
      state.photo = { status: 'failed', error: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    // Another user must never see the previous user's half-finished edit or cached view.
    resetOnSignOut(builder, initialProfileViewState);
  },
  selectors: {
    selectProfileViewState: (state) => state,
    selectProfileSave: (state) => state.save,
    selectPhotoUpload: (state) => state.photo,
    selectProfileTribes: (state) => state.tribes,
  },
});

export const {
  viewRequested,
  viewClosed,
  viewLoaded,
  viewNotFound,
  viewFailed,
  tribesRequested,
  tribesLoaded,
  tribesFailed,
  editStarted,
  saveRequested,
  saved,
  saveFailed,
  photoUploadRequested,
  photoUploaded,
  photoUploadFailed,
} = profileViewSlice.actions;

/** The profile page's state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectProfileState = selectLazySlice(profileViewSlice);

export const { selectProfileViewState, selectProfileSave, selectPhotoUpload, selectProfileTribes } =
  profileViewSlice.getSelectors(selectProfileState);

export default profileViewSlice.reducer;
