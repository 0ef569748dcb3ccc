// Derived tribes data for the pages: directory search, the feed's posts, members and requests.
import { createSelector } from '@reduxjs/toolkit';

import type { MayHold } from '../../app/lazySlice';
import { compareText } from '../../domain/compareText';
import { searchTribes } from '../../domain/tribeLogic';
import type { TribeSort } from '../../domain/tribeTypes';
import type { SessionState } from '../session';
import { feedPosts, hasMore, isInHead, isLoadingMore } from './feedRanges';
import { selectDirectory, selectTribeDetails } from './tribesSlice';

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
