import './conversations.css';

import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { REACTIONS_LIST } from '../../domain/conversationTypes';
import type { TribePost } from '../../domain/tribeTypes';
import { Markdown, preloadMarkdown } from '../../ui/markdown';
import { selectSessionUser } from '../session';
import { selectIsLivePost } from '../tribes';
import { selectIsThreadOpen, threadClosed, threadOpened } from './commentsSlice';
import { CommentThread } from './CommentThread';
import { POST_PARAM } from './conversationLinks';
import { commentCountLabel } from './conversationLogic';
import { ReactionsBar } from './ReactionsBar';
import { myReactionsFollowed, myReactionsUnfollowed } from './reactionsSlice';

let emojiFontWarm = false;
let markdownWarm = false;

/** What the idle warm-up renders out of sight: the Markdown most comments use. */
const WARM_UP_MARKDOWN = '*a* **b** `c` [d](https://example.com)\n\n- e\n\n> f';

/**
 * Lays the reactions' emoji out once, out of sight: the first color emoji on a page loads its font
 * (a layout of 100 ms and more at 4x CPU), which should not happen while a thread opens.
 */
function warmUpEmojiFont() {
  if (emojiFontWarm) return;
  emojiFontWarm = true;
  const sample = document.createElement('span');
  sample.className = 'visually-hidden';
  sample.setAttribute('aria-hidden', 'true');
  sample.textContent = REACTIONS_LIST.map((reaction) => reaction.emoji).join('');
  document.body.append(sample);
  requestAnimationFrame(() => requestAnimationFrame(() => sample.remove()));
}

interface PostConversationProps {
  post: TribePost;
  /** Members comment and react; others read. */
  isMember: boolean;
  /** The tribe's owner or a moderator: removes anyone's comment. */
  canModerate: boolean;
}

/**
 * Under a post: its reactions, and the button with its exact comment count that opens the thread
 * (followed live while open). Opened by a link to the post too (`?post=`), scrolled into view.
 */
export function PostConversation({ post, isMember, canModerate }: PostConversationProps) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => selectIsThreadOpen(state, post.id));
  const live = useAppSelector((state) => selectIsLivePost(state, post.id));
  const viewerUid = useAppSelector(selectSessionUser)?.uid ?? null;
  const [params] = useSearchParams();
  const linked = params.get(POST_PARAM) === post.id;
  const threadId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  // Whether the thread is open, for the effects below that must not re-run when it changes.
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const postId = post.id;
  const tribeId = post.tribeId;

  // My reactions on the post and its comments: live while the post is on the feed's first page or
  // its thread is open, else read once (the counts are live on every page: they come with the post).
  const followLive = live || open;
  useEffect(() => {
    dispatch(myReactionsFollowed({ postId, live: followLive }));
    return () => {
      dispatch(myReactionsUnfollowed({ postId }));
    };
  }, [dispatch, postId, followLive]);

  // Leaving the page (or the post leaving the feed) closes its thread and the subscription with it.
  useEffect(
    () => () => {
      if (openRef.current) dispatch(threadClosed({ postId }));
    },
    [dispatch, postId],
  );

  useEffect(() => {
    if (!linked) return;
    if (!openRef.current) dispatch(threadOpened({ postId, tribeId }));
    rootRef.current?.closest('article')?.scrollIntoView({ block: 'start' });
  }, [dispatch, linked, postId, tribeId]);

  const count = post.commentCount ?? 0;
  // Comments are Markdown more often than posts: while the page is idle, a post with some fetches
  // the renderer and renders a little Markdown out of sight (the first parse compiles the parser,
  // about 100 ms at 4x CPU), and lays the emoji out (the first color emoji loads its font, a
  // layout as long), so none of that happens when its thread opens.
  const hasComments = count > 0;
  const [warmingMarkdown, setWarmingMarkdown] = useState(false);
  useEffect(() => {
    if (!hasComments) return undefined;
    const warmUp = () => {
      preloadMarkdown();
      warmUpEmojiFont();
      if (markdownWarm) return;
      markdownWarm = true;
      startTransition(() => setWarmingMarkdown(true));
    };
    // Safari has no requestIdleCallback: a moment after the page settles instead.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(warmUp, 500);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(warmUp);
    return () => window.cancelIdleCallback(handle);
  }, [hasComments]);

  return (
    <div className="conversation" ref={rootRef} data-post-id={post.id}>
      <div className="conversation__bar">
        <ReactionsBar target={{ type: 'post', on: post }} canReact={isMember} />
        <button
          type="button"
          className="button button--ghost conversation__toggle"
          aria-expanded={open}
          aria-controls={open ? threadId : undefined}
          onClick={() => dispatch(open ? threadClosed({ postId }) : threadOpened({ postId, tribeId }))}
        >
          {count > 0 ? commentCountLabel(count) : 'Comment'}
        </button>
      </div>
      {warmingMarkdown && (
        <div hidden>
          <Markdown source={WARM_UP_MARKDOWN} />
        </div>
      )}
      {open && (
        <CommentThread id={threadId} post={post} viewerUid={viewerUid} isMember={isMember} canModerate={canModerate} />
      )}
    </div>
  );
}
