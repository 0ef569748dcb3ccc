import { feedCursor } from '../../domain/tribeLogic';
import type { TribePost } from '../../domain/tribeTypes';
import { POSTS_PAGE_SIZE } from '../../domain/tribeTypes';
import type { FeedState } from './feedRanges';
import * as ranges from './feedRanges';

const post = (n: number): TribePost => ({
  id: `p${String(n).padStart(3, '0')}`,
  tribeId: 't',
  authorId: 'a',
  authorName: 'A',
  authorPhoto: null,
  body: `Post ${n}`,
  createdAt: n,
});
/** Posts `from` down to `to`, newest first. */
const posts = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => post(from - i));
const ids = (feed: FeedState) => ranges.feedPosts(feed).map((p) => p.createdAt);
const head = (feed: FeedState) => feed.ranges[0]!;
const receivedByHead = (feed: FeedState, page: TribePost[]) =>
  ranges.rangeReceived(feed, ranges.rangeKey(head(feed)), page);

describe('the head', () => {
  it('keeps posts pushed below it by newer ones, anchored where it ended, and drops deleted ones', () => {
    const start = ranges.rangeReceived(ranges.openedFeed(), ranges.HEAD_KEY, posts(20, 1));
    expect(ranges.hasMore(start)).toBe(true);
    const pushed = receivedByHead(start, posts(21, 2));
    expect(ids(pushed)).toEqual(posts(21, 1).map((p) => p.createdAt));
    // Anchored: its query now ends at post 1, the post it ended at, and holds the pushed one.
    expect(head(pushed).until).toEqual(feedCursor(post(1)));
    // Post 5 deleted (inside the range): gone, nothing is pushed.
    const deleted = receivedByHead(pushed, [...posts(21, 6), ...posts(4, 1)]);
    expect(ids(deleted)).not.toContain(5);
    expect(ranges.feedPosts(deleted)).toHaveLength(20);
  });

  it('does not anchor a page that is not full, nor for a deletion', () => {
    const few = ranges.rangeReceived(ranges.openedFeed(), ranges.HEAD_KEY, posts(3, 1));
    expect(ranges.hasMore(few)).toBe(false);
    expect(head(receivedByHead(few, posts(4, 1))).until).toBeNull();
    const full = ranges.rangeReceived(ranges.openedFeed(), ranges.HEAD_KEY, posts(20, 1));
    // Post 10 deleted, post 0 slides up: nothing was pushed.
    const slid = receivedByHead(full, [...posts(20, 11), ...posts(9, 0)]);
    expect(head(slid).until).toBeNull();
    expect(ids(slid)).toEqual([...posts(20, 11), ...posts(9, 0)].map((p) => p.createdAt));
  });

  it('splits its older page off once it holds two pages', () => {
    const anchored = receivedByHead(
      ranges.rangeReceived(ranges.openedFeed(), ranges.HEAD_KEY, posts(20, 1)),
      posts(21, 2),
    );
    const grown = receivedByHead(anchored, posts(ranges.HEAD_SPLIT_AT, 1));
    expect(grown.ranges).toHaveLength(2);
    expect(head(grown).posts).toHaveLength(POSTS_PAGE_SIZE);
    expect(grown.ranges[1]).toMatchObject({ after: feedCursor(post(21)), until: feedCursor(post(1)) });
    expect(ids(grown)).toEqual(posts(ranges.HEAD_SPLIT_AT, 1).map((p) => p.createdAt));
  });
});

describe('Load more', () => {
  it('adds a range after the last post shown, once, and shows each post once', () => {
    const start = ranges.rangeReceived(ranges.openedFeed(), ranges.HEAD_KEY, posts(30, 11));
    const asked = ranges.moreRequested(start);
    expect(asked.ranges[1]).toEqual({ after: feedCursor(post(11)), until: null, posts: null });
    expect(ranges.isLoadingMore(asked)).toBe(true);
    expect(ranges.hasMore(asked)).toBe(true);
    // A double click while it loads adds nothing.
    expect(ranges.moreRequested(asked)).toBe(asked);
    // Its answer overlaps the head (a deletion there pulled post 11 up): shown once.
    const loaded = ranges.rangeReceived(asked, ranges.rangeKey(asked.ranges[1]!), posts(11, 1));
    expect(ids(loaded)).toEqual(posts(30, 1).map((p) => p.createdAt));
    expect(ranges.isLoadingMore(loaded)).toBe(false);
    expect(ranges.hasMore(loaded)).toBe(false);
  });

  it('ignores answers of ranges no longer there, drops a failed load and a removed post', () => {
    const start = ranges.rangeReceived(ranges.openedFeed(), ranges.HEAD_KEY, posts(20, 1));
    expect(ranges.rangeReceived(start, 'gone', posts(3, 1))).toBe(start);
    const asked = ranges.moreRequested(start);
    expect(ranges.rangeFailed(asked, ranges.rangeKey(asked.ranges[1]!))).toEqual(start);
    // A loaded range keeps what it shows when its subscription fails.
    expect(ranges.rangeFailed(start, ranges.HEAD_KEY)).toEqual(start);
    expect(ids(ranges.removePost(start, post(7).id))).not.toContain(7);
  });
});
