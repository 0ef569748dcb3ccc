import type { FormEvent } from 'react';
import { useId, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatCount } from '../../domain/formatCount';
import { POST_BODY_MAX } from '../../domain/tribeTypes';
import { draftChanged, postRequested, selectComposer } from './tribesSlice';

export function TribePostComposer({ tribeId }: { tribeId: string }) {
  const dispatch = useAppDispatch();
  // The draft lives in the store: a post finishing clears only its own text (typing since stays),
  // a refused one puts its text back, and several posts in a row each get their answer.
  const { draft, sending, error: refused } = useAppSelector((state) => selectComposer(state, tribeId));
  const [empty, setEmpty] = useState(false);
  const error = empty ? 'Write something before posting' : refused;
  const bodyId = useId();

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
  const length = draft.trim().length;
  const posting = sending.length > 0;

  return (
    <form className="card composer" onSubmit={submit} noValidate aria-label="New post">
      <div className={error ? 'field field--invalid' : 'field'}>
        <label htmlFor={bodyId}>Write a post</label>
        <textarea
          id={bodyId}
          rows={4}
          value={draft}
          onChange={(event) => {
            dispatch(draftChanged({ tribeId, draft: event.target.value }));
            setEmpty(false);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${bodyId}-count${error ? ` ${bodyId}-error` : ''}`}
        />
        <p id={`${bodyId}-count`} className={length > POST_BODY_MAX ? 'field__hint field__count--over' : 'field__hint'}>
          {formatCount(length)} / {formatCount(POST_BODY_MAX)} characters
        </p>
        {error && (
          <p id={`${bodyId}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
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
