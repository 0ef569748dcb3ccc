import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';

import { selectLazySlice } from '../../app/lazySlice';
import { resetOnSignOut } from '../../app/sagas';
import type { ListedPerson, ModerationItem, ReportTarget, SafetyOperation } from '../../domain/safetyTypes';

export interface SafetyOutcome {
  operation: SafetyOperation;
  /** The person, post, member or report the operation was about. */
  targetId: string;
  success: boolean;
  message: string;
  /** Grows with every outcome, so a component reacts to each one once. */
  seq: number;
}

export type ListStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface SafetyState {
  /** People the viewer blocked, by name (live). */
  blocked: ListedPerson[];
  /** People the viewer muted, by name (live). */
  muted: ListedPerson[];
  listsStatus: ListStatus;
  /** The account's moderator claim. */
  isModerator: boolean;
  /** Operations in flight, keyed `${operation}:${targetId}`. */
  inFlight: Record<string, SafetyOperation>;
  lastOutcome: SafetyOutcome | null;
  /** The report being sent or last sent, keyed `${kind}:${id}`, with its answer. */
  report: { key: string | null; status: 'idle' | 'sending' | 'sent' | 'failed'; message: string | null };
  moderation: { status: ListStatus; items: ModerationItem[]; error: string | null };
}

export const initialSafetyState: SafetyState = {
  blocked: [],
  muted: [],
  listsStatus: 'idle',
  isModerator: false,
  inFlight: {},
  lastOutcome: null,
  report: { key: null, status: 'idle', message: null },
  moderation: { status: 'idle', items: [], error: null },
};

export const safetyKey = (operation: SafetyOperation, targetId: string) => `${operation}:${targetId}`;
export const reportKey = (target: Pick<ReportTarget, 'kind' | 'id'>) => `${target.kind}:${target.id}`;

const safetySlice = createSlice({
  name: 'safety',
  initialState: initialSafetyState,
  reducers: {
    blockRequested(state, action: PayloadAction<{ person: ListedPerson }>) {
      state.inFlight[safetyKey('block', action.payload.person.id)] = 'block';
    },
    unblockRequested(state, action: PayloadAction<{ person: ListedPerson }>) {
      state.inFlight[safetyKey('unblock', action.payload.person.id)] = 'unblock';
    },
    muteRequested(state, action: PayloadAction<{ person: ListedPerson }>) {
      state.inFlight[safetyKey('mute', action.payload.person.id)] = 'mute';
    },
    unmuteRequested(state, action: PayloadAction<{ person: ListedPerson }>) {
      state.inFlight[safetyKey('unmute', action.payload.person.id)] = 'unmute';
    },
    /** A tribe's owner (or a moderator) removes someone's post. */
    postRemovalRequested(state, action: PayloadAction<{ postId: string; tribeId: string }>) {
      state.inFlight[safetyKey('removePost', action.payload.postId)] = 'removePost';
    },
    memberRemovalRequested(state, action: PayloadAction<{ tribeId: string; member: ListedPerson }>) {
      state.inFlight[safetyKey('removeMember', action.payload.member.id)] = 'removeMember';
    },
    reportSubmitted(state, action: PayloadAction<{ target: ReportTarget; reason: string; details: string }>) {
      state.report = { key: reportKey(action.payload.target), status: 'sending', message: null };
    },
    reportAnswered(state, action: PayloadAction<{ target: ReportTarget; success: boolean; message: string }>) {
      const key = reportKey(action.payload.target);
      if (state.report.key !== key) return;
      state.report = { key, status: action.payload.success ? 'sent' : 'failed', message: action.payload.message };
    },
    /** The report dialog was opened again or closed: the previous answer no longer applies. */
    reportDialogReset(state) {
      state.report = initialSafetyState.report;
    },
    operationFinished(state, action: PayloadAction<Omit<SafetyOutcome, 'seq'>>) {
      delete state.inFlight[safetyKey(action.payload.operation, action.payload.targetId)];
      state.lastOutcome = { ...action.payload, seq: (state.lastOutcome?.seq ?? 0) + 1 };
    },
    outcomeDismissed(state) {
      state.lastOutcome = null;
    },
    blockedListReceived(state, action: PayloadAction<{ people: ListedPerson[] }>) {
      state.blocked = action.payload.people;
      state.listsStatus = 'ready';
    },
    mutedListReceived(state, action: PayloadAction<{ people: ListedPerson[] }>) {
      state.muted = action.payload.people;
    },
    listsFailed(state, _action: PayloadAction<{ message: string }>) {
      state.listsStatus = 'failed';
    },
    moderatorClaimChecked(state, action: PayloadAction<{ isModerator: boolean }>) {
      state.isModerator = action.payload.isModerator;
    },
    moderationQueueOpened(state) {
      state.moderation.status = state.moderation.status === 'ready' ? 'ready' : 'loading';
      state.moderation.error = null;
    },
    moderationQueueLoaded(state, action: PayloadAction<{ items: ModerationItem[] }>) {
      state.moderation = { status: 'ready', items: action.payload.items, error: null };
    },
    moderationQueueFailed(state, action: PayloadAction<{ message: string }>) {
      state.moderation.status = 'failed';
      state.moderation.error = action.payload.message;
    },
    reportDismissRequested(state, action: PayloadAction<{ reportId: string }>) {
      state.inFlight[safetyKey('dismiss', action.payload.reportId)] = 'dismiss';
    },
    reportActionRequested(state, action: PayloadAction<{ reportId: string }>) {
      state.inFlight[safetyKey('act', action.payload.reportId)] = 'act';
    },
  },
  extraReducers: (builder) => {
    // Signing out (or in as someone else) must not leak the previous user's lists or claim.
    resetOnSignOut(builder, initialSafetyState);
  },
  selectors: {
    selectBlockedPeople: (state) => state.blocked,
    selectMutedPeople: (state) => state.muted,
    selectSafetyListsStatus: (state) => state.listsStatus,
    selectIsModerator: (state) => state.isModerator,
    selectSafetyInFlight: (state) => state.inFlight,
    selectLastSafetyOutcome: (state) => state.lastOutcome,
    selectReportState: (state) => state.report,
    selectModerationQueue: (state) => state.moderation,
  },
});

export const {
  blockRequested,
  unblockRequested,
  muteRequested,
  unmuteRequested,
  postRemovalRequested,
  memberRemovalRequested,
  reportSubmitted,
  reportAnswered,
  reportDialogReset,
  operationFinished,
  outcomeDismissed,
  blockedListReceived,
  mutedListReceived,
  listsFailed,
  moderatorClaimChecked,
  moderationQueueOpened,
  moderationQueueLoaded,
  moderationQueueFailed,
  reportDismissRequested,
  reportActionRequested,
} = safetySlice.actions;

/** The safety state, or its initial state where the store holds none (app/lazySlice.ts). */
const selectSafetyState = selectLazySlice(safetySlice);

export const {
  selectBlockedPeople,
  selectMutedPeople,
  selectSafetyListsStatus,
  selectIsModerator,
  selectSafetyInFlight,
  selectLastSafetyOutcome,
  selectReportState,
  selectModerationQueue,
} = safetySlice.getSelectors(selectSafetyState);

export default safetySlice.reducer;

/** Ids of people the viewer blocked: their posts collapse, they leave explore and suggestions. */
export const selectBlockedIds = createSelector([selectBlockedPeople], (people) => new Set(people.map((p) => p.id)));
/** Ids of people the viewer muted: their posts and notifications are hidden. */
export const selectMutedIds = createSelector([selectMutedPeople], (people) => new Set(people.map((p) => p.id)));
