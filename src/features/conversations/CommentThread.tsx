import { startTransition, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { PostComment } from '../../domain/conversationTypes';
import type { TribePost } from '../../domain/tribeTypes';
import { Alert } from '../../ui/Alert';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { selectBlockedIds, selectMutedIds } from '../safety';
import { CommentForm } from './CommentForm';
import type { CommentRemoval } from './CommentItem';
import { CommentItem } from './CommentItem';
import {
  deleteRequested,
  earlierRequested,
  noticeDismissed,
  replyStarted,
  selectThread,
  selectThreadEntries,
  threadOpened,
} from './commentsSlice';
import { replyQuote } from './conversationLogic';

/**
 * Comments added to the page per step when a thread opens: each step's render, styles and layout
 * are one short task (a whole page of 50 at once was one long one at 4x CPU); the steps follow one
 * another without waiting, so the page is complete a few frames later.
 */
const RENDER_STEP = 5;

interface CommentThreadProps {
  id: string;
  post: TribePost;
  viewerUid: string | null;
  isMember: boolean;
  canModerate: boolean;
}

/**
 * A post's comments, oldest first with replies under their comment, followed live (the newest
 * 50; "Show earlier comments" reads the ones before), and the composer. People the viewer muted
 * are left out; those they blocked are collapsed.
 */
export function CommentThread({ id, post, viewerUid, isMember, canModerate }: CommentThreadProps) {
  const dispatch = useAppDispatch();
  const thread = useAppSelector((state) => selectThread(state, post.id));
  const entries = useAppSelector((state) => selectThreadEntries(state, post.id));
  // A page of comments (50, each with its Markdown) is rendered in the background, a few at a time
  // between the browser's other work, not in one long task: until it is ready the thread shows
  // what it showed before (or the spinner, the first time).
  const shownEntries = useDeferredValue(entries);
  const [renderLimit, setRenderLimit] = useState(RENDER_STEP);
  const total = shownEntries.length;
  useEffect(() => {
    if (renderLimit >= total) return undefined;
    // After this step is on screen: the next one, in the background (a comment arriving later
    // past the limit follows one step later).
    const timer = setTimeout(() => startTransition(() => setRenderLimit((limit) => limit + RENDER_STEP)), 0);
    return () => clearTimeout(timer);
  }, [renderLimit, total]);
  // Only the first page steps in: earlier pages, asked for, come whole (above the comments shown).
  const stepping = renderLimit < total && (thread?.pages.earlier.length ?? 0) === 0;
  const rendering = shownEntries !== entries || stepping;
  const blocked = useAppSelector(selectBlockedIds);
  const muted = useAppSelector(selectMutedIds);
  const [removing, setRemoving] = useState<{ comment: PostComment; how: CommentRemoval } | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const rootRef = useRef<HTMLElement>(null);

  const reply = useCallback(
    (comment: PostComment) => {
      // One level: a reply to a reply is posted under its top-level comment (addComment finds it).
      dispatch(
        replyStarted({
          postId: post.id,
          replyTo: {
            commentId: comment.id,
            authorId: comment.authorId,
            quotedName: comment.authorName,
            quote: replyQuote(comment),
          },
        }),
      );
      const text = textRef.current;
      if (text) {
        text.focus();
        // After the quote, where the answer goes.
        requestAnimationFrame(() => text.setSelectionRange(text.value.length, text.value.length));
      }
    },
    [dispatch, post.id],
  );
  const remove = useCallback((comment: PostComment, how: CommentRemoval) => setRemoving({ comment, how }), []);

  if (!thread) return null;
  const visible = (comment: PostComment) => !muted.has(comment.authorId);
  const shown = (stepping ? shownEntries.slice(0, renderLimit) : shownEntries).filter((entry) =>
    visible(entry.comment),
  );
  const renderItem = (comment: PostComment, replies: PostComment[] = []) => (
    <CommentItem
      comment={comment}
      viewerUid={viewerUid}
      canTakePart={isMember}
      canModerate={canModerate}
      fromBlocked={blocked.has(comment.authorId)}
      onReply={reply}
      onRemove={remove}
    >
      {replies.length > 0 && (
        <ol className="comments comments--replies" aria-label={`Replies to ${comment.authorName}`}>
          {replies.map((answer) => (
            <li key={answer.id}>{renderItem(answer)}</li>
          ))}
        </ol>
      )}
    </CommentItem>
  );

  return (
    <section
      id={id}
      ref={rootRef}
      tabIndex={-1}
      className="thread"
      aria-label={`Comments on ${post.authorName}'s post`}
    >
      {thread.hasEarlier && thread.status === 'ready' && (
        <button
          type="button"
          className="button button--ghost thread__earlier"
          disabled={thread.loadingEarlier}
          aria-busy={thread.loadingEarlier || undefined}
          onClick={() => dispatch(earlierRequested({ postId: post.id }))}
        >
          {thread.loadingEarlier ? 'Loading earlier comments…' : 'Show earlier comments'}
        </button>
      )}
      {thread.earlierError && <Alert tone="error">{thread.earlierError}</Alert>}
      {(thread.status === 'loading' || (rendering && shown.length === 0)) && <Spinner label="Loading comments..." />}
      {thread.status === 'failed' && (
        <Alert tone="error">
          {thread.error}{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch(threadOpened({ postId: post.id, tribeId: post.tribeId }))}
          >
            Try again
          </button>
        </Alert>
      )}
      {thread.notice && (
        <div className="thread__notice">
          <Alert tone={thread.notice.success ? 'success' : 'error'}>
            <span>{thread.notice.message}</span>{' '}
            <button
              type="button"
              className="button button--ghost"
              onClick={() => dispatch(noticeDismissed({ postId: post.id }))}
            >
              Dismiss
            </button>
          </Alert>
        </div>
      )}
      {shown.length > 0 && (
        <ol className="comments" aria-label="Comments">
          {shown.map(({ comment, replies }) => (
            <li key={comment.id}>{renderItem(comment, replies.filter(visible))}</li>
          ))}
        </ol>
      )}
      {thread.status === 'ready' && !rendering && shown.length === 0 && (
        <p className="muted thread__empty">
          {isMember ? 'No comments yet. Start the conversation.' : 'No comments yet.'}
        </p>
      )}
      {isMember ? (
        <CommentForm post={post} textRef={textRef} />
      ) : (
        <p className="muted thread__join">Join this tribe to comment and react.</p>
      )}
      {removing && (
        <ConfirmDialog
          title={
            removing.how === 'delete'
              ? 'Delete this comment?'
              : `Remove this comment by ${removing.comment.authorName}?`
          }
          confirmLabel={removing.how === 'delete' ? 'Delete comment' : 'Remove comment'}
          onConfirm={() => dispatch(deleteRequested({ postId: post.id, commentId: removing.comment.id }))}
          onClose={() => setRemoving(null)}
          returnFocusRef={rootRef}
        >
          It disappears from the conversation for everyone. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
