// The pure rules of a thread and of a reactions bar: how live and earlier pages of comments fit
// together, the order a thread reads in, what a reply starts with, and what each reaction button
// shows while a toggle is on its way. No store, no backend: tested on their own.
import type { PostComment, ReactionCounts, ReactionKind } from '../../domain/conversationTypes';
import { REACTIONS_LIST } from '../../domain/conversationTypes';
import { formatCount } from '../../domain/formatCount';

// ---------- pages of comments ----------

/** Query order: newest first; equal times by id, descending, as commentsQuery orders them. */
export function compareNewestFirst(a: PostComment, b: PostComment): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export interface CommentPages {
  /** The newest page, followed live; newest first. */
  live: PostComment[];
  /** Below the live page: read by "Show earlier comments", or pushed out of it by newer ones; newest first. */
  earlier: PostComment[];
}

export const NO_COMMENTS: CommentPages = { live: [], earlier: [] };

const unique = (comments: PostComment[]) => {
  const seen = new Set<string>();
  return comments.filter((comment) => (seen.has(comment.id) ? false : (seen.add(comment.id), true)));
};

/**
 * A new snapshot of the live page. A comment that left it because newer ones pushed it out moves
 * to `earlier` (it still exists); one that left from inside the page's range was deleted.
 */
export function mergeLiveComments(
  pages: CommentPages,
  nextLive: readonly PostComment[],
  pageSize: number,
): CommentPages {
  const liveIds = new Set(nextLive.map((comment) => comment.id));
  const last = nextLive[nextLive.length - 1];
  const full = nextLive.length >= pageSize;
  const pushedOut = pages.live.filter(
    (comment) => !liveIds.has(comment.id) && full && last !== undefined && compareNewestFirst(last, comment) < 0,
  );
  const earlier = [...pushedOut, ...pages.earlier.filter((comment) => !liveIds.has(comment.id))];
  return { live: [...nextLive], earlier: unique(earlier.sort(compareNewestFirst)) };
}

/** Adds a page read before the oldest comment shown. */
export function appendEarlierComments(pages: CommentPages, page: readonly PostComment[]): CommentPages {
  const shown = new Set([...pages.live, ...pages.earlier].map((comment) => comment.id));
  return {
    live: pages.live,
    earlier: [...pages.earlier, ...page.filter((comment) => !shown.has(comment.id))].sort(compareNewestFirst),
  };
}

export function withoutComment(pages: CommentPages, commentId: string): CommentPages {
  return {
    live: pages.live.filter((comment) => comment.id !== commentId),
    earlier: pages.earlier.filter((comment) => comment.id !== commentId),
  };
}

/** The oldest comment shown: "Show earlier comments" reads the page before it. */
export function oldestShown(pages: CommentPages): PostComment | null {
  return pages.earlier[pages.earlier.length - 1] ?? pages.live[pages.live.length - 1] ?? null;
}

export interface ThreadEntry {
  comment: PostComment;
  /** Its replies shown, oldest first (none for a reply). */
  replies: PostComment[];
}

/**
 * The thread as it reads: top-level comments oldest first, each with its replies under it, oldest
 * first. A reply whose comment is not shown (deleted, or on a page not read yet) stands on its own
 * at its place in time.
 */
export function threadEntries(pages: CommentPages): ThreadEntry[] {
  const oldestFirst = [...pages.live, ...pages.earlier].sort((a, b) => compareNewestFirst(b, a));
  const shownIds = new Set(oldestFirst.map((comment) => comment.id));
  const entries: ThreadEntry[] = [];
  const byId = new Map<string, ThreadEntry>();
  for (const comment of oldestFirst) {
    if (comment.parentId && shownIds.has(comment.parentId)) continue;
    const entry = { comment, replies: [] };
    entries.push(entry);
    byId.set(comment.id, entry);
  }
  for (const comment of oldestFirst) {
    if (comment.parentId) byId.get(comment.parentId)?.replies.push(comment);
  }
  return entries;
}

/** How many comments the thread shows now. */
export const shownCount = (pages: CommentPages) => pages.live.length + pages.earlier.length;

// ---------- words ----------

/** "1 comment", "12 comments", exact. */
export const commentCountLabel = (count: number) => `${formatCount(count)} ${count === 1 ? 'comment' : 'comments'}`;

/** How long a quoted line may be before it is cut with an ellipsis. */
export const QUOTE_MAX = 140;

/**
 * What a reply starts with: the author it answers, quoted with the opening of what they wrote, as
 * Markdown (`> **Ada** wrote: ...`), then an empty line for the answer.
 */
export function replyQuote(comment: Pick<PostComment, 'authorName' | 'body'>): string {
  // The first line of their own words: a quote inside the comment is someone else's (unless it is all there is).
  const lines = comment.body.split('\n').map((line) => line.trim());
  const own = lines.find((line) => line.length > 0 && !line.startsWith('>'));
  const firstLine = own ?? lines.map((line) => line.replace(/^(>\s*)+/, '').trim()).find(Boolean) ?? '';
  const opening = firstLine.length > QUOTE_MAX ? `${firstLine.slice(0, QUOTE_MAX - 1).trimEnd()}…` : firstLine;
  const name = comment.authorName.replace(/([\\*_`[\]])/g, '\\$1');
  return `> **${name}** wrote: ${opening}\n\n`;
}

// ---------- reactions ----------

/** Toggles on their way (or answered but not yet seen in the counts): what the button shows meanwhile. */
export interface ReactionOverlay {
  mine: boolean;
  count: number;
  /** Counts arrived while a toggle was on its way: they may hold it already. */
  countsSeen: boolean;
  /** One of the toggles was refused: the whole overlay goes once the last answers. */
  refused: boolean;
}

export interface ReactionButton {
  kind: ReactionKind;
  name: string;
  emoji: string;
  count: number;
  mine: boolean;
}

/** Each reaction's count and whether it is mine, overlays first; only counts above zero. */
export function reactionButtons(
  counts: ReactionCounts,
  mine: readonly ReactionKind[],
  overlay: Partial<Record<ReactionKind, ReactionOverlay>>,
): ReactionButton[] {
  return REACTIONS_LIST.flatMap(({ kind, name, emoji }) => {
    const optimistic = overlay[kind];
    const isMine = optimistic ? optimistic.mine : mine.includes(kind);
    // My own reaction counts at least me, whichever of the two live answers came first.
    const count = optimistic ? optimistic.count : Math.max(counts[kind] ?? 0, isMine ? 1 : 0);
    return count > 0 ? [{ kind, name, emoji, count, mine: isMine }] : [];
  });
}

/** The button's accessible name: "Rocket: 2". */
export const reactionLabel = (button: Pick<ReactionButton, 'name' | 'count'>) =>
  `${button.name}: ${formatCount(button.count)}`;
