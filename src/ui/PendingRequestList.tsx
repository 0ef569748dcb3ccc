import type { ReactNode } from 'react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';

import { Avatar } from './Avatar';
import { Button } from './Button';

interface PendingRequest {
  personId: string;
  name: string;
  photoURL: string | null;
  /** An answer to this request is on its way. */
  busy: boolean;
  /** What the person wrote, where the request carries a note. */
  note?: string;
}

interface PendingRequestListProps {
  headingId: string;
  heading: ReactNode;
  emptyMessage: string;
  className: string;
  requests: readonly PendingRequest[];
  /** Whether the requests carry notes ("No note." where one is empty). */
  withNotes?: boolean;
  onApprove: (personId: string) => void;
  onDecline: (personId: string) => void;
}

/** People asking to join (a tribe, a project), each with Approve and Decline, for the owner. */
export function PendingRequestList({
  headingId,
  heading,
  emptyMessage,
  className,
  requests,
  withNotes = false,
  onApprove,
  onDecline,
}: PendingRequestListProps) {
  // An answered request leaves the list: focus waits on the section rather than falling to <body>.
  const sectionRef = useRef<HTMLElement>(null);
  const answer = (respond: (personId: string) => void, personId: string) => {
    sectionRef.current?.focus();
    respond(personId);
  };
  return (
    <section ref={sectionRef} className={className} aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId}>{heading}</h2>
      {requests.length === 0 ? (
        <p className="muted">{emptyMessage}</p>
      ) : (
        <ul className="request-list">
          {requests.map((request) => (
            <li key={request.personId} className="request-list__item" aria-label={`Request from ${request.name}`}>
              <div className="person-row">
                <Avatar name={request.name} photoURL={request.photoURL} size={32} />
                <Link className="person-row__name" to={`/profile/${encodeURIComponent(request.personId)}`}>
                  {request.name}
                </Link>
                <div className="person-row__actions">
                  <Button
                    busy={request.busy}
                    onClick={() => answer(onApprove, request.personId)}
                    aria-label={`Approve ${request.name}`}
                  >
                    Approve
                  </Button>
                  <Button
                    variant="secondary"
                    busy={request.busy}
                    onClick={() => answer(onDecline, request.personId)}
                    aria-label={`Decline ${request.name}`}
                  >
                    Decline
                  </Button>
                </div>
              </div>
              {withNotes &&
                (request.note ? (
                  <blockquote className="request-list__note" dir="auto">
                    {request.note}
                  </blockquote>
                ) : (
                  <p className="muted request-list__note">No note.</p>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
