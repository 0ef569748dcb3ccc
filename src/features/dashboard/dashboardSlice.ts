import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';

import type { MayHold } from '../../app/lazySlice';
import { selectLazySlice } from '../../app/lazySlice';
import { resetOnSignOut } from '../../app/sagas';
import type { SerializedError } from '../../backend/port';
import type { MatchViewer } from '../../domain/matchScore';
import type { UserProfile } from '../../domain/profileTypes';
import type { Project } from '../../domain/projectTypes';
import type { Tribe } from '../../domain/tribeTypes';
import type { DirectoryPerson, ExploreViewer } from '../explore';
import { rankPeople } from '../explore';
import { selectBlockedIds } from '../safety';
import type { SessionState } from '../session';
import { profileCompleteness, recommendPeople, recommendProjects, recommendTribes } from './dashboardLogic';

/** Each panel loads, fails and retries on its own, so one slow or failing read blanks nothing else. */
export const DASHBOARD_SECTIONS = ['myTribes', 'myProjects', 'people', 'projects', 'tribes'] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

type SectionStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface SectionState {
  status: SectionStatus;
  error: SerializedError | null;
}

export interface DashboardState {
  /**
   * From `opened` until `closed`: the page is showing, or about to (a signed-in arrival on
   * /dashboard opens it as soon as the session is restored, app/arrivalSagas.ts). The page does not
   * open itself again when it mounts while open, so that visit's panels are read once.
   */
  open: boolean;
  sections: Record<DashboardSection, SectionState>;
  /** Tribes the user is an active member of, by name. */
  myTribes: Tribe[];
  /** Projects the user owns or is a member of, newest first. */
  myProjects: Project[];
  /** Pending requests per project the user owns. */
  pendingRequests: Record<string, number>;
  /** Candidates for the recommendations. */
  people: DirectoryPerson[];
  projects: Project[];
  tribes: Tribe[];
  /** People sharing a tribe with the user: the social part of the project match score. */
  tribeMateIds: string[];
}

const idleSection: SectionState = { status: 'idle', error: null };

export const initialDashboardState: DashboardState = {
  open: false,
  sections: {
    myTribes: idleSection,
    myProjects: idleSection,
    people: idleSection,
    projects: idleSection,
    tribes: idleSection,
  },
  myTribes: [],
  myProjects: [],
  pendingRequests: {},
  people: [],
  projects: [],
  tribes: [],
  tribeMateIds: [],
};

const ready: SectionState = { status: 'ready', error: null };

/** Every read that arrives stores its data and marks its panel ready, clearing the error of a failed earlier read. */
function sectionLoaded(
  state: DashboardState,
  section: DashboardSection,
  data: Partial<Omit<DashboardState, 'sections'>>,
) {
  Object.assign(state, data);
  state.sections[section] = ready;
}

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState: initialDashboardState,
  reducers: {
    /** The page opened (or Retry): every panel is read again. */
    opened(state) {
      state.open = true;
      for (const section of DASHBOARD_SECTIONS) {
        // A panel read earlier stays on screen while the new read runs.
        if (state.sections[section].status !== 'ready') state.sections[section] = { status: 'loading', error: null };
      }
    },
    /** The page went away; reads still running finish, and the next visit reads again. */
    closed(state) {
      state.open = false;
    },
    myTribesLoaded(state, { payload }: PayloadAction<{ tribes: Tribe[] }>) {
      sectionLoaded(state, 'myTribes', { myTribes: payload.tribes });
    },
    myProjectsLoaded(
      state,
      { payload }: PayloadAction<{ projects: Project[]; pendingRequests: Record<string, number> }>,
    ) {
      sectionLoaded(state, 'myProjects', { myProjects: payload.projects, pendingRequests: payload.pendingRequests });
    },
    peopleLoaded(state, { payload }: PayloadAction<{ people: DirectoryPerson[] }>) {
      sectionLoaded(state, 'people', { people: payload.people });
    },
    projectCandidatesLoaded(state, { payload }: PayloadAction<{ projects: Project[]; tribeMateIds: string[] }>) {
      sectionLoaded(state, 'projects', { projects: payload.projects, tribeMateIds: payload.tribeMateIds });
    },
    tribeCandidatesLoaded(state, { payload }: PayloadAction<{ tribes: Tribe[] }>) {
      sectionLoaded(state, 'tribes', { tribes: payload.tribes });
    },
    sectionFailed(state, action: PayloadAction<{ section: DashboardSection; error: SerializedError }>) {
      state.sections[action.payload.section] = { status: 'failed', error: action.payload.error };
    },
  },
  extraReducers: (builder) => {
    // Another user must never see the previous user's tribes, projects or requests.
    resetOnSignOut(builder, initialDashboardState);
  },
  selectors: {
    selectDashboardOpen: (state) => state.open,
    selectDashboardSections: (state) => state.sections,
    selectMyTribes: (state) => state.myTribes,
  },
});

export const {
  opened: dashboardOpened,
  closed: dashboardClosed,
  myTribesLoaded,
  myProjectsLoaded,
  peopleLoaded,
  projectCandidatesLoaded,
  tribeCandidatesLoaded,
  sectionFailed,
} = dashboardSlice.actions;
/** The dashboard state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectDashboard = selectLazySlice(dashboardSlice);
export const { selectDashboardOpen, selectDashboardSections, selectMyTribes } =
  dashboardSlice.getSelectors(selectDashboard);
export default dashboardSlice.reducer;

// ---- derived data, memoized: recomputed when the candidates or the own profile change ----

type WithDashboard = MayHold<'dashboard' | 'safety'> & { session: SessionState };

const selectUid = (state: WithDashboard) => state.session.user?.uid ?? null;
const selectOwnProfile = (state: WithDashboard): UserProfile | null => state.session.user?.profile ?? null;

export const selectProfileCompleteness = createSelector([selectOwnProfile], (profile) =>
  profile ? profileCompleteness(profile) : null,
);

const selectFriendIds = createSelector([selectOwnProfile], (profile) =>
  (profile?.friends ?? []).map((friend) => friend.id),
);

interface MyProjectRow {
  project: Project;
  isOwner: boolean;
  /** Requests waiting for the user's answer (owners only; 0 otherwise). */
  pendingRequests: number;
}

export const selectMyProjects = createSelector([selectDashboard, selectUid], (dashboard, uid): MyProjectRow[] =>
  dashboard.myProjects.map((project) => {
    const isOwner = project.ownerId === uid;
    return { project, isOwner, pendingRequests: isOwner ? (dashboard.pendingRequests[project.id] ?? 0) : 0 };
  }),
);

/** People with a friend request pending either way: the relationship button already says it. */
const selectPendingPeople = createSelector([selectOwnProfile], (profile) => {
  const ids = new Set<string>();
  for (const request of profile?.friendRequests ?? []) if (request.status === 'pending') ids.add(request.senderId);
  for (const request of profile?.sentFriendRequests ?? [])
    if (request.status === 'pending') ids.add(request.receiverId);
  return ids;
});

const selectExploreViewer = createSelector(
  [selectUid, selectOwnProfile, selectFriendIds],
  (uid, profile, friendIds): ExploreViewer => ({ uid, skills: profile?.skills ?? [], friendIds }),
);

export const selectPeopleRecommendations = createSelector(
  [(state: WithDashboard) => selectDashboard(state).people, selectExploreViewer, selectPendingPeople, selectBlockedIds],
  (people, viewer, pending, blocked) =>
    recommendPeople(
      rankPeople(blocked.size === 0 ? people : people.filter((person) => !blocked.has(person.id)), viewer),
      viewer.friendIds,
      pending,
    ),
);

const selectMatchViewer = createSelector(
  [selectExploreViewer, (state: WithDashboard) => selectDashboard(state).tribeMateIds],
  (viewer, tribeMateIds): MatchViewer => ({
    id: viewer.uid,
    skills: viewer.skills,
    friendIds: viewer.friendIds,
    tribeMateIds,
  }),
);

export const selectProjectRecommendations = createSelector(
  [(state: WithDashboard) => selectDashboard(state).projects, selectMatchViewer],
  (projects, viewer) => recommendProjects(projects, viewer),
);

export const selectTribeRecommendations = createSelector(
  [(state: WithDashboard) => selectDashboard(state).tribes, selectMyTribes, selectExploreViewer],
  (tribes, myTribes, viewer) => recommendTribes(tribes, new Set(myTribes.map((tribe) => tribe.id)), viewer.skills),
);
