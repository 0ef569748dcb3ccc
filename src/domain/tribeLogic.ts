// Pure functions behind the tribes pages: directory search and sorts, and the post feed's
// live first page merged with the older pages loaded by "Load more".
import { compareIds, compareText, textKey } from './compareText';
import type { DocValue } from './docData';
import { searchKey } from './searchText';
import type { Tribe, TribePost, TribeSort } from './tribeTypes';

/** Topics of the tribe the viewer has among their skills (any case), in the tribe's order. */
export function sharedTopics(tribe: Tribe, skills: readonly string[]): string[] {
  const mine = new Set(skills.map(textKey));
  return tribe.topics.filter((topic) => mine.has(textKey(topic)));
}

/** Name or any topic contains the query (any case); an empty query matches every tribe. */
function matchesTribeQuery(tribe: Tribe, query: string): boolean {
  const needle = searchKey(query);
  if (!needle) return true;
  return searchKey(tribe.name).includes(needle) || tribe.topics.some((topic) => searchKey(topic).includes(needle));
}

const byName = (a: Tribe, b: Tribe) => compareText(a.name, b.name);

export function sortTribes(tribes: readonly Tribe[], sort: TribeSort, skills: readonly string[]): Tribe[] {
  const sorted = [...tribes];
  switch (sort) {
    case 'forYou': {
      const overlap = new Map(tribes.map((tribe) => [tribe.id, sharedTopics(tribe, skills).length]));
      // Equal overlap: the livelier tribe first.
      return sorted.sort(
        (a, b) =>
          (overlap.get(b.id) ?? 0) - (overlap.get(a.id) ?? 0) || b.lastActivityAt - a.lastActivityAt || byName(a, b),
      );
    }
    case 'active':
      return sorted.sort((a, b) => b.lastActivityAt - a.lastActivityAt || byName(a, b));
    case 'members':
      return sorted.sort((a, b) => b.memberCount - a.memberCount || byName(a, b));
    case 'newest':
      return sorted.sort((a, b) => b.createdAt - a.createdAt || byName(a, b));
  }
}

export function searchTribes(
  tribes: readonly Tribe[],
  query: string,
  sort: TribeSort,
  skills: readonly string[],
): Tribe[] {
  return sortTribes(
    tribes.filter((tribe) => matchesTribeQuery(tribe, query)),
    sort,
    skills,
  );
}

// ---------- the feed ----------

/** Feed order: newest first; equal times by id, descending, as the query orders them. */
function comparePosts(a: TribePost, b: TribePost): number {
  return b.createdAt - a.createdAt || compareIds(b.id, a.id);
}

/** The startAfter values for the page after `post` (the query orders by createdAt, then postId). */
export function feedCursor(post: TribePost): DocValue[] {
  return [post.createdAt, post.id];
}

export interface FeedPages {
  /** The first page, followed live. */
  live: TribePost[];
  /** Posts below the live page: loaded by "Load more", or pushed down by newer posts. */
  older: TribePost[];
}

/**
 * A new snapshot of the live first page. A post that left the page because newer posts pushed
 * it down moves to `older` (it still exists); one that left from inside the page's range was deleted.
 */
export function mergeLivePage(pages: FeedPages, nextLive: readonly TribePost[], pageSize: number): FeedPages {
  const liveIds = new Set(nextLive.map((post) => post.id));
  const lastLive = nextLive[nextLive.length - 1];
  const pageIsFull = nextLive.length >= pageSize;
  const pushedDown = pages.live.filter(
    (post) => !liveIds.has(post.id) && pageIsFull && lastLive !== undefined && comparePosts(lastLive, post) < 0,
  );
  const older = [...pushedDown, ...pages.older.filter((post) => !liveIds.has(post.id))];
  const seen = new Set<string>();
  return {
    live: [...nextLive],
    older: older.sort(comparePosts).filter((post) => (seen.has(post.id) ? false : (seen.add(post.id), true))),
  };
}

/** Adds a page read with startAfter below what is already shown. */
export function appendOlderPage(pages: FeedPages, page: readonly TribePost[]): FeedPages {
  const shown = new Set([...pages.live, ...pages.older].map((post) => post.id));
  return {
    live: pages.live,
    older: [...pages.older, ...page.filter((post) => !shown.has(post.id))].sort(comparePosts),
  };
}

export function removePost(pages: FeedPages, postId: string): FeedPages {
  return {
    live: pages.live.filter((post) => post.id !== postId),
    older: pages.older.filter((post) => post.id !== postId),
  };
}

export function feedPosts(pages: FeedPages): TribePost[] {
  return [...pages.live, ...pages.older];
}

/**
 * The composer's text once `submitted` is published: that text goes, whatever was typed after it
 * stays. A draft edited so that it no longer starts with the submitted text is left alone.
 */
export function withoutSubmitted(draft: string, submitted: string): string {
  if (!draft.startsWith(submitted)) return draft;
  return draft.slice(submitted.length).replace(/^\s+/, '');
}
