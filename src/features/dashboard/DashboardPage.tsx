import type { ReactNode } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { SectionBoundary } from '../../ui/SectionBoundary';
import {
  acceptRequested,
  cancelRequested,
  declineRequested,
  removeRequested,
  selectFriendsList,
  selectFriendsListStatus,
  selectIncomingRequests,
  selectInFlight,
  selectLastOutcome,
  selectSentRequests,
  staleRequestsCleanupRequested,
} from '../friends/friendsSlice';
import { StuckRemovalsNotice } from '../friends/StuckRemovalsNotice';
import type { FriendEntry } from '../profile/profileTypes';
import { selectSessionUser } from '../session/sessionSlice';
import { dashboardOpened, selectProfileCompleteness } from './dashboardSlice';
import { MyProjectsPanel, MyTribesPanel } from './MyCommunityPanels';
import { ProfileCompletenessMeter } from './ProfileCompletenessMeter';
import { RecommendedPeoplePanel, RecommendedProjectsPanel, RecommendedTribesPanel } from './RecommendationPanels';

/** A panel that cannot be shown leaves the rest of the dashboard in place. */
function Panel({ name, children }: { name: string; children: ReactNode }) {
  return (
    <SectionBoundary section={`dashboard: ${name}`} message="This panel could not be loaded." className="card dashboard__panel" retry>
      {children}
    </SectionBoundary>
  );
}

/** Friends render a page at a time, so 5,000 of them stay responsive. */
export const FRIENDS_PAGE_SIZE = 50;

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function OutcomeRegion() {
  const outcome = useAppSelector(selectLastOutcome);
  // Always mounted so screen readers hear each new message.
  return (
    <p className={`dashboard__outcome${outcome && !outcome.success ? ' dashboard__outcome--error' : ''}`} role="status" aria-live="polite">
      {outcome?.message ?? ''}
    </p>
  );
}

/**
 * A panel whose row buttons disappear once their action is done: focus moves to the panel first,
 * so a keyboard user continues from there instead of from the top of the page.
 */
function usePanelFocus() {
  const panelRef = useRef<HTMLElement>(null);
  const focusPanel = () => panelRef.current?.focus();
  return { panelRef, focusPanel };
}

function IncomingRequestsPanel() {
  const dispatch = useAppDispatch();
  const requests = useAppSelector(selectIncomingRequests);
  const inFlight = useAppSelector(selectInFlight);
  const { panelRef, focusPanel } = usePanelFocus();
  const act = (action: Parameters<typeof dispatch>[0]) => {
    focusPanel();
    dispatch(action);
  };
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

function SentRequestsPanel() {
  const dispatch = useAppDispatch();
  const requests = useAppSelector(selectSentRequests);
  const inFlight = useAppSelector(selectInFlight);
  const { panelRef, focusPanel } = usePanelFocus();
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
                  onClick={() => {
                    focusPanel();
                    dispatch(cancelRequested({ receiverId: request.receiverId, requestId: request.requestId }));
                  }}
                >
                  Cancel
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--ghost dashboard__check" onClick={() => dispatch(staleRequestsCleanupRequested())}>
        Check sent requests
      </button>
    </section>
  );
}

function FriendsPanel() {
  const dispatch = useAppDispatch();
  const friends = useAppSelector(selectFriendsList);
  const status = useAppSelector(selectFriendsListStatus);
  const inFlight = useAppSelector(selectInFlight);
  const [filter, setFilter] = useState('');
  const [visible, setVisible] = useState(FRIENDS_PAGE_SIZE);
  const [confirming, setConfirming] = useState<FriendEntry | null>(null);
  // Where focus goes when the confirmation closes: the Remove button, or the panel once the row goes.
  const removeButton = useRef<HTMLElement | null>(null);
  const { panelRef } = usePanelFocus();

  const matching = useMemo(() => {
    const query = filter.trim().toLowerCase();
    return query ? friends.filter((friend) => friend.displayName.toLowerCase().includes(query)) : friends;
  }, [friends, filter]);
  const shown = matching.slice(0, visible);

  return (
    <section ref={panelRef} className="card dashboard__panel dashboard__panel--wide" aria-labelledby="friends-title" tabIndex={-1}>
      <h2 id="friends-title">
        Friends {friends.length > 0 && <span className="count">{friends.length}</span>}
      </h2>
      {status === 'loading' && friends.length === 0 ? (
        <p className="muted">Loading friends…</p>
      ) : status === 'failed' && friends.length === 0 ? (
        <p className="muted">Your friends could not be loaded. They will show when the connection is back.</p>
      ) : friends.length === 0 ? (
        <p className="muted">
          No friends yet. <Link to="/explore">Explore people</Link> and send a friend request to get started.
        </p>
      ) : (
        <>
          {friends.length > FRIENDS_PAGE_SIZE && (
            <label className="field dashboard__filter">
              <span>Find a friend</span>
              <input
                type="search"
                value={filter}
                onChange={(event) => {
                  setFilter(event.target.value);
                  setVisible(FRIENDS_PAGE_SIZE);
                }}
              />
            </label>
          )}
          <ul className="person-list">
            {shown.map((friend) => (
              <li key={friend.id} className="person-row">
                <Avatar name={friend.displayName} photoURL={friend.photoURL} size={36} />
                <Link className="person-row__name" to={`/profile/${friend.id}`}>
                  {friend.displayName}
                </Link>
                <div className="person-row__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={Boolean(inFlight[friend.id])}
                    aria-label={`Remove friend ${friend.displayName}`}
                    onClick={(event) => {
                      removeButton.current = event.currentTarget;
                      setConfirming(friend);
                    }}
                  >
                    Remove friend
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {matching.length === 0 && <p className="muted">No friend matches “{filter}”.</p>}
          {matching.length > shown.length && (
            <button type="button" className="button button--secondary" onClick={() => setVisible((count) => count + FRIENDS_PAGE_SIZE)}>
              Show more ({matching.length - shown.length} more)
            </button>
          )}
        </>
      )}
      {confirming && (
        <Modal
          title={`Remove ${confirming.displayName} from your friends?`}
          onClose={() => setConfirming(null)}
          returnFocusRef={removeButton}
          actions={
            <>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
                Keep friend
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  removeButton.current = panelRef.current;
                  dispatch(removeRequested({ friendId: confirming.id }));
                  setConfirming(null);
                }}
              >
                Remove friend
              </button>
            </>
          }
        >
          <p>You will disappear from each other's friends lists. You can send a new request later.</p>
        </Modal>
      )}
    </section>
  );
}

export default function DashboardPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectSessionUser);
  const completeness = useAppSelector(selectProfileCompleteness);
  const name = user?.profile.displayName ?? user?.displayName ?? 'there';
  const hour = useMemo(() => new Date().getHours(), []);
  // Each visit reads the panels again; what was read before stays on screen meanwhile.
  useEffect(() => {
    dispatch(dashboardOpened());
  }, [dispatch]);
  return (
    <div className="dashboard">
      <header className="page-header">
        <h1>Dashboard</h1>
        <p>
          {greeting(hour)}, {name}.
        </p>
      </header>
      <OutcomeRegion />
      <StuckRemovalsNotice />
      <div className="dashboard__grid">
        {completeness && (
          <Panel name="profile completeness">
            <ProfileCompletenessMeter completeness={completeness} />
          </Panel>
        )}
        <Panel name="friend requests">
          <IncomingRequestsPanel />
        </Panel>
        <Panel name="sent requests">
          <SentRequestsPanel />
        </Panel>
        <Panel name="friends">
          <FriendsPanel />
        </Panel>
        <Panel name="my tribes">
          <MyTribesPanel />
        </Panel>
        <Panel name="my projects">
          <MyProjectsPanel />
        </Panel>
        <Panel name="recommended people">
          <RecommendedPeoplePanel />
        </Panel>
        <Panel name="recommended projects">
          <RecommendedProjectsPanel />
        </Panel>
        <Panel name="recommended tribes">
          <RecommendedTribesPanel />
        </Panel>
      </div>
    </div>
  );
}
