import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';

import type { MayHold } from '../../app/lazySlice';
import { selectLazySlice } from '../../app/lazySlice';
import type { FinishedOperation, InFlight, OperationOutcome, OperationRequest } from '../../app/sagas';
import { operationReducers, resetOnSignOut } from '../../app/sagas';
import { compareText } from '../../domain/compareText';
import { searchTribes, withoutSubmitted } from '../../domain/tribeLogic';
import type { Tribe, TribeInput, TribeMember, TribePost, TribeSort } from '../../domain/tribeTypes';
import type { TribeInputErrors } from '../../domain/tribeValidation';
import type { SessionState } from '../session';
import type { FeedState } from './feedRanges';
import {
  closedFeed,
  feedPosts,
  HEAD_KEY,
  hasMore,
  isInHead,
  isLoadingMore,
  moreRequested,
  openedFeed,
  rangeFailed,
  rangeKey,
  rangeReceived,
  removePost,
} from './feedRanges';

export type TribeOperation = 'join' | 'leave' | 'approve' | 'decline' | 'post' | 'deletePost';

/** What a tribe operation is about. */
export interface TribeSubject {
  tribeId: string;
  /** The applicant (approve, decline) or the post (deletePost); '' otherwise. */
  targetId: string;
  /** The submitted text, for posts: the composer clears exactly that text once it is published. */
  body?: string;
}

export type TribeOutcome = OperationOutcome<TribeOperation, TribeSubject>;

/** A tribe's post composer; kept here so no outcome is missed and typed text outlives the page. */
export interface PostComposerState {
  draft: string;
  /** Texts submitted and not answered yet, in the order they were submitted. */
  sending: string[];
  /** Why the last submission was refused; its text stays in the draft. */
  error: string | null;
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface TribeDetailsState {
  tribeId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';
  tribe: Tribe | null;
  error: string | null;
  /** The viewer's own membership or join request; null when neither. */
  membership: TribeMember | null;
  /** 'loading' until the membership is known: until then null means "not known yet", not "not a member". */
  membershipStatus: LoadStatus;
  members: TribeMember[];
  membersStatus: LoadStatus;
  /** The posts, by range, each followed live while the page is open (feedRanges.ts). */
  feed: FeedState;
  /** The head's: 'ready' once the newest posts are known. */
  feedStatus: LoadStatus;
  feedError: string | null;
}

export interface TribesState {
  directory: { status: LoadStatus; tribes: Tribe[]; error: string | null };
  create: {
    status: 'idle' | 'pending' | 'succeeded' | 'failed';
    message: string | null;
    fieldErrors: TribeInputErrors;
    tribeId: string | null;
  };
  details: TribeDetailsState;
  /** Operations asked for and not finished, keyed by operationKey. */
  inFlight: InFlight<TribeOperation, TribeSubject>;
  lastOutcome: TribeOutcome | null;
  /** By tribe id. */
  composers: Record<string, PostComposerState>;
}

const emptyDetails: TribeDetailsState = {
  tribeId: null,
  status: 'idle',
  tribe: null,
  error: null,
  membership: null,
  membershipStatus: 'idle',
  members: [],
  membersStatus: 'idle',
  feed: closedFeed,
  feedStatus: 'idle',
  feedError: null,
};

export const initialTribesState: TribesState = {
  directory: { status: 'idle', tribes: [], error: null },
  create: { status: 'idle', message: null, fieldErrors: {}, tribeId: null },
  details: emptyDetails,
  inFlight: {},
  lastOutcome: null,
  composers: {},
};

const emptyComposer: PostComposerState = { draft: '', sending: [], error: null };

/**
 * The queue and busy flag of a tribe operation on `id` (the tribe, the applicant or the post):
 * joining and leaving one tribe share one, so they run in the order asked; each applicant has
 * one (approve and decline), each tribe's composer one (posts publish in order), each post one.
 */
export function operationKey(operation: TribeOperation, id: string): string {
  switch (operation) {
    case 'join':
    case 'leave':
      return `membership:${id}`;
    case 'approve':
    case 'decline':
      return `applicant:${id}`;
    case 'post':
      return `post:${id}`;
    case 'deletePost':
      return `deletePost:${id}`;
  }
}

const operations = operationReducers<TribeOperation, TribeSubject>((operation, { tribeId, targetId }) =>
  operationKey(operation, targetId || tribeId),
);

type ForTribe = { tribeId: string };
const aboutTribe = ({ tribeId }: ForTribe) => ({ tribeId, targetId: '' });

const tribesSlice = createSlice({
  name: 'tribes',
  initialState: initialTribesState,
  reducers: {
    // ---- the directory (/tribes) ----
    directoryOpened(state) {
      // Tribes read earlier stay on screen while the live query reconnects.
      state.directory.status = state.directory.tribes.length > 0 ? 'ready' : 'loading';
      state.directory.error = null;
    },
    directoryClosed() {},
    directoryLoaded(state, action: PayloadAction<{ tribes: Tribe[] }>) {
      state.directory = { status: 'ready', tribes: action.payload.tribes, error: null };
    },
    directoryFailed(state, action: PayloadAction<{ message: string }>) {
      state.directory.status = 'failed';
      state.directory.error = action.payload.message;
    },

    // ---- creating ----
    createFormOpened(state) {
      state.create = initialTribesState.create;
    },
    createRequested(state, _action: PayloadAction<TribeInput>) {
      state.create = { status: 'pending', message: null, fieldErrors: {}, tribeId: null };
    },
    tribeCreated(state, action: PayloadAction<{ tribeId: string; message: string }>) {
      state.create = {
        status: 'succeeded',
        message: action.payload.message,
        fieldErrors: {},
        tribeId: action.payload.tribeId,
      };
    },
    createFailed(state, action: PayloadAction<{ message: string; fieldErrors: TribeInputErrors }>) {
      state.create = {
        status: 'failed',
        message: action.payload.message,
        fieldErrors: action.payload.fieldErrors,
        tribeId: null,
      };
    },

    // ---- one tribe (/tribes/:tribeId), followed live until closed ----
    tribeOpened(state, action: PayloadAction<ForTribe>) {
      if (state.details.tribeId === action.payload.tribeId && state.details.tribe) return;
      state.details = {
        ...emptyDetails,
        tribeId: action.payload.tribeId,
        status: 'loading',
        membershipStatus: 'loading',
        membersStatus: 'loading',
        feed: openedFeed(),
        feedStatus: 'loading',
      };
    },
    tribeClosed(_state, _action: PayloadAction<ForTribe>) {},
    tribeLoaded(state, action: PayloadAction<{ tribe: Tribe }>) {
      if (state.details.tribeId !== action.payload.tribe.id) return;
      state.details.tribe = action.payload.tribe;
      state.details.status = 'ready';
      state.details.error = null;
    },
    tribeNotFound(state, action: PayloadAction<ForTribe>) {
      if (state.details.tribeId !== action.payload.tribeId) return;
      state.details = { ...emptyDetails, tribeId: action.payload.tribeId, status: 'notFound' };
    },
    tribeFailed(state, action: PayloadAction<ForTribe & { message: string }>) {
      if (state.details.tribeId !== action.payload.tribeId) return;
      state.details.status = 'failed';
      state.details.error = action.payload.message;
    },
    membershipChanged(state, action: PayloadAction<ForTribe & { membership: TribeMember | null }>) {
      if (state.details.tribeId !== action.payload.tribeId) return;
      state.details.membership = action.payload.membership;
      state.details.membershipStatus = 'ready';
    },
    membersLoaded(state, action: PayloadAction<ForTribe & { members: TribeMember[] }>) {
      if (state.details.tribeId !== action.payload.tribeId) return;
      state.details.members = action.payload.members;
      state.details.membersStatus = 'ready';
    },
    membersFailed(state, action: PayloadAction<ForTribe>) {
      if (state.details.tribeId !== action.payload.tribeId) return;
      state.details.membersStatus = 'failed';
    },
    /** A range of the feed answered; `range` is its key (rangeKey), the head as opened when left out. */
    livePostsReceived(state, action: PayloadAction<ForTribe & { posts: TribePost[]; range?: string }>) {
      const details = state.details;
      if (details.tribeId !== action.payload.tribeId) return;
      const { posts, range = HEAD_KEY } = action.payload;
      const head = details.feed.ranges[0];
      details.feed = rangeReceived(details.feed, range, posts);
      if (!head || rangeKey(head) !== range) return;
      details.feedStatus = 'ready';
      details.feedError = null;
    },
    postsFailed(state, action: PayloadAction<ForTribe & { message: string }>) {
      if (state.details.tribeId !== action.payload.tribeId) return;
      state.details.feedStatus = 'failed';
      state.details.feedError = action.payload.message;
    },
    morePostsRequested(state, action: PayloadAction<ForTribe>) {
      if (state.details.tribeId === action.payload.tribeId) state.details.feed = moreRequested(state.details.feed);
    },
    /** A range below the head failed (`range`: its key). */
    morePostsFailed(state, action: PayloadAction<ForTribe & { range: string; message: string }>) {
      if (state.details.tribeId !== action.payload.tribeId) return;
      state.details.feed = rangeFailed(state.details.feed, action.payload.range);
      state.details.feedError = action.payload.message;
    },

    // ---- operations: requested by the page, finished by the saga ----
    joinRequested: operations.request('join', aboutTribe),
    leaveRequested: operations.request('leave', aboutTribe),
    approveRequested: operations.request('approve', ({ tribeId, uid }: ForTribe & { uid: string }) => ({
      tribeId,
      targetId: uid,
    })),
    declineRequested: operations.request('decline', ({ tribeId, uid }: ForTribe & { uid: string }) => ({
      tribeId,
      targetId: uid,
    })),
    draftChanged(state, action: PayloadAction<ForTribe & { draft: string }>) {
      const composer = (state.composers[action.payload.tribeId] ??= { ...emptyComposer, sending: [] });
      composer.draft = action.payload.draft;
      composer.error = null;
    },
    postRequested: {
      prepare: operations.prepare('post', ({ tribeId, body }: ForTribe & { body: string }) => ({
        tribeId,
        targetId: '',
        body,
      })),
      reducer(state, action: OperationRequest<ForTribe & { body: string }, TribeOperation, TribeSubject>) {
        const { tribeId, body } = action.payload;
        const composer = (state.composers[tribeId] ??= { ...emptyComposer, sending: [] });
        // The same text already on its way is a double click: the saga drops it too.
        if (!composer.sending.includes(body)) composer.sending.push(body);
        composer.error = null;
        operations.requested(state, action);
      },
    },
    deletePostRequested: operations.request('deletePost', ({ tribeId, postId }: ForTribe & { postId: string }) => ({
      tribeId,
      targetId: postId,
    })),
    operationFinished(state, action: PayloadAction<FinishedOperation<TribeOperation, TribeSubject>>) {
      const { operation, tribeId, targetId, success, body } = action.payload;
      const composer = operation === 'post' && body !== undefined ? state.composers[tribeId] : undefined;
      if (composer) {
        const index = composer.sending.indexOf(body!);
        if (index >= 0) composer.sending.splice(index, 1);
        if (success) {
          composer.draft = withoutSubmitted(composer.draft, body!);
        } else {
          composer.error = action.payload.message;
          // Refused: the text is never lost, even if the composer was cleared meanwhile.
          if (!composer.draft.includes(body!))
            composer.draft = composer.draft.trim() ? `${body!}\n\n${composer.draft}` : body!;
        }
      }
      operations.settled(state, action.payload);
      // The feed's subscriptions bring the deletion too; the author sees it at once.
      if (operation === 'deletePost' && success && state.details.tribeId === tribeId) {
        state.details.feed = removePost(state.details.feed, targetId);
      }
    },
    outcomeDismissed(state) {
      state.lastOutcome = null;
    },
  },
  extraReducers: (builder) => {
    // Another user signing in must not see the previous user's memberships or drafts.
    resetOnSignOut(builder, initialTribesState);
  },
  selectors: {
    selectDirectory: (state) => state.directory,
    selectCreateState: (state) => state.create,
    selectTribeDetails: (state) => state.details,
    selectTribesInFlight: (state) => state.inFlight,
    selectLastTribeOutcome: (state) => state.lastOutcome,
    selectComposer: (state, tribeId: string): PostComposerState => state.composers[tribeId] ?? emptyComposer,
  },
});

export const {
  directoryOpened,
  directoryClosed,
  directoryLoaded,
  directoryFailed,
  createFormOpened,
  createRequested,
  tribeCreated,
  createFailed,
  tribeOpened,
  tribeClosed,
  tribeLoaded,
  tribeNotFound,
  tribeFailed,
  membershipChanged,
  membersLoaded,
  membersFailed,
  livePostsReceived,
  postsFailed,
  morePostsRequested,
  morePostsFailed,
  joinRequested,
  leaveRequested,
  approveRequested,
  declineRequested,
  draftChanged,
  postRequested,
  deletePostRequested,
  operationFinished,
  outcomeDismissed,
} = tribesSlice.actions;

/** The tribes state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectTribesState = selectLazySlice(tribesSlice);

export const {
  selectDirectory,
  selectCreateState,
  selectTribeDetails,
  selectTribesInFlight,
  selectLastTribeOutcome,
  selectComposer,
} = tribesSlice.getSelectors(selectTribesState);

export default tribesSlice.reducer;

// ---- derived data ----

type WithTribes = MayHold<'tribes'> & { session: SessionState };

const EMPTY_SKILLS: readonly string[] = [];
const selectViewerSkills = (state: WithTribes) => state.session.user?.profile.skills ?? EMPTY_SKILLS;

export const selectTribeResults = createSelector(
  [
    (state: WithTribes) => selectDirectory(state).tribes,
    (_state: WithTribes, query: string) => query,
    (_state: WithTribes, _query: string, sort: TribeSort) => sort,
    selectViewerSkills,
  ],
  (tribes, query, sort, skills) => searchTribes(tribes, query, sort, skills),
);

/**
 * Whether the post is on the feed's first page (its head). Every page loaded is followed live;
 * conversations follow the viewer's own reactions live on this one.
 */
export const selectIsLivePost = (state: WithTribes, postId: string) => isInHead(selectTribeDetails(state).feed, postId);

const selectFeed = (state: WithTribes) => selectTribeDetails(state).feed;
export const selectFeedPosts = createSelector([selectFeed], feedPosts);
/** Whether "Load more" is offered, and whether it is loading. */
export const selectFeedHasMore = (state: WithTribes) => hasMore(selectFeed(state));
export const selectLoadingMore = (state: WithTribes) => isLoadingMore(selectFeed(state));

export const selectActiveMembers = createSelector(
  [(state: WithTribes) => selectTribeDetails(state).members],
  (members) =>
    members
      .filter((member) => member.status === 'active')
      .sort((a, b) => (a.role === b.role ? compareText(a.displayName, b.displayName) : a.role === 'owner' ? -1 : 1)),
);

export const selectJoinRequests = createSelector(
  [(state: WithTribes) => selectTribeDetails(state).members],
  (members) => members.filter((member) => member.status === 'pending').sort((a, b) => a.requestedAt - b.requestedAt),
);
