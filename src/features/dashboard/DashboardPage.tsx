import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode, RefObject } from 'react';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { FriendEntry } from '../../domain/profileTypes';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { SectionBoundary } from '../../ui/SectionBoundary';
import { measureElementOrEstimate, observeElementRectOrFallback } from '../../ui/virtualLayout';
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
} from '../friends';
import { StuckRemovalsNotice } from '../friends/components';
import { selectSessionUser } from '../session';
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
/** From this many friends on, the panel offers a filter. */
export const FRIENDS_FILTER_FROM = 51;
/** A friend row: a 36 px avatar, 6 px padding above and below, a 1 px border; 4 px between rows. */
const FRIEND_ROW_ESTIMATE_PX = 49;
const FRIEND_ROW_GAP_PX = 4;

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

interface FriendRowsProps {
  friends: FriendEntry[];
  inFlight: Record<string, unknown>;
  onRemove: (friend: FriendEntry, button: HTMLButtonElement) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
}

/**
 * Only the rows in view (and a few around them) are in the DOM, so 5,000 friends cost what 20
 * do; the list scrolls in its own box so the panels below stay within reach. Memoized: a
 * keystroke in the filter re-renders the panel at once, the rows only when the (deferred) match changes.
 */
const FriendRows = memo(function FriendRows({ friends, inFlight, onRemove, scrollRef }: FriendRowsProps) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's own state drives its re-renders
  const virtualizer = useVirtualizer({
    count: friends.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => FRIEND_ROW_ESTIMATE_PX,
    gap: FRIEND_ROW_GAP_PX,
    overscan: 6,
    getItemKey: (index) => friends[index]?.id ?? index,
    observeElementRect: observeElementRectOrFallback,
    measureElement: measureElementOrEstimate,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows[rows.length - 1];
  // Padding stands in for the rows out of view, so the scroll bar is the whole list's.
  const paddingTop = first?.start ?? 0;
  const paddingBottom = last ? Math.max(0, virtualizer.getTotalSize() - last.end) : 0;
  return (
    <div ref={scrollRef} className="dashboard__friends-scroll">
      <ul className="person-list" style={{ paddingTop, paddingBottom }}>
        {rows.map((row) => {
          const friend = friends[row.index];
          if (!friend) return null;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              aria-setsize={friends.length}
              aria-posinset={row.index + 1}
              className="person-row"
            >
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
                  onClick={(event) => onRemove(friend, event.currentTarget)}
                >
                  Remove friend
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
});

function FriendsPanel() {
  const dispatch = useAppDispatch();
  const friends = useAppSelector(selectFriendsList);
  const status = useAppSelector(selectFriendsListStatus);
  const inFlight = useAppSelector(selectInFlight);
  const [filter, setFilter] = useState('');
  // Typing paints at once; the list follows at lower priority.
  const deferredFilter = useDeferredValue(filter);
  const [confirming, setConfirming] = useState<FriendEntry | null>(null);
  // Where focus goes when the confirmation closes: the Remove button, or the panel once the row goes.
  const removeButton = useRef<HTMLElement | null>(null);
  const { panelRef } = usePanelFocus();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const confirmRemoval = useCallback((friend: FriendEntry, button: HTMLButtonElement) => {
    removeButton.current = button;
    setConfirming(friend);
  }, []);

  const matching = useMemo(() => {
    const query = deferredFilter.trim().toLowerCase();
    return query ? friends.filter((friend) => friend.displayName.toLowerCase().includes(query)) : friends;
  }, [friends, deferredFilter]);

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
          {friends.length >= FRIENDS_FILTER_FROM && (
            <label className="field dashboard__filter">
              <span>Find a friend</span>
              <input
                type="search"
                value={filter}
                onChange={(event) => {
                  setFilter(event.target.value);
                  if (scrollRef.current) scrollRef.current.scrollTop = 0;
                }}
              />
            </label>
          )}
          <FriendRows
            friends={matching}
            inFlight={inFlight}
            scrollRef={scrollRef}
            onRemove={confirmRemoval}
          />
          {matching.length === 0 && <p className="muted">No friend matches “{deferredFilter}”.</p>}
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
