import type { FormEvent, Ref } from 'react';
import { useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { COMMENT_BODY_MAX } from '../../domain/conversationTypes';
import { validateCommentBody } from '../../domain/conversationValidation';
import type { TribePost } from '../../domain/tribeTypes';
import { CommentEditor } from './CommentEditor';
import { commentDraftChanged, commentRequested, replyCancelled, selectCommentComposer } from './commentsSlice';

interface CommentFormProps {
  post: TribePost;
  /** The textarea, so Reply can put the focus there. */
  textRef: Ref<HTMLTextAreaElement>;
}

/** "Write a comment" under a post: a comment on the post, or a reply to the comment Reply chose. */
export function CommentForm({ post, textRef }: CommentFormProps) {
  const dispatch = useAppDispatch();
  // The draft lives in the store: a comment finishing clears only its own text (typing since stays),
  // a refused one puts its text back, and several in a row each get their answer.
  const {
    draft,
    replyTo,
    sending,
    error: refused,
    posted,
  } = useAppSelector((state) => selectCommentComposer(state, post.id));
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = invalid ?? refused;
  const posting = sending.length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The operation checks the text too; this says what is wrong before anything is sent.
    const problem = validateCommentBody(draft);
    if (problem) {
      setInvalid(problem);
      return;
    }
    // Post comment may be busy while posting, which would drop the focus on <body>: keep it in the text.
    event.currentTarget.querySelector('textarea')?.focus();
    dispatch(
      commentRequested({
        postId: post.id,
        tribeId: post.tribeId,
        postAuthorId: post.authorId,
        body: draft,
        parent: replyTo ? { id: replyTo.commentId, authorId: replyTo.authorId } : null,
      }),
    );
  };

  return (
    <form className="comment-form" onSubmit={submit} noValidate aria-label={replyTo ? 'Reply' : 'New comment'}>
      {replyTo && (
        <p className="comment-form__reply">
          <span>
            Replying to <strong>{replyTo.quotedName}</strong>
          </span>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => dispatch(replyCancelled({ postId: post.id }))}
          >
            Cancel reply
          </button>
        </p>
      )}
      <CommentEditor
        ref={textRef}
        label="Write a comment"
        value={draft}
        onChange={(value) => {
          dispatch(commentDraftChanged({ postId: post.id, draft: value }));
          setInvalid(null);
        }}
        maxLength={COMMENT_BODY_MAX}
        error={error}
      />
      <div className="comment-form__actions">
        <span className="muted" role="status">
          {posting ? 'Posting…' : posted ? posted.message : ''}
        </span>
        <button type="submit" className="button button--primary" aria-busy={posting || undefined}>
          Post comment
        </button>
      </div>
    </form>
  );
}
