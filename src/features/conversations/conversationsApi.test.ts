// Integration over the local adapter: people in "tabs" of one browser, each judged by the access
// policy (src/backend/local/conversationsPolicy.ts) as themselves; `admin` only inspects documents.
import { docRef, fieldValue } from '../../backend/port';
import type { DocData } from '../../backend/port';
import { commentTooLongMessage, CONVERSATION_MESSAGES } from '../../domain/conversationMessages';
import type { PostComment, ReactionItem } from '../../domain/conversationTypes';
import { reactionId } from '../../domain/conversationTypes';
import { createPost, createTribe, joinTribe } from '../../test/featureInternals';
import { tribeInput } from '../../test/fixtures';
import { actorOf, blockAs, makeModerator } from '../../test/tabHelpers';
import { setupTwoUsers } from '../../test/twoUsers';
import type { TestTab, TwoUsers } from '../../test/twoUsers';
import {
  addComment,
  commentsQuery,
  deleteComment,
  earlierCommentsPage,
  editComment,
  myReactionsQuery,
  toPostComment,
  toReaction,
  toggleReaction,
} from './conversationsApi';

let env: TwoUsers;
let carol: TestTab;
let dan: TestTab;
let tribeId: string;
let post: { id: string; tribeId: string; authorId: string };

beforeEach(async () => {
  env = await setupTwoUsers();
  carol = await env.addUser({ displayName: 'Carol' });
  dan = await env.addUser({ displayName: 'Dan' });
  // Alice's open tribe "Rustaceans" with Bob and Carol as members and a post by Alice; Dan is no member.
  const created = await createTribe(env.alice.backend.db, actorOf(env.alice), tribeInput({ name: 'Rustaceans' }));
  tribeId = created.tribeId!;
  await joinTribe(env.bob.backend.db, actorOf(env.bob), tribeId);
  await joinTribe(carol.backend.db, actorOf(carol), tribeId);
  const published = await createPost(env.alice.backend.db, actorOf(env.alice), tribeId, 'Borrow checker tips?');
  post = { id: published.postId!, tribeId, authorId: env.alice.uid };
});
afterEach(async () => {
  await env.close();
});

const postDoc = () => env.rawDoc('posts', post.id);
const comment = (id: string) => env.rawDoc('comments', id);
const notifications = async (uid: string) =>
  ((await env.rawDoc('inboxes', uid))?.notifications ?? {}) as Record<string, DocData>;
const all = async (collection: string) => (await env.admin.db.query({ collection })).map((snap) => snap.data);
/** Every document the conversations write, to prove a refused operation changed nothing. */
const everything = () => Promise.all(['comments', 'reactions', 'posts', 'inboxes'].map(all));

async function commentAs(
  tab: TestTab,
  body = 'Use clone() less.',
  parent: { id: string; authorId: string } | null = null,
) {
  const result = await addComment(tab.backend.db, actorOf(tab), post, body, parent);
  expect(result).toMatchObject({ success: true, message: CONVERSATION_MESSAGES.commented });
  return result.commentId!;
}

describe('addComment', () => {
  it('writes the comment, counts it on the post and tells the post author, in one write', async () => {
    env.clock.advance(1000);
    const id = await commentAs(env.bob, '  Use `Rc<RefCell<T>>` sparingly.\n');
    expect(await comment(id)).toEqual({
      commentId: id,
      postId: post.id,
      tribeId,
      authorId: env.bob.uid,
      authorName: 'Bob',
      authorPhoto: null,
      body: 'Use `Rc<RefCell<T>>` sparingly.',
      parentId: null,
      createdAt: env.clock.now(),
      editedAt: null,
      reactionCounts: {},
    });
    expect(await postDoc()).toMatchObject({ commentCount: 1, countedCommentId: id });
    expect(await notifications(env.alice.uid)).toEqual({
      [`comment_${id}`]: {
        id: `comment_${id}`,
        type: 'postComment',
        message: 'Bob commented on your post in Rustaceans',
        senderId: env.bob.uid,
        senderName: 'Bob',
        senderPhoto: null,
        read: false,
        createdAt: env.clock.now(),
        postId: post.id,
        tribeId,
        commentId: id,
      },
    });
    expect((await env.rawDoc('inboxes', env.alice.uid))?.hasNewNotification).toBe(true);
  });

  it('does not notify the author of their own comment', async () => {
    const id = await commentAs(env.alice, 'Thanks all!');
    expect(await postDoc()).toMatchObject({ commentCount: 1, countedCommentId: id });
    expect(await notifications(env.alice.uid)).toEqual({});
  });

  it('notifies the parent comment’s author of a reply, and the post’s author when a third person', async () => {
    const top = await commentAs(env.bob);
    const reply = await commentAs(carol, '@Bob agreed.', { id: top, authorId: env.bob.uid });
    expect(await comment(reply)).toMatchObject({ parentId: top });
    expect(await notifications(env.bob.uid)).toEqual({
      [`reply_${reply}`]: expect.objectContaining({
        type: 'commentReply',
        message: 'Carol replied to your comment',
        senderId: carol.uid,
        commentId: reply,
        postId: post.id,
        tribeId,
      }) as unknown,
    });
    expect(Object.keys(await notifications(env.alice.uid)).sort()).toEqual(
      [`comment_${top}`, `comment_${reply}`].sort(),
    );
    expect((await postDoc())?.commentCount).toBe(2);

    // The post's author replying to Bob tells Bob only; Bob replying to his own comment, Alice only.
    const aliceReply = await commentAs(env.alice, 'Good point.', { id: top, authorId: env.bob.uid });
    const bobReply = await commentAs(env.bob, 'Also: lifetimes.', { id: top, authorId: env.bob.uid });
    const bobs = await notifications(env.bob.uid);
    expect(Object.keys(bobs).sort()).toEqual([`reply_${reply}`, `reply_${aliceReply}`].sort());
    expect(Object.keys(await notifications(env.alice.uid))).toContain(`comment_${bobReply}`);
    expect((await postDoc())?.commentCount).toBe(4);
  });

  it('answers a reply to a reply under its top-level comment', async () => {
    const top = await commentAs(env.bob);
    const reply = await commentAs(carol, 'Agreed.', { id: top, authorId: env.bob.uid });
    const again = await commentAs(env.alice, 'Me too.', { id: reply, authorId: carol.uid });
    expect(await comment(again)).toMatchObject({ parentId: top });
    expect(Object.keys(await notifications(env.bob.uid))).toContain(`reply_${again}`);
  });

  it('refuses empty and oversized bodies, non-members, gone posts and parents, changing nothing', async () => {
    const before = await everything();
    const db = env.bob.backend.db;
    expect(await addComment(db, actorOf(env.bob), post, '   \n ')).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.emptyComment,
    });
    expect(await addComment(db, actorOf(env.bob), post, 'x'.repeat(2001))).toEqual({
      success: false,
      message: commentTooLongMessage(2000, 2001),
    });
    expect(commentTooLongMessage(2000, 2001)).toBe('A comment can be at most 2,000 characters (this one has 2,001)');
    expect(await addComment(dan.backend.db, actorOf(dan), post, 'Hi')).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.membersOnly,
    });
    expect(await addComment(db, actorOf(env.bob), { ...post, id: 'missing' }, 'Hi')).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.postNotFound,
    });
    expect(await addComment(db, actorOf(env.bob), post, 'Hi', { id: 'missing', authorId: env.alice.uid })).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.commentNotFound,
    });
    expect(await everything()).toEqual(before);
    // exactly 2,000 characters after trimming is fine
    expect((await addComment(db, actorOf(env.bob), post, ` ${'y'.repeat(2000)} `)).success).toBe(true);
  });

  it('refuses comments between blocked people either way, saying so only to the blocker', async () => {
    await blockAs(env.alice, env.bob);
    const before = await everything();
    expect(await addComment(env.alice.backend.db, actorOf(env.alice), post, 'Hi', null)).toMatchObject({
      success: true,
    });
    const after = await everything();
    // Bob cannot comment on the post of Alice, who blocked him (he cannot read the block).
    expect(await addComment(env.bob.backend.db, actorOf(env.bob), post, 'Hi')).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.refused,
    });
    expect(await everything()).toEqual(after);
    expect(after).not.toEqual(before);
    // Alice blocked Bob: she cannot reply to his comment either, and is told why.
    await env.adminWrite('blocks', `${env.alice.uid}_${env.bob.uid}`, null);
    const top = await commentAs(env.bob);
    await blockAs(env.alice, env.bob);
    expect(
      await addComment(env.alice.backend.db, actorOf(env.alice), post, 'No.', { id: top, authorId: env.bob.uid }),
    ).toEqual({ success: false, message: CONVERSATION_MESSAGES.youBlocked });
  });

  it('still posts the comment when the receiver’s inbox is full, without the notice', async () => {
    const full: Record<string, DocData> = {};
    for (let i = 0; i < 100; i += 1) {
      full[`n${i}`] = {
        id: `n${i}`,
        type: 'friendRequestAccepted',
        message: 'x',
        senderId: 'x',
        senderName: 'x',
        senderPhoto: null,
        read: false,
        createdAt: 1,
      };
    }
    await env.adminWrite('inboxes', env.alice.uid, { notifications: full });
    const id = await commentAs(env.bob);
    expect(Object.keys(await notifications(env.alice.uid))).toHaveLength(100);
    expect(await postDoc()).toMatchObject({ commentCount: 1, countedCommentId: id });
  });
});

describe('reading comments', () => {
  it('pages a thread newest first with its cursor, and maps stored documents defensively', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      env.clock.advance(1000);
      ids.push(await commentAs(env.bob, `Comment ${i}`));
    }
    const newest = (await carol.backend.db.query(commentsQuery(post.id, 2))).map((snap) =>
      toPostComment(snap.ref.id, snap.data!),
    );
    expect(newest.map((c) => c?.body)).toEqual(['Comment 4', 'Comment 3']);
    const earlier = await earlierCommentsPage(carol.backend.db, post.id, newest[1]!, 2);
    expect(earlier.success && 'comments' in earlier && earlier.comments.map((c) => c.body)).toEqual([
      'Comment 2',
      'Comment 1',
    ]);
    expect(toPostComment('x', { postId: post.id, tribeId, authorId: 'a' })).toBeNull();
    expect(
      toPostComment('x', {
        postId: post.id,
        tribeId,
        authorId: 'a',
        body: 'Hi',
        reactionCounts: { heart: 2, rocket: 0, bogus: 5, eyes: -1 },
        createdAt: 'nonsense',
      }),
    ).toMatchObject({ body: 'Hi', reactionCounts: { heart: 2 }, createdAt: 0, editedAt: null, parentId: null });
    expect(toReaction('r', { itemId: 'p', itemType: 'post', postId: 'p', tribeId, kind: 'wave', uid: 'u' })).toBeNull();
  });

  it('hides a deleted post’s comments and reactions from everyone', async () => {
    const id = await commentAs(env.bob);
    await toggleReaction(
      carol.backend.db,
      carol.uid,
      { type: 'post', id: post.id, postId: post.id, tribeId, authorId: env.alice.uid },
      'heart',
    );
    await env.adminWrite('posts', post.id, null);
    await expect(carol.backend.db.query(commentsQuery(post.id))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(carol.backend.db.get(docRef('comments', id))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(carol.backend.db.query(myReactionsQuery(post.id, carol.uid))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const before: PostComment = toPostComment(id, (await comment(id))!)!;
    expect(await earlierCommentsPage(carol.backend.db, post.id, before)).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.postNotFound,
    });
    // ... and writing them
    const gone = { success: false, message: CONVERSATION_MESSAGES.postNotFound };
    expect(await editComment(env.bob.backend.db, env.bob.uid, id, 'Edited')).toEqual(gone);
    expect(await deleteComment(env.bob.backend.db, env.bob.uid, id)).toEqual(gone);
    const onPost: ReactionItem = { type: 'post', id: post.id, postId: post.id, tribeId, authorId: env.alice.uid };
    expect(await toggleReaction(carol.backend.db, carol.uid, onPost, 'heart')).toEqual(gone);
    const onComment: ReactionItem = { type: 'comment', id, postId: post.id, tribeId, authorId: env.bob.uid };
    expect(await toggleReaction(carol.backend.db, carol.uid, onComment, 'eyes')).toEqual(gone);
    expect(await addComment(env.bob.backend.db, actorOf(env.bob), post, 'Still there?')).toEqual(gone);
    expect(await comment(id)).not.toBeNull();
  });
});

describe('editComment and deleteComment', () => {
  it('lets the author edit the body (marked edited at the server time), and nobody else', async () => {
    const id = await commentAs(env.bob);
    env.clock.advance(5000);
    expect(await editComment(env.bob.backend.db, env.bob.uid, id, ' Use clone() wisely. ')).toEqual({
      success: true,
      message: CONVERSATION_MESSAGES.edited,
    });
    expect(await comment(id)).toMatchObject({ body: 'Use clone() wisely.', editedAt: env.clock.now() });
    const before = await everything();
    expect(await editComment(env.alice.backend.db, env.alice.uid, id, 'Hijacked')).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.authorOnlyEdit,
    });
    expect(await editComment(env.bob.backend.db, env.bob.uid, id, '')).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.emptyComment,
    });
    expect(await editComment(env.bob.backend.db, env.bob.uid, 'missing', 'x')).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.commentNotFound,
    });
    expect(await everything()).toEqual(before);
  });

  it('lets the author delete with the count; others are refused; a second delete finds nothing', async () => {
    const id = await commentAs(env.bob);
    const before = await everything();
    expect(await deleteComment(carol.backend.db, carol.uid, id)).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.deleteNotAllowed,
    });
    expect(await everything()).toEqual(before);
    expect(await deleteComment(env.bob.backend.db, env.bob.uid, id)).toEqual({
      success: true,
      message: CONVERSATION_MESSAGES.deleted,
    });
    expect(await comment(id)).toBeNull();
    expect(await postDoc()).toMatchObject({ commentCount: 0, countedCommentId: id });
    expect(await deleteComment(env.bob.backend.db, env.bob.uid, id)).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.commentNotFound,
    });
  });

  it('leaves a removal mark, so nobody writes a comment under the deleted one’s id again', async () => {
    const id = await commentAs(env.bob);
    expect(await deleteComment(env.bob.backend.db, env.bob.uid, id)).toMatchObject({ success: true });
    expect(await env.rawDoc('removedComments', id)).toEqual({ removedAt: env.clock.now() });
    const stored = await env.rawDoc('posts', post.id);
    // A hostile client writes the comment again under the same id, counted like addComment does.
    const again = env.bob.backend.db.commit([
      {
        type: 'set',
        ref: docRef('comments', id),
        data: {
          commentId: id,
          postId: post.id,
          tribeId,
          authorId: env.bob.uid,
          authorName: actorOf(env.bob).displayName,
          authorPhoto: actorOf(env.bob).photoURL,
          body: 'Back again',
          parentId: null,
          createdAt: fieldValue.serverTimestamp(),
          editedAt: null,
          reactionCounts: {},
        },
      },
      {
        type: 'update',
        ref: docRef('posts', post.id),
        data: { commentCount: fieldValue.increment(1), countedCommentId: id },
      },
    ]);
    await expect(again).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await comment(id)).toBeNull();
    expect(await env.rawDoc('posts', post.id)).toEqual(stored);
  });

  it('lets the tribe owner and a moderator remove anyone’s comment', async () => {
    const first = await commentAs(env.bob);
    const second = await commentAs(carol);
    expect(await deleteComment(env.alice.backend.db, env.alice.uid, first)).toMatchObject({ success: true });
    await makeModerator(env.dbName, dan);
    expect(await deleteComment(dan.backend.db, dan.uid, second)).toMatchObject({ success: true });
    expect(await all('comments')).toEqual([]);
    expect((await postDoc())?.commentCount).toBe(0);
  });
});

describe('toggleReaction', () => {
  const onPost = (): ReactionItem => ({ type: 'post', id: post.id, postId: post.id, tribeId, authorId: env.alice.uid });

  it('adds and takes back one reaction per person and kind, with exact counts', async () => {
    expect(await toggleReaction(env.bob.backend.db, env.bob.uid, onPost(), 'rocket')).toEqual({
      success: true,
      message: CONVERSATION_MESSAGES.reactionAdded,
      reacted: true,
    });
    await toggleReaction(carol.backend.db, carol.uid, onPost(), 'rocket');
    await toggleReaction(carol.backend.db, carol.uid, onPost(), 'heart');
    expect((await postDoc())?.reactionCounts).toEqual({ rocket: 2, heart: 1 });
    const rid = reactionId('post', post.id, 'rocket', env.bob.uid);
    expect(await env.rawDoc('reactions', rid)).toEqual({
      itemId: post.id,
      itemType: 'post',
      postId: post.id,
      tribeId,
      kind: 'rocket',
      uid: env.bob.uid,
      createdAt: env.clock.now(),
    });
    const mine = await carol.backend.db.query(myReactionsQuery(post.id, carol.uid));
    expect(mine.map((snap) => toReaction(snap.ref.id, snap.data!)?.kind).sort()).toEqual(['heart', 'rocket']);

    expect(await toggleReaction(env.bob.backend.db, env.bob.uid, onPost(), 'rocket')).toEqual({
      success: true,
      message: CONVERSATION_MESSAGES.reactionRemoved,
      reacted: false,
    });
    expect(await postDoc()).toMatchObject({ reactionCounts: { rocket: 1, heart: 1 }, countedReactionId: rid });
    expect(await env.rawDoc('reactions', rid)).toBeNull();
  });

  it('counts concurrent toggles by many people exactly', async () => {
    const people = [env.alice, env.bob, carol];
    await Promise.all(
      people.flatMap((tab) =>
        (['thumbsUp', 'party', 'eyes'] as const).map((kind) => toggleReaction(tab.backend.db, tab.uid, onPost(), kind)),
      ),
    );
    expect((await postDoc())?.reactionCounts).toEqual({ thumbsUp: 3, party: 3, eyes: 3 });
    expect(await all('reactions')).toHaveLength(9);
  });

  it('reacts to comments, counting on the comment', async () => {
    const id = await commentAs(env.bob);
    const item: ReactionItem = { type: 'comment', id, postId: post.id, tribeId, authorId: env.bob.uid };
    expect(await toggleReaction(carol.backend.db, carol.uid, item, 'laugh')).toMatchObject({ reacted: true });
    expect(await comment(id)).toMatchObject({ reactionCounts: { laugh: 1 } });
    expect((await postDoc())?.reactionCounts).toBeUndefined();
    expect(toPostComment(id, (await comment(id))!)?.reactionCounts).toEqual({ laugh: 1 });
  });

  it('refuses non-members, blocked people, unknown kinds and gone items, changing nothing', async () => {
    const before = await everything();
    expect(await toggleReaction(dan.backend.db, dan.uid, onPost(), 'heart')).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.membersOnly,
    });
    expect(await toggleReaction(env.bob.backend.db, env.bob.uid, onPost(), 'wave' as never)).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.unknownReaction,
    });
    expect(
      await toggleReaction(env.bob.backend.db, env.bob.uid, { ...onPost(), id: 'gone', postId: 'gone' }, 'heart'),
    ).toMatchObject({ success: false, message: CONVERSATION_MESSAGES.postNotFound });
    expect(await everything()).toEqual(before);

    const bobs = await commentAs(env.bob);
    await blockAs(carol, env.bob);
    const blocked = await everything();
    const onBobs: ReactionItem = { type: 'comment', id: bobs, postId: post.id, tribeId, authorId: env.bob.uid };
    // The blocker is told plainly; the blocked person (who cannot read the block) only the likely reasons.
    expect(await toggleReaction(carol.backend.db, carol.uid, onBobs, 'heart')).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.youBlocked,
    });
    await blockAs(env.alice, env.bob);
    const twice = await everything();
    expect(await toggleReaction(env.bob.backend.db, env.bob.uid, onPost(), 'heart')).toEqual({
      success: false,
      message: CONVERSATION_MESSAGES.refused,
    });
    expect(await everything()).toEqual(twice);
    expect(twice.filter((_, i) => i !== 3)).toEqual(blocked.filter((_, i) => i !== 3));
  });
});
