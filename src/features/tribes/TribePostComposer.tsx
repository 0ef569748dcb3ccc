import type { FormEvent } from 'react';
import { useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { POST_BODY_MAX } from '../../domain/tribeTypes';
import { MarkdownEditor } from '../../ui/markdown';
import { draftChanged, postRequested, selectComposer } from './tribesSlice';

export function TribePostComposer({ tribeId }: { tribeId: string }) {
  const dispatch = useAppDispatch();
  // The draft lives in the store: a post finishing clears only its own text (typing since stays),
  // a refused one puts its text back, and several posts in a row each get their answer.
  const { draft, sending, error: refused } = useAppSelector((state) => selectComposer(state, tribeId));
  const [empty, setEmpty] = useState(false);
  const error = empty ? 'Write something before posting' : refused;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The saga checks the body too (and answers with a message); this only keeps empty posts off the wire.
    if (draft.trim().length === 0) {
      setEmpty(true);
      return;
    }
    // Post may be disabled while posting, which would drop the focus on <body>: keep it in the text.
    event.currentTarget.querySelector('textarea')?.focus();
    // Posted while another is on its way: it is published after it, in order (the same text twice is a double click).
    dispatch(postRequested({ tribeId, body: draft }));
  };
  const posting = sending.length > 0;

  return (
    <form className="card composer" onSubmit={submit} noValidate aria-label="New post">
      <MarkdownEditor
        label="Write a post"
        name="body"
        value={draft}
        onChange={(value) => {
          dispatch(draftChanged({ tribeId, draft: value }));
          setEmpty(false);
        }}
        maxLength={POST_BODY_MAX}
        error={error}
      />
      <div className="composer__actions">
        {posting && (
          <span className="muted" role="status">
            Publishing…
          </span>
        )}
        <button type="submit" className="button button--primary" aria-busy={posting || undefined}>
          Post
        </button>
      </div>
    </form>
  );
}
