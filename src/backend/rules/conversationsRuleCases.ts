// Rule cases for comments, reactions, the counters they move on posts and comments, the notices a
// comment leaves in inboxes, comment reports, and reading a post's conversation. Each denied case
// names the allowed twin it differs from in one thing; batches are the ones the app writes
// (src/features/conversations/conversationsApi.ts): the comment with its post's commentCount and
// the notices; a reaction with its item's reactionCounts.{kind}.
import type { DocData, QuerySpec } from '../port';
import { allowed, denied, get, MODERATOR, query, readCase, replacing } from './ruleCaseBuilders';
import type { State } from './ruleCaseBuilders';
import {
  ADA,
  BOB,
  blockAt,
  CLIENT_MS,
  CY,
  EARLIER,
  inbox,
  inboxPath,
  memberPath,
  membership,
  nameOf,
  POST,
  profile,
  rustTribe,
  SERVER_TIME,
  strangers,
  TRIBE,
  user,
} from './ruleFixtures';
import type { RuleCase, RuleWrite } from './ruleFixtures';

/** Dan has a profile but is a member of no tribe. */
const DAN = 'danUid';

// ---------- the state every case starts from ----------

const commentPath = (id: string) => `comments/${id}`;
const reactionPath = (itemType: 'post' | 'comment', itemId: string, kind: string, uid: string) =>
  `reactions/${itemType}_${itemId}_${kind}_${uid}`;
/** What a delete leaves, so the post's or comment's id is never used again. */
const removedCommentPath = (id: string) => `removedComments/${id}`;
const REMOVED_POST = 'removedPosts/p1';
const removalMark = (removedAt: unknown = SERVER_TIME): DocData => ({ removedAt }) as DocData;
/** Ada's post p1, older than comments: no counters yet (they read as 0 and {}). */
const postDoc = (changes: DocData = {}): DocData => ({
  postId: 'p1',
  tribeId: 't1',
  authorId: ADA,
  authorName: 'Ada',
  authorPhoto: null,
  body: 'Borrow checker tips?',
  createdAt: EARLIER,
  ...changes,
});
/** A stored comment by `authorId` on p1. */
const commentDoc = (id: string, authorId: string, changes: DocData = {}): DocData => ({
  commentId: id,
  postId: 'p1',
  tribeId: 't1',
  authorId,
  authorName: nameOf(authorId),
  authorPhoto: null,
  body: 'Use clone() less.',
  parentId: null,
  createdAt: EARLIER,
  editedAt: null,
  reactionCounts: {},
  ...changes,
});
/** A new comment as addComment writes it. */
const newComment = (id: string, authorId: string, changes: DocData = {}): DocData =>
  commentDoc(id, authorId, { createdAt: SERVER_TIME, ...changes });
const reactionDoc = (
  itemId: string,
  itemType: 'post' | 'comment',
  kind: string,
  uid: string,
  changes: DocData = {},
) => ({
  itemId,
  itemType,
  postId: 'p1',
  tribeId: 't1',
  kind,
  uid,
  createdAt: SERVER_TIME,
  ...changes,
});
/**
 * Ada's open tribe t1 with Bob and Cy as members, Ada's post p1 with Bob's comment c1 (counted:
 * commentCount 1), and Dan, who has a profile and no membership.
 */
const thread: State = {
  ...strangers,
  [user(DAN)]: profile(DAN),
  [TRIBE]: rustTribe(ADA, {
    memberCount: 3,
    postCount: 1,
    createdAt: EARLIER,
    lastActivityAt: EARLIER,
    countedMemberId: CY,
    countedPostId: 'p1',
  }),
  [memberPath(ADA)]: membership(ADA),
  [memberPath(BOB)]: membership(BOB),
  [memberPath(CY)]: membership(CY),
  [POST]: postDoc({ commentCount: 1, countedCommentId: 'c1' }),
  [commentPath('c1')]: commentDoc('c1', BOB),
};
/** The thread with a block stored before it. */
const blockedThread = (blocker: string, blockedId: string): State => ({
  ...thread,
  ...blockAt(blocker, blockedId, EARLIER),
});
/** The state without the documents at `paths`. */
const without = (state: State, ...paths: string[]): State =>
  Object.fromEntries(Object.entries(state).filter(([path]) => !paths.includes(path)));
const withoutPost = (state: State): State => without(state, POST);
const postAfter = (changes: DocData) => ({ ...thread[POST]!, ...changes });
/** The post's commentCount moved by `by`, naming comment `id`. */
const commentCounted = (id: string, by: number, state: State = thread): RuleWrite => ({
  path: POST,
  after: {
    ...state[POST]!,
    commentCount: ((state[POST]!.commentCount as number | undefined) ?? 0) + by,
    countedCommentId: id,
  },
});

// ---------- notices ----------

const noticeOf = (type: 'postComment' | 'commentReply', commentId: string, from: string, changes: DocData = {}) => ({
  id: `${type === 'postComment' ? 'comment' : 'reply'}_${commentId}`,
  type,
  message:
    type === 'postComment'
      ? `${nameOf(from)} commented on your post in Rustaceans`
      : `${nameOf(from)} replied to your comment`,
  senderId: from,
  senderName: nameOf(from),
  senderPhoto: null,
  read: false,
  createdAt: SERVER_TIME,
  postId: 'p1',
  tribeId: 't1',
  commentId,
  ...changes,
});
/** The receiver's inbox after the notice merged in (it had none before: the merge creates it). */
const noticeWrite = (
  to: string,
  type: 'postComment' | 'commentReply',
  commentId: string,
  from: string,
  changes: DocData = {},
): RuleWrite => {
  const notice = noticeOf(type, commentId, from, changes);
  return { path: inboxPath(to), after: { notifications: { [notice.id]: notice }, hasNewNotification: true } };
};

/** A notice Ada's inbox already holds, read. */
const OLD_NOTICE: DocData = {
  id: 'old',
  type: 'friendRequestAccepted',
  message: 'Bob accepted your friend request',
  senderId: BOB,
  senderName: 'Bob',
  senderPhoto: null,
  read: true,
  createdAt: EARLIER,
};

// ---------- comments: create ----------

/** Cy comments c2 on Ada's post: the comment and the post's count. */
/** `uid` comments c2 on the post of `state`: the comment and the post's count. */
const commentsC2 = (uid: string, state: State = thread): RuleWrite[] => [
  { path: commentPath('c2'), after: newComment('c2', uid) },
  commentCounted('c2', 1, state),
];
const cyComments = commentsC2(CY);
const cyCommentsNotifying: RuleWrite[] = [...cyComments, noticeWrite(ADA, 'postComment', 'c2', CY)];
/** Cy replies c2 to Bob's c1: Bob is told of the reply, Ada of the comment. */
const cyReplies: RuleWrite[] = [
  { path: commentPath('c2'), after: newComment('c2', CY, { parentId: 'c1' }) },
  commentCounted('c2', 1),
  noticeWrite(BOB, 'commentReply', 'c2', CY),
  noticeWrite(ADA, 'postComment', 'c2', CY),
];
const withComment = (changes: DocData) => replacing(cyComments, commentPath('c2'), newComment('c2', CY, changes));
/** The post without counters (older than comments): the first comment counts from 0. */
const legacyPost: State = { ...thread, [POST]: postDoc() };

/** Cy's notifying comment with the notice to Ada changed. */
const withNotice = (changes: DocData): RuleWrite[] =>
  replacing(cyCommentsNotifying, inboxPath(ADA), noticeWrite(ADA, 'postComment', 'c2', CY, changes).after);
const ALLOWED_COMMENT = "comments: Cy comments on Ada's post, the post's commentCount + 1 naming it";
/** Cy's comment with one thing changed: denied, the twin of ALLOWED_COMMENT. */
const badComment = (name: string, changes: DocData): RuleCase =>
  denied(name, ALLOWED_COMMENT, CY, thread, withComment(changes));
const ALLOWED_NOTICE = 'comments: ...and Ada is told, in the fixed sentence with the tribe name';
const ALLOWED_REPLY = "comments: Cy replies to Bob's comment, Bob and Ada are told";

const commentCreateCases: RuleCase[] = [
  allowed(ALLOWED_COMMENT, CY, thread, cyComments),
  allowed(ALLOWED_NOTICE, CY, thread, cyCommentsNotifying),
  allowed(ALLOWED_REPLY, CY, thread, cyReplies),
  allowed(
    'comments: a reply whose notices merge into inboxes that exist',
    CY,
    { ...thread, [inboxPath(ADA)]: inbox(), [inboxPath(BOB)]: inbox() },
    [
      ...cyReplies.slice(0, 2),
      { path: inboxPath(BOB), after: inbox({ ...noticeWrite(BOB, 'commentReply', 'c2', CY).after }) },
      { path: inboxPath(ADA), after: inbox({ ...noticeWrite(ADA, 'postComment', 'c2', CY).after }) },
    ],
  ),
  allowed(
    'comments: the first comment on a post older than comments counts from 0',
    CY,
    legacyPost,
    commentsC2(CY, legacyPost),
  ),
  allowed("comments: a post's author comments on it (no notice)", ADA, thread, commentsC2(ADA)),
  allowed('comments: a body of exactly 2,000 characters', CY, thread, withComment({ body: 'x'.repeat(2000) })),
  badComment('comments: a body of 2,001 characters', { body: 'x'.repeat(2001) }),
  badComment('comments: a body of blanks only', { body: '   ' }),
  badComment('comments: an empty body', { body: '' }),
  badComment("comments: an author name that is not the author's profile's", { authorName: 'Ada' }),
  badComment("comments: an author photo that is not the author's profile's", {
    authorPhoto: 'https://example.com/someone-else.png',
  }),
  badComment('comments: written in someone else’s name (authorId)', { authorId: BOB, authorName: 'Bob' }),
  badComment("comments: a client's time for createdAt", { createdAt: CLIENT_MS }),
  badComment('comments: created already marked edited', { editedAt: SERVER_TIME }),
  badComment('comments: created with reactions counted', { reactionCounts: { heart: 5 } }),
  badComment('comments: a field the model does not have', { pinned: true }),
  badComment('comments: commentId not the document id', { commentId: 'c9' }),
  badComment("comments: a tribe that is not the post's", { tribeId: 't2' }),
  denied(
    'comments: without moving the post’s commentCount',
    ALLOWED_COMMENT,
    CY,
    thread,
    replacing(cyComments, POST, undefined),
  ),
  denied(
    'comments: the post’s commentCount moved by 2',
    ALLOWED_COMMENT,
    CY,
    thread,
    replacing(cyComments, POST, postAfter({ commentCount: 3, countedCommentId: 'c2' })),
  ),
  denied(
    'comments: the count moved naming another comment',
    ALLOWED_COMMENT,
    CY,
    thread,
    replacing(cyComments, POST, postAfter({ commentCount: 2, countedCommentId: 'c1' })),
  ),
  denied(
    'comments: the post edited along with its count',
    ALLOWED_COMMENT,
    CY,
    thread,
    replacing(cyComments, POST, postAfter({ commentCount: 2, countedCommentId: 'c2', body: 'Edited by Cy' })),
  ),
  denied('comments: by someone who is not a member of the tribe', ALLOWED_COMMENT, DAN, thread, commentsC2(DAN)),
  denied(
    'comments: by a member whose request is still pending',
    ALLOWED_COMMENT,
    CY,
    { ...thread, [memberPath(CY)]: membership(CY, { status: 'pending', joinedAt: null }) },
    cyComments,
  ),
  denied('comments: on a post that no longer exists', ALLOWED_COMMENT, CY, withoutPost(thread), cyComments.slice(0, 1)),
  denied(
    'comments: on the post of someone who blocked the commenter',
    ALLOWED_COMMENT,
    CY,
    blockedThread(ADA, CY),
    cyComments,
  ),
  denied(
    'comments: on the post of someone the commenter blocked',
    ALLOWED_COMMENT,
    CY,
    blockedThread(CY, ADA),
    cyComments,
  ),
  denied('comments: a reply to someone who blocked the replier', ALLOWED_REPLY, CY, blockedThread(BOB, CY), cyReplies),
  denied(
    'comments: a reply to a reply (replies answer top-level comments)',
    ALLOWED_REPLY,
    CY,
    { ...thread, [commentPath('c1')]: commentDoc('c1', BOB, { parentId: 'c0' }) },
    cyReplies,
  ),
  denied(
    'comments: a reply to a comment of another post',
    ALLOWED_REPLY,
    CY,
    { ...thread, [commentPath('c1')]: commentDoc('c1', BOB, { postId: 'p9' }) },
    cyReplies,
  ),
  denied(
    'comments: a reply to a comment that does not exist',
    ALLOWED_REPLY,
    CY,
    thread,
    replacing(cyReplies, commentPath('c2'), newComment('c2', CY, { parentId: 'c9' })).filter(
      (w) => w.path !== inboxPath(BOB),
    ),
  ),
  denied('comments: signed out', ALLOWED_COMMENT, null, thread, cyComments),
];

// ---------- notices ----------

const noticeCases: RuleCase[] = [
  denied(
    'notices: a sentence other than the fixed one',
    ALLOWED_NOTICE,
    CY,
    thread,
    withNotice({ message: 'Cy says your post is wrong' }),
  ),
  denied(
    'notices: the fixed sentence with another tribe’s name',
    ALLOWED_NOTICE,
    CY,
    thread,
    withNotice({ message: 'Cy commented on your post in Gophers' }),
  ),
  denied(
    'notices: a sender name that is not the sender’s profile’s',
    ALLOWED_NOTICE,
    CY,
    thread,
    withNotice({ senderName: 'Bob', message: 'Bob commented on your post in Rustaceans' }),
  ),
  denied("notices: a client's time for createdAt", ALLOWED_NOTICE, CY, thread, withNotice({ createdAt: CLIENT_MS })),
  denied(
    'notices: without the link to the comment',
    ALLOWED_NOTICE,
    CY,
    thread,
    replacing(cyCommentsNotifying, inboxPath(ADA), {
      notifications: { comment_c2: (({ commentId: _c, ...rest }) => rest)(noticeOf('postComment', 'c2', CY)) },
      hasNewNotification: true,
    }),
  ),
  denied(
    'notices: the new-notification flag not raised',
    ALLOWED_NOTICE,
    CY,
    thread,
    replacing(cyCommentsNotifying, inboxPath(ADA), {
      notifications: { comment_c2: noticeOf('postComment', 'c2', CY) },
      hasNewNotification: false,
    }),
  ),
  denied('notices: a notice without its comment in the same write', ALLOWED_NOTICE, CY, thread, [
    noticeWrite(ADA, 'postComment', 'c2', CY),
  ]),
  denied('notices: a notice for an existing comment (sent again)', ALLOWED_NOTICE, BOB, thread, [
    noticeWrite(ADA, 'postComment', 'c1', BOB),
  ]),
  denied('notices: "commented on your post" to someone who did not write the post', ALLOWED_NOTICE, CY, thread, [
    ...cyComments,
    noticeWrite(BOB, 'postComment', 'c2', CY),
  ]),
  denied(
    'notices: a key that does not name the comment',
    ALLOWED_NOTICE,
    CY,
    thread,
    replacing(cyCommentsNotifying, inboxPath(ADA), {
      notifications: { comment_c1: noticeOf('postComment', 'c2', CY, { id: 'comment_c1' }) },
      hasNewNotification: true,
    }),
  ),
  denied(
    'notices: "replied to your comment" to someone whose comment it does not answer',
    ALLOWED_REPLY,
    CY,
    thread,
    replacing(cyReplies, inboxPath(ADA), noticeWrite(ADA, 'commentReply', 'c2', CY).after),
  ),
  denied('notices: a reply notice for a comment that answers nothing', ALLOWED_NOTICE, CY, thread, [
    ...cyComments,
    noticeWrite(BOB, 'commentReply', 'c2', CY),
  ]),
  denied(
    'notices: to oneself (the post’s author comments and notifies herself)',
    "comments: a post's author comments on it (no notice)",
    ADA,
    thread,
    [
      ...commentsC2(ADA),
      {
        path: inboxPath(ADA),
        after: { notifications: { comment_c2: noticeOf('postComment', 'c2', ADA) }, hasNewNotification: true },
      },
    ],
  ),
  allowed(
    'notices: merged into an inbox holding other notifications',
    CY,
    {
      ...thread,
      [inboxPath(ADA)]: inbox({
        notifications: {
          old: OLD_NOTICE,
        },
      }),
    },
    [
      ...cyComments,
      {
        path: inboxPath(ADA),
        after: inbox({
          notifications: {
            old: OLD_NOTICE,
            comment_c2: noticeOf('postComment', 'c2', CY),
          },
          hasNewNotification: true,
        }),
      },
    ],
  ),
];

// ---------- comments: edit and delete ----------

const EDIT = "comments: Bob edits his comment's body, marked edited at the server's time";
const bobEdits = (changes: DocData = {}): RuleWrite[] => [
  {
    path: commentPath('c1'),
    after: commentDoc('c1', BOB, { body: 'Use clone() wisely.', editedAt: SERVER_TIME, ...changes }),
  },
];
/** Bob's edit with one thing changed: denied, the twin of EDIT. */
const badEdit = (name: string, changes: DocData): RuleCase => denied(name, EDIT, BOB, thread, bobEdits(changes));
const DELETE = 'comments: Bob deletes his comment, the post’s commentCount - 1 naming it';
const deleting: RuleWrite[] = [
  { path: commentPath('c1'), after: null },
  { path: removedCommentPath('c1'), after: removalMark() },
  commentCounted('c1', -1),
];

const editDeleteCases: RuleCase[] = [
  allowed(EDIT, BOB, thread, bobEdits()),
  denied("comments: someone else edits Bob's comment", EDIT, CY, thread, bobEdits()),
  denied("comments: the tribe's owner edits Bob's comment", EDIT, ADA, thread, bobEdits()),
  badEdit("comments: an edit with a client's time", { editedAt: CLIENT_MS }),
  badEdit('comments: an edit not marked edited', { editedAt: null }),
  badEdit('comments: an edit to 2,001 characters', { body: 'x'.repeat(2001) }),
  badEdit('comments: an edit that also renames the author', { authorName: 'Robert' }),
  badEdit('comments: an edit that moves it to another post', { postId: 'p9' }),
  badEdit('comments: an edit that also sets its reaction counts', { reactionCounts: { heart: 9 } }),
  denied('comments: an edit once the post is gone', EDIT, BOB, withoutPost(thread), bobEdits()),
  denied('comments: an edit after leaving the tribe', EDIT, BOB, without(thread, memberPath(BOB)), bobEdits()),
  allowed(DELETE, BOB, thread, deleting),
  allowed("comments: the tribe's owner removes Bob's comment, with the count", ADA, thread, deleting),
  allowed("comments: a moderator removes Bob's comment, with the count", DAN, thread, deleting, MODERATOR),
  denied("comments: a member who is neither author nor owner deletes Bob's comment", DELETE, CY, thread, deleting),
  denied('comments: a delete without the count', DELETE, BOB, thread, replacing(deleting, POST, undefined)),
  denied(
    'comments: a delete moving the count by 2',
    DELETE,
    BOB,
    thread,
    replacing(deleting, POST, postAfter({ commentCount: -1, countedCommentId: 'c1' })),
  ),
  denied(
    'comments: a delete counted under another comment',
    DELETE,
    BOB,
    thread,
    replacing(deleting, POST, postAfter({ commentCount: 0, countedCommentId: 'c2' })),
  ),
  denied(
    'comments: a delete once the post is gone',
    DELETE,
    BOB,
    withoutPost(thread),
    replacing(deleting, POST, undefined),
  ),
  denied('comments: the count lowered without deleting a comment', DELETE, BOB, thread, [commentCounted('c1', -1)]),
  // A deleted comment's id is never used again: its old reactions (and replies) stay its own.
  denied(
    'comments: a delete that leaves no removal mark',
    DELETE,
    BOB,
    thread,
    replacing(deleting, removedCommentPath('c1'), undefined),
  ),
  denied(
    'comments: a removal mark at a client’s time',
    DELETE,
    BOB,
    thread,
    replacing(deleting, removedCommentPath('c1'), removalMark(CLIENT_MS)),
  ),
  denied('removedComments: no mark for a comment that stays', DELETE, BOB, thread, [
    { path: removedCommentPath('c1'), after: removalMark() },
  ]),
  denied('removedComments: a mark for a comment that never existed', DELETE, BOB, thread, [
    { path: removedCommentPath('c9'), after: removalMark() },
  ]),
  denied(
    'removedComments: a mark is never taken away (the id would be free again)',
    DELETE,
    BOB,
    { ...without(thread, commentPath('c1')), [removedCommentPath('c1')]: removalMark(EARLIER) },
    [{ path: removedCommentPath('c1'), after: null }],
  ),
  denied(
    'posts: a post outside any tribe under a deleted post’s id (its comments would be read again)',
    'posts: a scratch post outside any tribe follows the plain author rule',
    DAN,
    { ...withoutPost(thread), [REMOVED_POST]: removalMark(EARLIER) },
    [{ path: POST, after: { authorId: DAN, value: 1 } }],
  ),
  denied(
    "comments: a deleted comment's id used again (its old reactions would count on the new one)",
    ALLOWED_COMMENT,
    CY,
    {
      ...thread,
      [removedCommentPath('c2')]: removalMark(EARLIER),
      [reactionPath('comment', 'c2', 'rocket', DAN)]: reactionDoc('c2', 'comment', 'rocket', DAN, {
        createdAt: EARLIER,
      }),
    },
    cyComments,
  ),
  denied('comments: the count raised naming an existing comment', ALLOWED_COMMENT, CY, thread, [
    commentCounted('c1', 1),
  ]),
];

// ---------- reactions ----------

const REACT = "reactions: Cy reacts with a heart to Ada's post, its reactionCounts.heart + 1 naming it";
const cyHeart = reactionPath('post', 'p1', 'heart', CY);
const cyReacts = (changes: DocData = {}, counts: DocData = { heart: 1 }): RuleWrite[] => [
  { path: cyHeart, after: reactionDoc('p1', 'post', 'heart', CY, changes) },
  { path: POST, after: postAfter({ reactionCounts: counts, countedReactionId: `post_p1_heart_${CY}` }) },
];
/**
 * `uid` reacts `kind` to p1 in the thread (no reactions yet): the reaction (at `path`) and the
 * post's reactionCounts.{kind} 1, naming `countedId`.
 */
const reactsToPost = (
  uid: string,
  kind: string,
  { path = reactionPath('post', 'p1', kind, uid), countedId = `post_p1_${kind}_${uid}` } = {},
): RuleWrite[] => [
  { path, after: reactionDoc('p1', 'post', kind, uid) },
  { path: POST, after: postAfter({ reactionCounts: { [kind]: 1 }, countedReactionId: countedId }) },
];
const reacted: State = {
  ...thread,
  [cyHeart]: reactionDoc('p1', 'post', 'heart', CY, { createdAt: EARLIER }),
  [POST]: postAfter({ reactionCounts: { heart: 1 }, countedReactionId: `post_p1_heart_${CY}` }),
};
const UNREACT = 'reactions: Cy takes her heart back, reactionCounts.heart - 1 naming it';
const cyUnreacts: RuleWrite[] = [
  { path: cyHeart, after: null },
  { path: POST, after: { ...reacted[POST]!, reactionCounts: { heart: 0 } } },
];
const REACT_COMMENT = "reactions: Ada reacts with a rocket to Bob's comment, counted on the comment";
const adaRocket = reactionPath('comment', 'c1', 'rocket', ADA);
const adaReactsToComment: RuleWrite[] = [
  { path: adaRocket, after: reactionDoc('c1', 'comment', 'rocket', ADA) },
  {
    path: commentPath('c1'),
    after: commentDoc('c1', BOB, { reactionCounts: { rocket: 1 }, countedReactionId: `comment_c1_rocket_${ADA}` }),
  },
];

const reactionCases: RuleCase[] = [
  allowed(REACT, CY, thread, cyReacts()),
  allowed('reactions: a second person adds to a count (heart 1 -> 2)', BOB, reacted, [
    { path: reactionPath('post', 'p1', 'heart', BOB), after: reactionDoc('p1', 'post', 'heart', BOB) },
    {
      path: POST,
      after: { ...reacted[POST]!, reactionCounts: { heart: 2 }, countedReactionId: `post_p1_heart_${BOB}` },
    },
  ]),
  allowed("reactions: on one's own post", ADA, thread, reactsToPost(ADA, 'party')),
  denied(
    'reactions: the same reaction twice (the document exists)',
    'reactions: a second person adds to a count (heart 1 -> 2)',
    CY,
    reacted,
    [
      { path: cyHeart, after: reactionDoc('p1', 'post', 'heart', CY) },
      { path: POST, after: { ...reacted[POST]!, reactionCounts: { heart: 2 } } },
    ],
  ),
  denied('reactions: the count moved by 2', REACT, CY, thread, cyReacts({}, { heart: 2 })),
  denied('reactions: the count moved without the reaction', REACT, CY, thread, cyReacts().slice(1)),
  denied('reactions: a reaction without moving the count', REACT, CY, thread, cyReacts().slice(0, 1)),
  denied('reactions: another kind counted than the one written', REACT, CY, thread, cyReacts({}, { rocket: 1 })),
  denied('reactions: two kinds counted at once', REACT, CY, thread, cyReacts({}, { heart: 1, rocket: 1 })),
  denied('reactions: written for someone else (uid)', REACT, CY, thread, reactsToPost(BOB, 'heart')),
  denied(
    'reactions: the id without the item type ({itemId}_{kind}_{uid})',
    REACT,
    CY,
    thread,
    reactsToPost(CY, 'heart', { path: `reactions/p1_heart_${CY}`, countedId: `p1_heart_${CY}` }),
  ),
  denied(
    "reactions: a post's reaction under a comment's id",
    REACT,
    CY,
    thread,
    reactsToPost(CY, 'heart', {
      path: reactionPath('comment', 'p1', 'heart', CY),
      countedId: `comment_p1_heart_${CY}`,
    }),
  ),
  // A comment whose id is its post's (anyone may pick a comment's id): the two items' reactions
  // have ids of their own, so the reaction to one does not take the place of the other's.
  allowed(
    'reactions: to a post whose id a comment also has, which the same person reacted to',
    CY,
    {
      ...thread,
      [commentPath('p1')]: commentDoc('p1', BOB, { reactionCounts: { heart: 1 } }),
      [reactionPath('comment', 'p1', 'heart', CY)]: reactionDoc('p1', 'comment', 'heart', CY, { createdAt: EARLIER }),
    },
    cyReacts(),
  ),
  denied(
    'reactions: an id that is not {itemType}_{itemId}_{kind}_{uid}',
    REACT,
    CY,
    thread,
    reactsToPost(CY, 'heart', {
      path: reactionPath('post', 'p1', 'heart', `${CY}2`),
      countedId: `post_p1_heart_${CY}2`,
    }),
  ),
  denied(
    'reactions: a kind outside the six',
    REACT,
    CY,
    thread,
    reactsToPost(CY, 'wave', { countedId: `p1_wave_${CY}` }),
  ),
  denied("reactions: a client's time for createdAt", REACT, CY, thread, cyReacts({ createdAt: CLIENT_MS })),
  denied('reactions: a post reaction naming another post', REACT, CY, thread, cyReacts({ postId: 'p9' })),
  denied('reactions: by someone who is not a member of the tribe', REACT, DAN, thread, reactsToPost(DAN, 'heart')),
  denied(
    'reactions: to the post of someone who blocked the reacting person',
    REACT,
    CY,
    blockedThread(ADA, CY),
    cyReacts(),
  ),
  denied(
    'reactions: to the post of someone the reacting person blocked',
    REACT,
    CY,
    blockedThread(CY, ADA),
    cyReacts(),
  ),
  allowed(REACT_COMMENT, ADA, thread, adaReactsToComment),
  denied(
    'reactions: to the comment of someone who blocked the reacting person',
    REACT_COMMENT,
    ADA,
    blockedThread(BOB, ADA),
    adaReactsToComment,
  ),
  denied('reactions: to a comment whose post is gone', REACT_COMMENT, ADA, withoutPost(thread), adaReactsToComment),
  denied(
    'reactions: the comment edited along with its count',
    REACT_COMMENT,
    ADA,
    thread,
    replacing(
      adaReactsToComment,
      commentPath('c1'),
      commentDoc('c1', BOB, {
        body: 'Ada was here',
        reactionCounts: { rocket: 1 },
        countedReactionId: `comment_c1_rocket_${ADA}`,
      }),
    ),
  ),
  denied('reactions: a comment reaction counted on the post', REACT_COMMENT, ADA, thread, [
    adaReactsToComment[0]!,
    { path: POST, after: postAfter({ reactionCounts: { rocket: 1 }, countedReactionId: `comment_c1_rocket_${ADA}` }) },
  ]),
  allowed(UNREACT, CY, reacted, cyUnreacts),
  denied('reactions: taken back without lowering the count', UNREACT, CY, reacted, cyUnreacts.slice(0, 1)),
  denied("reactions: someone else's reaction taken back", UNREACT, BOB, reacted, cyUnreacts),
  denied(
    'reactions: the count lowered below 0',
    UNREACT,
    CY,
    { ...reacted, [POST]: { ...reacted[POST]!, reactionCounts: { heart: 0 } } },
    [
      { path: cyHeart, after: null },
      { path: POST, after: { ...reacted[POST]!, reactionCounts: { heart: -1 } } },
    ],
  ),
  denied('reactions: taken back once the post is gone', UNREACT, CY, withoutPost(reacted), cyUnreacts.slice(0, 1)),
  allowed(
    "reactions: a deleted comment's reaction is taken back without a count",
    ADA,
    without(
      { ...thread, [adaRocket]: reactionDoc('c1', 'comment', 'rocket', ADA, { createdAt: EARLIER }) },
      commentPath('c1'),
    ),
    [{ path: adaRocket, after: null }],
  ),
];

// ---------- reports of comments ----------

const REPORT = `reports/${ADA}_comment_c1`;
const reportDoc = (changes: DocData = {}): DocData => ({
  reporterId: ADA,
  targetKind: 'comment',
  targetId: 'c1',
  targetLabel: 'Use clone() less.',
  reason: 'spam',
  details: '',
  status: 'open',
  createdAt: SERVER_TIME,
  ...changes,
});
const REPORTED = "reports: Ada reports Bob's comment";
const RESOLVED = "reports: a moderator removes a reported comment (resolution 'commentRemoved'), with its count";
const reportedState: State = { ...thread, [REPORT]: reportDoc({ createdAt: EARLIER }) };
const resolving = (changes: DocData = {}): RuleWrite[] => [
  ...deleting,
  {
    path: REPORT,
    after: {
      ...reportedState[REPORT]!,
      status: 'actioned',
      resolution: 'commentRemoved',
      resolvedBy: DAN,
      resolvedAt: SERVER_TIME,
      ...changes,
    },
  },
];
const reportCases: RuleCase[] = [
  allowed(REPORTED, ADA, thread, [{ path: REPORT, after: reportDoc() }]),
  denied('reports: a comment report under an id naming another kind', REPORTED, ADA, thread, [
    { path: `reports/${ADA}_post_c1`, after: reportDoc() },
  ]),
  denied('reports: a comment that does not exist', REPORTED, ADA, thread, [
    { path: `reports/${ADA}_comment_c9`, after: reportDoc({ targetId: 'c9' }) },
  ]),
  allowed(RESOLVED, DAN, reportedState, resolving(), MODERATOR),
  denied(
    "reports: 'commentRemoved' while the comment stays",
    RESOLVED,
    DAN,
    reportedState,
    resolving().filter((write) => write.path === REPORT),
    MODERATOR,
  ),
  allowed(
    "reports: 'commentRemoved' for a comment its author already deleted",
    DAN,
    without(reportedState, commentPath('c1')),
    resolving().filter((write) => write.path === REPORT),
    MODERATOR,
  ),
  allowed(
    "reports: 'commentRemoved' for a comment hidden with its deleted post",
    DAN,
    withoutPost(reportedState),
    resolving().filter((write) => write.path === REPORT),
    MODERATOR,
  ),
  denied(
    "reports: 'commentRemoved' with the status dismissed",
    RESOLVED,
    DAN,
    reportedState,
    resolving({ status: 'dismissed' }),
    MODERATOR,
  ),
  denied('reports: a comment removed by someone who is not a moderator', RESOLVED, DAN, reportedState, resolving()),
];

// ---------- reading a post's conversation ----------

const comments = (changes: Partial<QuerySpec> = {}): QuerySpec => ({
  collection: 'comments',
  where: [{ field: 'postId', op: '==', value: 'p1' }],
  orderBy: [
    { field: 'createdAt', direction: 'desc' },
    { field: 'commentId', direction: 'desc' },
  ],
  limit: 50,
  ...changes,
});
const myReactions = (changes: Partial<QuerySpec> = {}): QuerySpec => ({
  collection: 'reactions',
  where: [
    { field: 'postId', op: '==', value: 'p1' },
    { field: 'uid', op: '==', value: CY },
  ],
  limit: 50,
  ...changes,
});
const READ_COMMENT = 'reads: a member reads a comment of a post that exists';
/** p1 deleted (its mark left) and a post outside any tribe written at p1 since (local twin only). */
const scratchAtP1: State = {
  ...thread,
  [POST]: { authorId: DAN, value: 1 },
  [REMOVED_POST]: removalMark(EARLIER),
};
const LIST_COMMENTS = "reads: a post's newest 50 comments";
const READ_REACTION = 'reads: a reaction of a post that exists';
const LIST_REACTIONS = 'reads: my reactions on a post and its comments';
const readCases: RuleCase[] = [
  readCase(READ_COMMENT, 'allowed', CY, thread, get(commentPath('c1'))),
  readCase(
    'reads: someone outside the tribe reads it too (posts are public to the signed-in)',
    'allowed',
    DAN,
    thread,
    get(commentPath('c1')),
  ),
  readCase('reads: a comment that does not exist may be asked for', 'allowed', CY, thread, get(commentPath('c9'))),
  readCase("reads: a deleted post's comment", 'denied', CY, withoutPost(thread), get(commentPath('c1')), READ_COMMENT),
  readCase('reads: signed out', 'denied', null, thread, get(commentPath('c1')), READ_COMMENT),
  readCase(LIST_COMMENTS, 'allowed', CY, thread, query(comments())),
  readCase("reads: a deleted post's comments", 'denied', CY, withoutPost(thread), query(comments()), LIST_COMMENTS),
  readCase('reads: 51 comments at once', 'denied', CY, thread, query(comments({ limit: 51 })), LIST_COMMENTS),
  readCase(
    'reads: comments of every post (no postId filter)',
    'denied',
    CY,
    thread,
    query(comments({ where: [] })),
    LIST_COMMENTS,
  ),
  // A post outside any tribe (only the local twin's scratch rule writes one) under a deleted
  // post's id does not bring that post's conversation back.
  readCase(
    'reads: a comment whose post id now names a post outside any tribe',
    'denied',
    CY,
    scratchAtP1,
    get(commentPath('c1')),
    READ_COMMENT,
  ),
  readCase(
    'reads: the comments of a post id that now names a post outside any tribe',
    'denied',
    CY,
    scratchAtP1,
    query(comments()),
    LIST_COMMENTS,
  ),
  readCase(
    'reads: a comment naming another tribe than its post’s',
    'denied',
    CY,
    { ...thread, [commentPath('c1')]: commentDoc('c1', BOB, { tribeId: 't2' }) },
    get(commentPath('c1')),
    READ_COMMENT,
  ),
  readCase(
    'reads: nobody reads a removal mark',
    'denied',
    CY,
    { ...thread, [REMOVED_POST]: removalMark(EARLIER) },
    get(REMOVED_POST),
    READ_COMMENT,
  ),
  readCase(READ_REACTION, 'allowed', BOB, reacted, get(cyHeart)),
  readCase(
    'reads: a reaction whose post id now names a post outside any tribe',
    'denied',
    BOB,
    { ...scratchAtP1, [cyHeart]: reacted[cyHeart]! },
    get(cyHeart),
    READ_REACTION,
  ),
  readCase("reads: a deleted post's reaction", 'denied', BOB, withoutPost(reacted), get(cyHeart), READ_REACTION),
  readCase(LIST_REACTIONS, 'allowed', CY, reacted, query(myReactions())),
  readCase(
    'reads: my reactions on a deleted post',
    'denied',
    CY,
    withoutPost(reacted),
    query(myReactions()),
    LIST_REACTIONS,
  ),
  readCase(
    'reads: my reactions on a post id that now names a post outside any tribe',
    'denied',
    CY,
    { ...scratchAtP1, [cyHeart]: reacted[cyHeart]! },
    query(myReactions()),
    LIST_REACTIONS,
  ),
  readCase(
    'reads: reactions of every post (no postId filter)',
    'denied',
    CY,
    reacted,
    query(myReactions({ where: [{ field: 'uid', op: '==', value: CY }] })),
    LIST_REACTIONS,
  ),
];

// ---------- one inbox written twice in a batch (issue 24) ----------
// A hand-made batch may write one document twice (the app never does). Firestore judges every
// write to it against the document as the whole batch leaves it, so both runners read the second
// write as merged into the first (set with merge): two notices of one comment are refused however
// they are sent, a notice and its flag written apart are the notice written at once.

/** Ada's post with Ada's comment c1: a reply to c1 tells Ada once, of the reply. */
const adaThread: State = { ...thread, [commentPath('c1')]: commentDoc('c1', ADA) };
const cyRepliesToAda: RuleWrite[] = [
  { path: commentPath('c2'), after: newComment('c2', CY, { parentId: 'c1' }) },
  commentCounted('c2', 1, adaThread),
  noticeWrite(ADA, 'commentReply', 'c2', CY),
];
const ALLOWED_ONE_NOTICE = "notices: Cy replies to Ada's comment on her post, Ada is told once";
const replyNotice = noticeOf('commentReply', 'c2', CY);
const commentNotice = noticeOf('postComment', 'c2', CY);

/** Both notices of Cy's reply to Ada, each way a batch can carry them: all denied. */
const bothNotices: [how: string, before: State, writes: RuleWrite[]][] = [
  ['two writes to one inbox', adaThread, [...cyRepliesToAda, noticeWrite(ADA, 'postComment', 'c2', CY)]],
  [
    'two writes to an inbox that exists',
    { ...adaThread, [inboxPath(ADA)]: inbox() },
    [
      ...cyRepliesToAda.slice(0, 2),
      { path: inboxPath(ADA), after: inbox({ ...noticeWrite(ADA, 'commentReply', 'c2', CY).after }) },
      noticeWrite(ADA, 'postComment', 'c2', CY),
    ],
  ],
  [
    'one write',
    adaThread,
    [
      ...cyRepliesToAda.slice(0, 2),
      {
        path: inboxPath(ADA),
        after: {
          notifications: { [replyNotice.id]: replyNotice, [commentNotice.id]: commentNotice },
          hasNewNotification: true,
        },
      },
    ],
  ],
];

const twiceWrittenCases: RuleCase[] = [
  allowed(ALLOWED_ONE_NOTICE, CY, adaThread, cyRepliesToAda),
  allowed('notices: the notice and its flag in two writes to one inbox', CY, adaThread, [
    ...cyRepliesToAda.slice(0, 2),
    { path: inboxPath(ADA), after: { notifications: { [replyNotice.id]: replyNotice } } },
    { path: inboxPath(ADA), after: { hasNewNotification: true } },
  ]),
  ...bothNotices.map(([how, before, writes]) =>
    denied(`notices: both notices of one comment in ${how}`, ALLOWED_ONE_NOTICE, CY, before, writes),
  ),
];

export const CONVERSATIONS_RULE_CASES: readonly RuleCase[] = [
  ...commentCreateCases,
  ...noticeCases,
  ...editDeleteCases,
  ...reactionCases,
  ...reportCases,
  ...readCases,
  ...twiceWrittenCases,
];
