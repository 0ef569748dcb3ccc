import type { FormEvent, ReactNode } from 'react';
import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { PostComment } from '../../domain/conversationTypes';
import { COMMENT_BODY_MAX } from '../../domain/conversationTypes';
import { validateCommentBody } from '../../domain/conversationValidation';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { CollapsedFromBlocked } from '../../ui/CollapsedFromBlocked';
import { ReportButton } from '../safety/components';
import { CommentBody } from './CommentBody';
import { CommentEditor } from './CommentEditor';
import { formatCommentTime, isoTime } from './commentFormat';
import { editClosed, editRequested, selectCommentBusy, selectEdit } from './commentsSlice';
import { ReactionsBar } from './ReactionsBar';

export type CommentRemoval = 'delete' | 'remove';

interface CommentItemProps {
  comment: PostComment;
  viewerUid: string | null;
  /** Members comment, reply and react. */
  canTakePart: boolean;
  /** The tribe's owner or a moderator: Remove on others' comments. */
  canModerate: boolean;
  /** Written by someone the viewer blocked: collapsed to one line until revealed. */
  fromBlocked: boolean;
  onReply: (comment: PostComment) => void;
  onRemove: (comment: PostComment, how: CommentRemoval) => void;
  /** Its replies, under it. */
  children?: ReactNode;
}

/** Edits the comment in place; closes once the edit is saved. */
function CommentEditForm({ comment, onDone }: { comment: PostComment; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const edit = useAppSelector((state) => selectEdit(state, comment.id));
  const saving = useAppSelector((state) => selectCommentBusy(state, comment.id, 'edit'));
  const [text, setText] = useState(comment.body);
  const [invalid, setInvalid] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // Answers to edits sent before this form opened are not this form's.
  const [openedAt] = useState(edit?.seq ?? 0);
  const answer = edit && edit.seq > openedAt ? edit : null;

  useEffect(() => textRef.current?.focus(), []);
  useEffect(() => {
    if (answer?.status === 'saved') onDone();
  }, [answer, onDone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateCommentBody(text);
    if (problem) {
      setInvalid(problem);
      return;
    }
    dispatch(editRequested({ postId: comment.postId, commentId: comment.id, body: text }));
  };
  return (
    <form className="comment__edit" onSubmit={submit} noValidate aria-label="Editing your comment">
      <CommentEditor
        ref={textRef}
        label="Edit comment"
        value={text}
        onChange={(value) => {
          setText(value);
          setInvalid(null);
        }}
        maxLength={COMMENT_BODY_MAX}
        error={invalid ?? (answer?.status === 'failed' ? answer.message : null)}
      />
      <div className="comment__edit-actions">
        <button type="submit" className="button button--primary" aria-busy={saving || undefined}>
          Save
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One comment: who wrote it and when, its text, its reactions, and what the viewer may do with it. */
export const CommentItem = memo(function CommentItem({
  comment,
  viewerUid,
  canTakePart,
  canModerate,
  fromBlocked,
  onReply,
  onRemove,
  children,
}: CommentItemProps) {
  const dispatch = useAppDispatch();
  const authorId = useId();
  const timeId = useId();
  const [revealed, setRevealed] = useState(false);
  const [editing, setEditing] = useState(false);
  const busy = useAppSelector((state) => selectCommentBusy(state, comment.id));
  const editRef = useRef<HTMLButtonElement>(null);
  const isOwn = comment.authorId === viewerUid;

  const commentId = comment.id;
  const stopEditing = useCallback(() => {
    setEditing(false);
    dispatch(editClosed({ commentId }));
    // Back where the edit started.
    requestAnimationFrame(() => editRef.current?.focus());
  }, [dispatch, commentId]);

  if (fromBlocked && !revealed) {
    return (
      <CollapsedFromBlocked block="comment" onReveal={() => setRevealed(true)}>
        {children}
      </CollapsedFromBlocked>
    );
  }

  const describedBy = `${authorId} ${timeId}`;
  return (
    <article className="comment" aria-labelledby={authorId}>
      <header className="comment__header">
        <Avatar name={comment.authorName} photoURL={comment.authorPhoto} size={28} />
        <div className="comment__meta">
          <Link id={authorId} to={`/profile/${encodeURIComponent(comment.authorId)}`} className="comment__author">
            {comment.authorName}
          </Link>
          <span className="muted comment__time">
            <time id={timeId} dateTime={isoTime(comment.createdAt)}>
              {comment.createdAt > 0 ? formatCommentTime(comment.createdAt) : 'Just now'}
            </time>
            {comment.editedAt !== null && (
              <>
                {' · '}
                <span
                  className="comment__edited"
                  title={comment.editedAt > 0 ? `Edited ${formatCommentTime(comment.editedAt)}` : undefined}
                >
                  edited
                </span>
              </>
            )}
          </span>
        </div>
      </header>
      {editing ? <CommentEditForm comment={comment} onDone={stopEditing} /> : <CommentBody source={comment.body} />}
      <div className="comment__footer">
        <ReactionsBar target={{ type: 'comment', on: comment }} canReact={canTakePart} describedBy={describedBy} />
        <div className="comment__actions">
          {canTakePart && (
            <Button variant="ghost" aria-describedby={describedBy} onClick={() => onReply(comment)}>
              Reply
            </Button>
          )}
          {isOwn && !editing && (
            <Button
              ref={editRef}
              variant="ghost"
              disabled={busy}
              aria-describedby={describedBy}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
          )}
          {/* Own comments are deleted; the tribe's owner and moderators remove others'. */}
          {(isOwn || canModerate) && (
            <Button
              variant="ghost"
              className="comment__delete"
              busy={busy}
              aria-describedby={describedBy}
              onClick={() => onRemove(comment, isOwn ? 'delete' : 'remove')}
            >
              {isOwn ? 'Delete comment' : 'Remove comment'}
            </Button>
          )}
          {!isOwn && viewerUid && (
            <ReportButton
              target={{ kind: 'comment', id: comment.id, label: comment.body.slice(0, 120) }}
              label={`Report comment by ${comment.authorName}`}
            />
          )}
        </div>
      </div>
      {children}
    </article>
  );
});
