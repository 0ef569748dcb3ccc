import type { PostComment } from '../../domain/conversationTypes';
import {
  appendEarlierComments,
  commentCountLabel,
  mergeLiveComments,
  NO_COMMENTS,
  oldestShown,
  reactionButtons,
  reactionLabel,
  replyQuote,
  threadEntries,
  withoutComment,
} from './conversationLogic';

const comment = (id: string, createdAt: number, extra: Partial<PostComment> = {}): PostComment => ({
  id,
  postId: 'p1',
  tribeId: 't1',
  authorId: 'ada',
  authorName: 'Ada',
  authorPhoto: null,
  body: id,
  parentId: null,
  createdAt,
  editedAt: null,
  reactionCounts: {},
  ...extra,
});
const ids = (comments: readonly PostComment[]) => comments.map((c) => c.id);

describe('pages of comments', () => {
  it('moves a comment pushed out of the full live page to the earlier ones, and drops a deleted one', () => {
    const first = mergeLiveComments(NO_COMMENTS, [comment('c3', 3), comment('c2', 2)], 2);
    const pushed = mergeLiveComments(first, [comment('c4', 4), comment('c3', 3)], 2);
    expect(pushed).toEqual({ live: [comment('c4', 4), comment('c3', 3)], earlier: [comment('c2', 2)] });
    // c3 deleted: the query's page now reaches back to c2, which leaves the earlier ones.
    const deleted = mergeLiveComments(pushed, [comment('c4', 4), comment('c2', 2)], 2);
    expect(deleted).toEqual({ live: [comment('c4', 4), comment('c2', 2)], earlier: [] });
  });

  it('appends an earlier page once, newest first, and pages from the oldest shown', () => {
    const live = mergeLiveComments(NO_COMMENTS, [comment('c5', 5), comment('c4', 4)], 2);
    expect(oldestShown(live)?.id).toBe('c4');
    const more = appendEarlierComments(live, [comment('c3', 3), comment('c2', 2)]);
    const again = appendEarlierComments(more, [comment('c2', 2), comment('c1', 1)]);
    expect(ids(again.earlier)).toEqual(['c3', 'c2', 'c1']);
    expect(oldestShown(again)?.id).toBe('c1');
    expect(ids(withoutComment(again, 'c2').earlier)).toEqual(['c3', 'c1']);
    expect(oldestShown(NO_COMMENTS)).toBeNull();
  });

  it('reads oldest first, replies under their comment, a reply without its comment on its own', () => {
    const pages = mergeLiveComments(
      NO_COMMENTS,
      [
        comment('r3', 6, { parentId: 'gone' }),
        comment('r2', 5, { parentId: 'c1' }),
        comment('c2', 4),
        comment('r1', 3, { parentId: 'c1' }),
        comment('c1', 1),
      ],
      50,
    );
    expect(threadEntries(pages).map((entry) => [entry.comment.id, ids(entry.replies)])).toEqual([
      ['c1', ['r1', 'r2']],
      ['c2', []],
      ['r3', []],
    ]);
  });
});

describe('words', () => {
  it('counts comments exactly', () => {
    expect(commentCountLabel(1)).toBe('1 comment');
    expect(commentCountLabel(2)).toBe('2 comments');
    expect(commentCountLabel(1234)).toBe('1,234 comments');
  });

  it('quotes the author and the opening of their own words, Markdown escaped', () => {
    expect(replyQuote({ authorName: 'Ada *L*', body: '> an older quote\n\nUse `clone()`\nmore' })).toBe(
      '> **Ada \\*L\\*** wrote: Use `clone()`\n\n',
    );
    expect(replyQuote({ authorName: 'Bob', body: '> only a quote' })).toBe('> **Bob** wrote: only a quote\n\n');
    const long = 'x'.repeat(300);
    expect(replyQuote({ authorName: 'Bob', body: long })).toBe(`> **Bob** wrote: ${'x'.repeat(139)}…\n\n`);
  });
});

describe('reaction buttons', () => {
  it('shows counts above zero in the fixed order, mine pressed, a toggle on its way over the counts', () => {
    const buttons = reactionButtons({ rocket: 2, heart: 1, eyes: 0 }, ['rocket'], {
      laugh: { mine: true, count: 1, countsSeen: false, refused: false },
      heart: { mine: false, count: 0, countsSeen: false, refused: false },
    });
    expect(buttons.map((b) => [reactionLabel(b), b.mine])).toEqual([
      ['Rocket: 2', true],
      ['Laugh: 1', true],
    ]);
  });

  it('counts my own reaction even before the counts have it', () => {
    expect(reactionButtons({}, ['party'], {}).map(reactionLabel)).toEqual(['Party: 1']);
  });
});
