import type { RefObject } from 'react';
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { FriendEntry } from '../../domain/profileTypes';
import { searchKey } from '../../domain/searchText';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useVirtualList } from '../../ui/useVirtualList';
import { removeRequested, selectFriendsList, selectFriendsListStatus, selectInFlight } from './friendsSlice';
import { useRemoveFriendConfirmation } from './useRemoveFriendConfirmation';

/** From this many friends on, the panel offers a filter. */
const FRIENDS_FILTER_FROM = 51;
/** A friend row: a 36 px avatar, 6 px padding above and below, a 1 px border; 4 px between rows. */
const FRIEND_ROW_ESTIMATE_PX = 49;
const FRIEND_ROW_GAP_PX = 4;
/** The friends list's box at its tallest (styles/friends.css .dashboard__friends-scroll, max-height 28rem): its size until it has been laid out. */
const FRIENDS_BOX_ESTIMATE = { width: 0, height: 448 };

interface FriendRowsProps {
  friends: FriendEntry[];
  inFlight: Record<string, unknown>;
  onRemove: (friend: FriendEntry, button: HTMLButtonElement) => void;
  scrollRef: RefObject<HTMLDivElement>;
}

/**
 * Only the rows in view (and a few around them) are in the DOM, so 5,000 friends cost what 20
 * do; the list scrolls in its own box so the panels below stay within reach. Memoized: a
 * keystroke in the filter re-renders the panel at once, the rows only when the (deferred) match changes.
 */
const FriendRows = memo(function FriendRows({ friends, inFlight, onRemove, scrollRef }: FriendRowsProps) {
  const { rows, paddingTop, paddingBottom, measureElement } = useVirtualList({
    scrollRef,
    initialRect: FRIENDS_BOX_ESTIMATE,
    count: friends.length,
    estimateSize: FRIEND_ROW_ESTIMATE_PX,
    gap: FRIEND_ROW_GAP_PX,
    overscan: 6,
    getItemKey: (index) => friends[index]?.id ?? index,
  });
  return (
    <div ref={scrollRef} className="dashboard__friends-scroll">
      <ul className="person-list" style={{ paddingTop, paddingBottom }}>
        {rows.map((row) => {
          const friend = friends[row.index];
          if (!friend) return null;
          return (
            <li
              key={row.key}
              ref={measureElement}
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

export function FriendsPanel() {
  const dispatch = useAppDispatch();
  const friends = useAppSelector(selectFriendsList);
  const status = useAppSelector(selectFriendsListStatus);
  const inFlight = useAppSelector(selectInFlight);
  const [filter, setFilter] = useState('');
  // Typing paints at once; the list follows at lower priority.
  const deferredFilter = useDeferredValue(filter);
  const { confirming, ask, close } = useRemoveFriendConfirmation('friendsPanel');
  // Where focus goes when the confirmation closes: the Remove button, or the panel once the row goes.
  const removeButton = useRef<HTMLElement | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const confirmRemoval = useCallback(
    (friend: FriendEntry, button: HTMLButtonElement) => {
      removeButton.current = button;
      ask(friend);
    },
    [ask],
  );

  // Names as search compares them, worked out once per list rather than on every keystroke.
  const nameKeys = useMemo(() => friends.map((friend) => searchKey(friend.displayName)), [friends]);
  const matching = useMemo(() => {
    const query = searchKey(deferredFilter);
    return query ? friends.filter((_friend, index) => nameKeys[index]?.includes(query) === true) : friends;
  }, [friends, nameKeys, deferredFilter]);

  return (
    <section
      ref={panelRef}
      className="card dashboard__panel dashboard__panel--wide"
      aria-labelledby="friends-title"
      tabIndex={-1}
    >
      <h2 id="friends-title">Friends {friends.length > 0 && <span className="count">{friends.length}</span>}</h2>
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
          <FriendRows friends={matching} inFlight={inFlight} scrollRef={scrollRef} onRemove={confirmRemoval} />
          {matching.length === 0 && <p className="muted">No friend matches “{deferredFilter}”.</p>}
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Remove ${confirming.displayName} from your friends?`}
          confirmLabel="Remove friend"
          cancelLabel="Keep friend"
          safeChoiceFirst
          onConfirm={() => {
            removeButton.current = panelRef.current;
            dispatch(removeRequested({ friendId: confirming.friendId }));
          }}
          onClose={close}
          returnFocusRef={removeButton}
        >
          You will disappear from each other's friends lists. You can send a new request later.
        </ConfirmDialog>
      )}
    </section>
  );
}
