import { useId, useRef, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isPending } from '../../app/sagas';
import type { Project, ProjectApplication } from '../../domain/projectTypes';
import { NOTE_MAX } from '../../domain/projectTypes';
import { Button } from '../../ui/Button';
import { joinRequested, operationKey, selectProjectsInFlight, withdrawRequested } from './projectsSlice';

/** Where a visitor asks to join (with a note), sees the request waiting, or withdraws it. */
export function ProjectJoinPanel({
  project,
  application,
  uid,
}: {
  project: Project;
  application: ProjectApplication | null;
  uid: string;
}) {
  const dispatch = useAppDispatch();
  const inFlight = useAppSelector(selectProjectsInFlight);
  const [note, setNote] = useState('');
  const noteId = useId();
  const isMember = project.memberIds.includes(uid);
  const applying = isPending(inFlight, operationKey('apply', project.id, null), 'apply');
  const withdrawing = isPending(inFlight, operationKey('withdraw', project.id, null), 'withdraw');
  // The form and the Withdraw button replace each other: focus waits on the panel meanwhile.
  const panelRef = useRef<HTMLElement>(null);

  let body;
  if (isMember) {
    body = <p>You are a member of this team.</p>;
  } else if (application?.status === 'pending') {
    body = (
      <>
        <p>Your request to join is waiting for the owner.</p>
        {application.note && (
          <blockquote className="project__note" dir="auto">
            {application.note}
          </blockquote>
        )}
        <Button
          variant="secondary"
          busy={withdrawing}
          onClick={() => {
            panelRef.current?.focus();
            dispatch(withdrawRequested({ projectId: project.id }));
          }}
        >
          Withdraw
        </Button>
      </>
    );
  } else if (project.status !== 'recruiting') {
    body = <p className="muted">This project is not recruiting right now.</p>;
  } else {
    body = (
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (note.trim().length > NOTE_MAX) return;
          panelRef.current?.focus();
          dispatch(joinRequested({ projectId: project.id, note }));
        }}
      >
        {application?.status === 'declined' && (
          <p className="muted">Your last request was declined. You may ask again.</p>
        )}
        <div className={note.trim().length > NOTE_MAX ? 'field field--invalid' : 'field'}>
          <label htmlFor={noteId}>Note to the owner</label>
          <textarea
            id={noteId}
            rows={3}
            value={note}
            aria-describedby={`${noteId}-hint`}
            aria-invalid={note.trim().length > NOTE_MAX ? true : undefined}
            placeholder="What would you like to work on?"
            // The pending request replaces this form on success: a note typed meanwhile would be lost.
            readOnly={applying}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={`${noteId}-hint`} className={note.trim().length > NOTE_MAX ? 'field__error' : 'field__hint'}>
            Optional, up to {NOTE_MAX} characters ({note.trim().length}/{NOTE_MAX})
          </p>
        </div>
        <div>
          <Button type="submit" busy={applying} disabled={note.trim().length > NOTE_MAX}>
            Request to join
          </Button>
        </div>
      </form>
    );
  }
  return (
    <section ref={panelRef} className="card project__section" aria-labelledby="project-join" tabIndex={-1}>
      <h2 id="project-join">Join this project</h2>
      {body}
    </section>
  );
}
