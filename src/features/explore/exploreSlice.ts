import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';

import type { MayHold } from '../../app/lazySlice';
import { selectLazySlice } from '../../app/lazySlice';
import { resetOnSignOut } from '../../app/sagas';
import type { SerializedError } from '../../backend/port';
import { selectBlockedIds } from '../safety';
import type { SessionState } from '../session';
import type { DirectoryPerson, ExploreSort, ExploreViewer } from './explorePeople';
import { filterAndSortPeople, pickSuggestions, rankPeople, skillOptions } from './explorePeople';

export interface ExploreState {
  /**
   * From `opened` until `closed`: the directory is followed. A signed-in arrival on /explore opens
   * it as soon as the session is restored (app/arrivalSagas.ts); the page does not open it again
   * when it mounts while open, so the directory is not read twice.
   */
  open: boolean;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  people: DirectoryPerson[];
  error: SerializedError | null;
}

export const initialExploreState: ExploreState = { open: false, status: 'idle', people: [], error: null };

const exploreSlice = createSlice({
  name: 'explore',
  initialState: initialExploreState,
  reducers: {
    /** The page opened: the directory is read and then followed live until `closed`. */
    opened(state) {
      state.open = true;
      // A directory read earlier stays on screen while the subscription reconnects.
      state.status = state.people.length > 0 ? 'ready' : 'loading';
      state.error = null;
    },
    closed(state) {
      state.open = false;
    },
    peopleLoaded(state, action: PayloadAction<{ people: DirectoryPerson[] }>) {
      state.people = action.payload.people;
      state.status = 'ready';
      state.error = null;
    },
    loadFailed(state, action: PayloadAction<SerializedError>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    resetOnSignOut(builder, initialExploreState);
  },
  selectors: {
    selectExploreOpen: (state) => state.open,
    selectExploreStatus: (state) => state.status,
    selectExploreError: (state) => state.error,
    selectDirectory: (state) => state.people,
  },
});

export const { opened: exploreOpened, closed: exploreClosed, peopleLoaded, loadFailed } = exploreSlice.actions;
/** The explore state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectExploreState = selectLazySlice(exploreSlice);
export const { selectExploreOpen, selectExploreStatus, selectExploreError, selectDirectory } =
  exploreSlice.getSelectors(selectExploreState);
export default exploreSlice.reducer;

// ---- derived data, memoized: ranking runs when the directory or the viewer changes, not per keystroke ----

type WithExplore = MayHold<'explore' | 'safety'> & { session: SessionState };

const EMPTY: readonly never[] = [];
const sameItems = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);
// Every live snapshot of the own profile brings new arrays; equal contents must not re-rank everyone.
const keepEqualArrays = { memoizeOptions: { resultEqualityCheck: sameItems } };
const selectViewerUid = (state: WithExplore) => state.session.user?.uid ?? null;
const selectViewerSkills = (state: WithExplore) => state.session.user?.profile.skills ?? EMPTY;
const selectViewerFriends = (state: WithExplore) => state.session.user?.profile.friends ?? EMPTY;

const selectViewerFriendIds = createSelector(
  [selectViewerFriends],
  (friends) => friends.map((friend) => friend.id),
  keepEqualArrays,
);

const selectViewerSkillList = createSelector([selectViewerSkills], (skills) => [...skills], keepEqualArrays);

export const selectExploreViewer = createSelector(
  [selectViewerUid, selectViewerSkillList, selectViewerFriendIds],
  (uid, skills, friendIds): ExploreViewer => ({ uid, skills, friendIds }),
);

/** The directory less the people the viewer blocked: they leave explore and suggestions. */
const selectVisibleDirectory = createSelector(
  [(state: WithExplore) => selectDirectory(state), selectBlockedIds],
  (people, blocked) => (blocked.size === 0 ? people : people.filter((person) => !blocked.has(person.id))),
);

const selectRankedPeople = createSelector([selectVisibleDirectory, selectExploreViewer], rankPeople);

export const selectSkillOptions = createSelector(
  [(state: WithExplore) => selectDirectory(state), selectViewerUid],
  (people, uid) => skillOptions(people.filter((person) => person.id !== uid)),
);

const SUGGESTION_COUNT = 3;

export const selectSuggestions = createSelector([selectRankedPeople, selectViewerFriendIds], (people, friendIds) =>
  pickSuggestions(people, friendIds, SUGGESTION_COUNT),
);

export const selectExploreResults = createSelector(
  [
    selectRankedPeople,
    (_state: WithExplore, query: string) => query,
    (_state: WithExplore, _query: string, skill: string) => skill,
    (_state: WithExplore, _query: string, _skill: string, sort: ExploreSort) => sort,
  ],
  (people, query, skill, sort) => filterAndSortPeople(people, { query, skills: skill ? [skill] : [], sort }),
);
