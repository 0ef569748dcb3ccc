import { useRef } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatCount } from '../../domain/formatCount';
import { Avatar } from '../../ui/Avatar';
import {
  acceptRequested,
  cancelRequested,
  declineRequested,
  selectIncomingRequests,
  selectInFlight,
  selectLastOutcome,
  selectSentRequests,
  selectSentRequestsCheck,
  sentRequestsCheckRequested,
} from './friendsSlice';
import type { SentRequestsCheck } from './friendsSlice';

/** The last friends operation's message; always mounted so screen readers hear each new one. */
export function FriendsOutcomeRegion() {
  const outcome = useAppSelector(selectLastOutcome);
  return (
    <p
      className={`dashboard__outcome${outcome && !outcome.success ? ' dashboard__outcome--error' : ''}`}
      role="status"
      aria-live="polite"
    >
      {outcome?.message ?? ''}
    </p>
  );
}

/**
 * A panel whose row buttons disappear once their action is done: focus moves to the panel first,
 * so a keyboard user continues from there instead of from the top of the page.
 */
function usePanelAction() {
  const dispatch = useAppDispatch();
  const panelRef = useRef<HTMLElement>(null);
  const act = (action: Parameters<typeof dispatch>[0]) => {
    panelRef.current?.focus();
    dispatch(action);
  };
  return { panelRef, act };
}

export function IncomingRequestsPanel() {
  const requests = useAppSelector(selectIncomingRequests);
  const inFlight = useAppSelector(selectInFlight);
  const { panelRef, act } = usePanelAction();
  return (
    <section ref={panelRef} className="card dashboard__panel" aria-labelledby="incoming-title" tabIndex={-1}>
      <h2 id="incoming-title">
        Friend requests {requests.length > 0 && <span className="count">{requests.length}</span>}
      </h2>
      {requests.length === 0 ? (
        <p className="muted">
          No requests waiting. <Link to="/explore">Explore people</Link> to find developers to connect with.
        </p>
      ) : (
        <ul className="person-list">
          {requests.map((request) => (
            <li key={request.requestId} className="person-row">
              <Avatar name={request.senderName} photoURL={request.senderPhoto} size={36} />
              <Link className="person-row__name" to={`/profile/${request.senderId}`}>
                {request.senderName}
              </Link>
              <div className="person-row__actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={Boolean(inFlight[request.senderId])}
                  aria-label={`Accept ${request.senderName}`}
                  onClick={() => act(acceptRequested({ requestId: request.requestId, senderId: request.senderId }))}
                >
                  Accept
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={Boolean(inFlight[request.senderId])}
                  aria-label={`Decline ${request.senderName}`}
                  onClick={() => act(declineRequested({ requestId: request.requestId, senderId: request.senderId }))}
                >
                  Decline
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the user's own check found: each request is compared with its receiver's copy (spec section 4). */
function sentRequestsCheckMessage(check: SentRequestsCheck): string {
  if (check.status === 'failed') return 'Your sent requests could not be checked. Try again.';
  if (check.status !== 'done') return '';
  if (check.changed === 0) return 'Your sent requests are up to date.';
  return `${formatCount(check.changed)} sent ${check.changed === 1 ? 'request was' : 'requests were'} brought up to date.`;
}

export function SentRequestsPanel() {
  const dispatch = useAppDispatch();
  const check = useAppSelector(selectSentRequestsCheck);
  const requests = useAppSelector(selectSentRequests);
  const inFlight = useAppSelector(selectInFlight);
  const { panelRef, act } = usePanelAction();
  return (
    <section ref={panelRef} className="card dashboard__panel" aria-labelledby="sent-title" tabIndex={-1}>
      <h2 id="sent-title">Sent requests</h2>
      {requests.length === 0 ? (
        <p className="muted">
          You have no pending requests. <Link to="/explore">Find people to add</Link>.
        </p>
      ) : (
        <ul className="person-list">
          {requests.map((request) => (
            <li key={request.requestId} className="person-row">
              <Avatar name={request.receiverName} photoURL={request.receiverPhoto} size={36} />
              <Link className="person-row__name" to={`/profile/${request.receiverId}`}>
                {request.receiverName}
              </Link>
              <div className="person-row__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={Boolean(inFlight[request.receiverId])}
                  aria-label={`Cancel request to ${request.receiverName}`}
                  onClick={() => act(cancelRequested({ receiverId: request.receiverId, requestId: request.requestId }))}
                >
                  Cancel
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--ghost dashboard__check"
        onClick={() => dispatch(sentRequestsCheckRequested())}
        disabled={check.status === 'checking'}
        aria-busy={check.status === 'checking' || undefined}
      >
        {check.status === 'checking' ? 'Checking…' : 'Check sent requests'}
      </button>
      <p
        className={`dashboard__check-result${check.status === 'failed' ? ' dashboard__outcome--error' : ''}`}
        role="status"
      >
        {sentRequestsCheckMessage(check)}
      </p>
    </section>
  );
}
