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
export function comparePosts(a: TribePost, b: TribePost): number {
  return b.createdAt - a.createdAt || compareIds(b.id, a.id);
}

/** The startAfter values for the page after `post` (the query orders by createdAt, then postId). */
export function feedCursor(post: TribePost): DocValue[] {
  return [post.createdAt, post.id];
}

/**
 * The composer's text once `submitted` is published: that text goes, whatever was typed after it
 * stays. A draft edited so that it no longer starts with the submitted text is left alone.
 */
export function withoutSubmitted(draft: string, submitted: string): string {
  if (!draft.startsWith(submitted)) return draft;
  return draft.slice(submitted.length).replace(/^\s+/, '');
}
