import type { PayloadAction } from '@reduxjs/toolkit';
import { createSelector, createSlice } from '@reduxjs/toolkit';

import { selectLazySlice } from '../../app/lazySlice';
import type { InFlight, OperationOutcome } from '../../app/sagas';
import { operationReducers, resetOnSignOut } from '../../app/sagas';
import type { ListedPerson, ModerationItem, ReportTarget, SafetyOperation } from '../../domain/safetyTypes';

/** What a safety operation is about: the person, post, member or report. */
export interface SafetySubject {
  targetId: string;
}

/** The operations that end in operationFinished; a report answers through `report` below. */
export type SafetyOutcomeOperation = Exclude<SafetyOperation, 'report'>;

export type SafetyOutcome = OperationOutcome<SafetyOutcomeOperation, SafetySubject>;

export type ListStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface SafetyState {
  /** People the viewer blocked, by name (live). */
  blocked: ListedPerson[];
  /** People the viewer muted, by name (live). */
  muted: ListedPerson[];
  listsStatus: ListStatus;
  /** The account's moderator claim. */
  isModerator: boolean;
  /** Operations asked for and not finished, keyed by safetyKey. */
  inFlight: InFlight<SafetyOutcomeOperation, SafetySubject>;
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

/**
 * The queue and busy flag of a safety operation on a target: blocking, unblocking, muting and
 * unmuting one person share one (they run in the order asked); so do dismissing and acting on
 * one report; each post and each member removal has its own.
 */
export function safetyKey(operation: SafetyOutcomeOperation, targetId: string): string {
  switch (operation) {
    case 'block':
    case 'unblock':
    case 'mute':
    case 'unmute':
      return `person:${targetId}`;
    case 'dismiss':
    case 'act':
      return `report:${targetId}`;
    case 'removePost':
      return `post:${targetId}`;
    case 'removeMember':
      return `member:${targetId}`;
  }
}

const operations = operationReducers<SafetyOutcomeOperation, SafetySubject>((operation, { targetId }) =>
  safetyKey(operation, targetId),
);

const aboutPerson = ({ person }: { person: ListedPerson }) => ({ targetId: person.id });
const aboutReport = ({ reportId }: { reportId: string }) => ({ targetId: reportId });
export const reportKey = (target: Pick<ReportTarget, 'kind' | 'id'>) => `${target.kind}:${target.id}`;

const safetySlice = createSlice({
  name: 'safety',
  initialState: initialSafetyState,
  reducers: {
    blockRequested: operations.request('block', aboutPerson),
    unblockRequested: operations.request('unblock', aboutPerson),
    muteRequested: operations.request('mute', aboutPerson),
    unmuteRequested: operations.request('unmute', aboutPerson),
    /** A tribe's owner (or a moderator) removes someone's post. */
    postRemovalRequested: operations.request('removePost', (payload: { postId: string; tribeId: string }) => ({
      targetId: payload.postId,
    })),
    memberRemovalRequested: operations.request(
      'removeMember',
      (payload: { tribeId: string; member: ListedPerson }) => ({ targetId: payload.member.id }),
    ),
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
    operationFinished: operations.finished,
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
    reportDismissRequested: operations.request('dismiss', aboutReport),
    reportActionRequested: operations.request('act', aboutReport),
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
