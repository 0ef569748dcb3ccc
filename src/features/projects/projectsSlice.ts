import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';

import type { MayHold } from '../../app/lazySlice';
import { selectLazySlice } from '../../app/lazySlice';
import type { InFlight, OperationOutcome, SubmissionState } from '../../app/sagas';
import {
  operationReducers,
  resetOnSignOut,
  submissionFailed,
  submissionPending,
  submissionSucceeded,
} from '../../app/sagas';
import type { SerializedError } from '../../backend/port';
import { compareText, textKey, uniqueTexts } from '../../domain/compareText';
import type { MatchResult, MatchViewer, Ranked } from '../../domain/matchScore';
import { matchScore, rankByMatch } from '../../domain/matchScore';
import type {
  Project,
  ProjectApplication,
  ProjectDraft,
  ProjectFieldErrors,
  ProjectOperation,
  ProjectStatus,
} from '../../domain/projectTypes';
import type { SessionState } from '../session';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** What a project operation is about: a request to join the project. */
export interface ProjectSubject {
  projectId: string;
  /** The applicant the owner answers (approve, decline); null for the viewer's own request (apply, withdraw). */
  applicantId: string | null;
}

export type ProjectOutcome = OperationOutcome<ProjectOperation, ProjectSubject>;

export interface ProjectsState {
  list: { status: LoadStatus; projects: Project[]; error: SerializedError | null };
  /** People sharing a tribe with the viewer: the social part of the match score. */
  tribeMateIds: string[];
  create: SubmissionState<ProjectFieldErrors> & { projectId: string | null };
  details: {
    projectId: string | null;
    status: LoadStatus | 'notFound';
    project: Project | null;
    error: SerializedError | null;
    /** The owner's view: every request to the project, newest first. */
    applications: ProjectApplication[];
    /** Anyone else's view: their own request, if any. */
    ownApplication: ProjectApplication | null;
  };
  /** Operations asked for and not finished, keyed by operationKey. */
  inFlight: InFlight<ProjectOperation, ProjectSubject>;
  lastOutcome: ProjectOutcome | null;
}

export const initialProjectsState: ProjectsState = {
  list: { status: 'idle', projects: [], error: null },
  tribeMateIds: [],
  create: { status: 'idle', message: null, fieldErrors: {}, projectId: null },
  details: { projectId: null, status: 'idle', project: null, error: null, applications: [], ownApplication: null },
  inFlight: {},
  lastOutcome: null,
};

/**
 * The queue and busy flag of a project operation: the viewer's own request to a project (apply and
 * withdraw share it, so they run in the order asked) or the owner's answer to one applicant.
 */
export const operationKey = (operation: ProjectOperation, projectId: string, applicantId: string | null) =>
  operation === 'apply' || operation === 'withdraw' ? `own:${projectId}` : `answer:${projectId}:${applicantId}`;

const operations = operationReducers<ProjectOperation, ProjectSubject>((operation, { projectId, applicantId }) =>
  operationKey(operation, projectId, applicantId),
);

const ownRequest = ({ projectId }: { projectId: string }) => ({ projectId, applicantId: null });
const answer = ({ projectId, applicantId }: { projectId: string; applicantId: string }) => ({ projectId, applicantId });

const byNewest = (a: ProjectApplication, b: ProjectApplication) => b.createdAt - a.createdAt;

const projectsSlice = createSlice({
  name: 'projects',
  initialState: initialProjectsState,
  reducers: {
    /** The list page opened (or Retry): projects are read again. */
    listOpened(state) {
      // Projects read earlier stay on screen while the new read runs.
      state.list.status = state.list.projects.length > 0 ? 'ready' : 'loading';
      state.list.error = null;
    },
    listLoaded(state, action: PayloadAction<{ projects: Project[] }>) {
      state.list = { status: 'ready', projects: action.payload.projects, error: null };
    },
    listFailed(state, action: PayloadAction<SerializedError>) {
      state.list.status = 'failed';
      state.list.error = action.payload;
    },
    tribeMatesLoaded(state, action: PayloadAction<{ tribeMateIds: string[] }>) {
      state.tribeMateIds = action.payload.tribeMateIds;
    },
    createFormOpened(state) {
      state.create = initialProjectsState.create;
    },
    createSubmitted(state, _action: PayloadAction<ProjectDraft>) {
      state.create = { ...submissionPending(), projectId: null };
    },
    projectCreated(state, action: PayloadAction<{ projectId: string; message: string }>) {
      state.create = { ...submissionSucceeded(action.payload.message), projectId: action.payload.projectId };
    },
    createFailed(state, action: PayloadAction<{ message: string; fieldErrors: ProjectFieldErrors }>) {
      state.create = { ...submissionFailed(action.payload.message, action.payload.fieldErrors), projectId: null };
    },
    /** The details page opened: the project and its requests are followed live until detailsClosed. */
    detailsOpened(state, action: PayloadAction<{ projectId: string }>) {
      const same = state.details.projectId === action.payload.projectId && state.details.project !== null;
      if (!same) {
        state.details = { ...initialProjectsState.details, projectId: action.payload.projectId, status: 'loading' };
      }
      state.lastOutcome = null;
    },
    detailsClosed(_state, _action: PayloadAction<{ projectId: string }>) {},
    projectReceived(state, action: PayloadAction<{ project: Project }>) {
      if (state.details.projectId !== action.payload.project.id) return;
      state.details.project = action.payload.project;
      state.details.status = 'ready';
      state.details.error = null;
    },
    projectNotFound(state, action: PayloadAction<{ projectId: string }>) {
      if (state.details.projectId !== action.payload.projectId) return;
      state.details.project = null;
      state.details.status = 'notFound';
    },
    detailsFailed(state, action: PayloadAction<{ projectId: string; error: SerializedError }>) {
      if (state.details.projectId !== action.payload.projectId) return;
      state.details.status = 'failed';
      state.details.error = action.payload.error;
    },
    applicationsReceived(state, action: PayloadAction<{ projectId: string; applications: ProjectApplication[] }>) {
      if (state.details.projectId !== action.payload.projectId) return;
      state.details.applications = [...action.payload.applications].sort(byNewest);
    },
    ownApplicationReceived(
      state,
      action: PayloadAction<{ projectId: string; application: ProjectApplication | null }>,
    ) {
      if (state.details.projectId !== action.payload.projectId) return;
      state.details.ownApplication = action.payload.application;
    },
    joinRequested: operations.request('apply', (payload: { projectId: string; note: string }) => ownRequest(payload)),
    withdrawRequested: operations.request('withdraw', (payload: { projectId: string }) => ownRequest(payload)),
    approveRequested: operations.request('approve', answer),
    declineRequested: operations.request('decline', answer),
    operationFinished: operations.finished,
  },
  extraReducers: (builder) => {
    // Another user must never see the previous user's requests or half-filled form.
    resetOnSignOut(builder, initialProjectsState);
  },
  selectors: {
    selectProjectList: (state) => state.list,
    selectCreateState: (state) => state.create,
    selectProjectDetails: (state) => state.details,
    selectProjectsInFlight: (state) => state.inFlight,
    selectProjectOutcome: (state) => state.lastOutcome,
    selectTribeMateIds: (state) => state.tribeMateIds,
  },
});

export const {
  listOpened,
  listLoaded,
  listFailed,
  tribeMatesLoaded,
  createFormOpened,
  createSubmitted,
  projectCreated,
  createFailed,
  detailsOpened,
  detailsClosed,
  projectReceived,
  projectNotFound,
  detailsFailed,
  applicationsReceived,
  ownApplicationReceived,
  joinRequested,
  withdrawRequested,
  approveRequested,
  declineRequested,
  operationFinished,
} = projectsSlice.actions;

/** The projects state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectProjectsState = selectLazySlice(projectsSlice);

export const {
  selectProjectList,
  selectCreateState,
  selectProjectDetails,
  selectProjectsInFlight,
  selectProjectOutcome,
  selectTribeMateIds,
} = projectsSlice.getSelectors(selectProjectsState);

export default projectsSlice.reducer;

// ---- the match score over the live own profile, memoized per viewer and project list ----

type WithProjects = MayHold<'projects'> & { session: SessionState };

const EMPTY: readonly never[] = [];
const selectViewerUid = (state: WithProjects) => state.session.user?.uid ?? null;
const selectViewerSkills = (state: WithProjects) => state.session.user?.profile.skills ?? EMPTY;
const selectViewerFriends = (state: WithProjects) => state.session.user?.profile.friends ?? EMPTY;

export const selectMatchViewer = createSelector(
  [selectViewerUid, selectViewerSkills, selectViewerFriends, selectTribeMateIds],
  (id, skills, friends, tribeMateIds): MatchViewer => ({
    id,
    skills,
    friendIds: friends.map((friend) => friend.id),
    tribeMateIds,
  }),
);

const asMatchProject = (project: Project) => ({ ...project, team: project.members });

/** Every loaded project with its match, best first (newest first among equal scores). */
export const selectRankedProjects = createSelector(
  [(state: WithProjects) => selectProjectList(state).projects, selectMatchViewer],
  (projects, viewer): Ranked<Project>[] =>
    rankByMatch(projects.map(asMatchProject), viewer).map(({ item, match }) => ({ item: stripTeam(item), match })),
);

function stripTeam(project: Project & { team: unknown }): Project {
  const { team: _team, ...rest } = project;
  return rest;
}

export interface ProjectFilters {
  /** '' for any */
  skill: string;
  status: ProjectStatus | '';
}

export function filterRankedProjects(ranked: readonly Ranked<Project>[], filters: ProjectFilters): Ranked<Project>[] {
  const skill = textKey(filters.skill);
  return ranked.filter(
    ({ item }) =>
      (!filters.status || item.status === filters.status) &&
      (!skill || item.requiredSkills.some((required) => textKey(required) === skill)),
  );
}

/** Required skills of the loaded projects, one spelling each, alphabetical: the skill filter's options. */
export const selectProjectSkillOptions = createSelector(
  [(state: WithProjects) => selectProjectList(state).projects],
  (projects) =>
    uniqueTexts(projects.flatMap((project) => project.requiredSkills.map((skill) => skill.trim()))).sort(compareText),
);

/** The viewer's match for the project on the details page. */
export const selectDetailsMatch = createSelector(
  [(state: WithProjects) => selectProjectDetails(state).project, selectMatchViewer],
  (project, viewer): MatchResult | null => (project ? matchScore(viewer, asMatchProject(project)) : null),
);
