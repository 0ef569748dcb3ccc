import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';

import { selectLazySlice } from '../../app/lazySlice';
import type { FinishedOperation, InFlight, OperationRequest, SubmissionState } from '../../app/sagas';
import { resetOnSignOut, submissionFailed, submissionPending, submissionSucceeded } from '../../app/sagas';
import { withoutSubmitted } from '../../domain/tribeLogic';
import type { Tribe, TribeInput, TribeMember, TribePost } from '../../domain/tribeTypes';
import type { TribeInputErrors } from '../../domain/tribeValidation';
import type { FeedState } from './feedRanges';
import {
  closedFeed,
  HEAD_KEY,
  moreRequested,
  openedFeed,
  rangeFailed,
  rangeKey,
  rangeReceived,
  removePost,
} from './feedRanges';
import type { TribeOperation, TribeOutcome, TribeSubject } from './tribeOperations';
import { operations } from './tribeOperations';

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
  create: SubmissionState<TribeInputErrors> & { tribeId: string | null };
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
      state.create = { ...submissionPending(), tribeId: null };
    },
    tribeCreated(state, action: PayloadAction<{ tribeId: string; message: string }>) {
      state.create = { ...submissionSucceeded(action.payload.message), tribeId: action.payload.tribeId };
    },
    createFailed(state, action: PayloadAction<{ message: string; fieldErrors: TribeInputErrors }>) {
      state.create = { ...submissionFailed(action.payload.message, action.payload.fieldErrors), tribeId: null };
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
