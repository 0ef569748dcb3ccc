// A tribe's feed as ranges of posts, each followed live while the tribe page is open (the saga
// keeps one subscription per range: tribeWatchSagas.ts, followFeed), so counts, deletions and
// removals show on every page loaded, not only the first. Pure functions over plain data.
//
// New posts only ever enter at the top (a post's createdAt is the server's time), so a range
// bounded by cursors keeps its posts: only deletions take some out. The ranges tile the feed,
// newest first, each starting after (startAfter) the cursor the range above ends at:
//
//   the head     from the newest post: the newest POSTS_PAGE_SIZE. Once newer posts push some
//                of its posts down, it is anchored (endAt the cursor it ended at) and grows
//                with the new posts instead; holding two pages, it splits off the older one.
//   Load more    the next POSTS_PAGE_SIZE posts after the range above. A deletion inside pulls
//                the next post up into it, which the range below may show as well: the feed
//                shows each post once.
//
// Cursors are (createdAt, postId) values; startAfter and endAt of one cursor compare against the
// same point on both backends, so ranges neither overlap nor leave a gap at their seam.
import type { DocValue } from '../../domain/docData';
import { comparePosts, feedCursor } from '../../domain/tribeLogic';
import type { TribePost } from '../../domain/tribeTypes';
import { POSTS_PAGE_SIZE } from '../../domain/tribeTypes';

/** The (createdAt, postId) values of a post (feedCursor). */
export type FeedCursor = DocValue[];

export interface FeedRange {
  /** The newer bound, left out (startAfter); null: from the newest post. */
  after: FeedCursor | null;
  /** The older bound, included (endAt); null: the next POSTS_PAGE_SIZE posts. */
  until: FeedCursor | null;
  /** null until its subscription first answers. */
  posts: TribePost[] | null;
}

export interface FeedState {
  /** Newest first; the first is the head. Empty while no tribe is open. */
  ranges: FeedRange[];
}

/** An anchored head holding this many posts splits (its query reads up to QUERY_PAGE_MAX, 50). */
export const HEAD_SPLIT_AT = 2 * POSTS_PAGE_SIZE;

/** A range's identity: its bounds. A new key is a new query, and a new subscription. */
export const rangeKey = (range: Pick<FeedRange, 'after' | 'until'>): string =>
  JSON.stringify([range.after, range.until]);

const HEAD: FeedRange = { after: null, until: null, posts: null };

/** The key of the head as a tribe page opens it (the newest page, not anchored). */
export const HEAD_KEY = rangeKey(HEAD);

export const closedFeed: FeedState = { ranges: [] };

/** A tribe page opening: its head alone, loading. */
export const openedFeed = (): FeedState => ({ ranges: [HEAD] });

/** Posts of `previous` that `next` (a full newest page) no longer holds because newer ones pushed them below it. */
function pushedDown(previous: readonly TribePost[], next: readonly TribePost[]): TribePost[] {
  const last = next[next.length - 1];
  if (next.length < POSTS_PAGE_SIZE || !last) return [];
  const kept = new Set(next.map((post) => post.id));
  // A post missing from inside the page's range was deleted; one below its new end was pushed.
  return previous.filter((post) => !kept.has(post.id) && comparePosts(last, post) < 0);
}

/** A range's subscription answered. An answer for a range no longer there (replaced meanwhile) changes nothing. */
export function rangeReceived(feed: FeedState, key: string, posts: TribePost[]): FeedState {
  const index = feed.ranges.findIndex((range) => rangeKey(range) === key);
  const range = feed.ranges[index];
  if (!range) return feed;
  const ranges = [...feed.ranges];
  ranges[index] = { ...range, posts };
  if (index > 0) return { ranges };
  if (range.until === null) {
    const pushed = pushedDown(range.posts ?? [], posts);
    const previousLast = range.posts?.[range.posts.length - 1];
    if (pushed.length === 0 || !previousLast) return { ranges };
    // Anchored where the range below starts (or where the head ended): the pushed posts stay on
    // screen, and live, as the anchored head's new query holds them.
    const until = ranges[1]?.after ?? feedCursor(previousLast);
    ranges[0] = { after: null, until, posts: [...posts, ...pushed].sort(comparePosts) };
    return { ranges };
  }
  if (posts.length < HEAD_SPLIT_AT) return { ranges };
  const top = posts.slice(0, POSTS_PAGE_SIZE);
  const cut = feedCursor(top[top.length - 1]!);
  ranges.splice(
    0,
    1,
    { after: null, until: cut, posts: top },
    { after: cut, until: range.until, posts: posts.slice(POSTS_PAGE_SIZE) },
  );
  return { ranges };
}

/** "Load more": a range after the last one, unless one is loading or nothing can follow. */
export function moreRequested(feed: FeedState): FeedState {
  const bottom = feed.ranges[feed.ranges.length - 1];
  if (!bottom?.posts) return feed;
  const last = bottom.posts[bottom.posts.length - 1];
  const after = bottom.until ?? (last ? feedCursor(last) : null);
  if (!after) return feed;
  return { ranges: [...feed.ranges, { after, until: null, posts: null }] };
}

/**
 * A range's subscription failed. One still loading goes (Load more may be asked again); one
 * loaded keeps what it showed, no longer live.
 */
export function rangeFailed(feed: FeedState, key: string): FeedState {
  return { ranges: feed.ranges.filter((range, index) => index === 0 || range.posts || rangeKey(range) !== key) };
}

export function removePost(feed: FeedState, postId: string): FeedState {
  return {
    ranges: feed.ranges.map((range) =>
      range.posts?.some((post) => post.id === postId)
        ? { ...range, posts: range.posts.filter((post) => post.id !== postId) }
        : range,
    ),
  };
}

/** Every post of every range, newest first, each once. */
export function feedPosts(feed: FeedState): TribePost[] {
  const seen = new Set<string>();
  const posts: TribePost[] = [];
  for (const range of feed.ranges)
    for (const post of range.posts ?? []) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  return posts.sort(comparePosts);
}

/** A page is loading below the others. */
export const isLoadingMore = (feed: FeedState): boolean =>
  feed.ranges.length > 1 && feed.ranges[feed.ranges.length - 1]!.posts === null;

/**
 * Whether "Load more" may find posts: the last range is loading, was full, or is bounded (the
 * head anchored after newer posts pushed its end down: posts may lie below).
 */
export function hasMore(feed: FeedState): boolean {
  const bottom = feed.ranges[feed.ranges.length - 1];
  if (!bottom) return false;
  if (!bottom.posts) return feed.ranges.length > 1;
  return bottom.until !== null || bottom.posts.length >= POSTS_PAGE_SIZE;
}

/** Whether the post is in the head (the first page, where the viewer's own reactions are followed live too). */
export const isInHead = (feed: FeedState, postId: string): boolean =>
  feed.ranges[0]?.posts?.some((post) => post.id === postId) ?? false;
