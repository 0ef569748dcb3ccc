import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppNotification } from '../../domain/profileTypes';
import { Avatar } from '../../ui/Avatar';
import { SectionBoundary } from '../../ui/SectionBoundary';
import { postConversationPath } from '../conversations';
import {
  closed,
  opened,
  selectHasNewNotification,
  selectInboxNotifications,
  selectNotificationsPanelOpen,
} from './notificationsSlice';

/** Where a notification leads, and what the link says. */
function notificationLink(notification: AppNotification): { to: string; label: string } {
  if (notification.type === 'friendRequest') return { to: '/dashboard', label: 'Answer on your dashboard' };
  if (notification.tribeId && notification.postId)
    return { to: postConversationPath(notification.tribeId, notification.postId), label: 'See the conversation' };
  return { to: `/profile/${notification.senderId}`, label: 'View profile' };
}

function timeAgo(iso: string, now: number): string {
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  if (!Number.isFinite(minutes)) return '';
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(iso).toLocaleDateString();
}

/**
 * The header bell: the unread count, and a disclosure panel listing unread notifications newest
 * first. Opening it dispatches notifications/opened (the saga marks them read), closing it
 * notifications/closed; the panel keeps showing what was unread when it opened, so items do not
 * vanish while being read.
 */
export function NotificationsBell() {
  const dispatch = useAppDispatch();
  const inbox = useAppSelector(selectInboxNotifications);
  const hasNew = useAppSelector(selectHasNewNotification);
  const open = useAppSelector(selectNotificationsPanelOpen);
  // What was unread when this bell opened the panel; the live inbox when the store opened it (a replay).
  const [snapshot, setSnapshot] = useState<{ notifications: AppNotification[]; at: number } | null>(null);
  const [mountedAt] = useState(() => Date.now());
  const shown = snapshot?.notifications ?? inbox;
  const openedAt = snapshot?.at ?? mountedAt;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const count = inbox.length;

  const close = (returnFocus: boolean) => {
    setSnapshot(null);
    dispatch(closed());
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return undefined;
    panelRef.current?.focus();
    const onPointerDown = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) {
        setSnapshot(null);
        dispatch(closed());
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, dispatch]);

  const toggle = () => {
    if (open) {
      close(false);
      return;
    }
    setSnapshot({ notifications: inbox, at: Date.now() });
    dispatch(opened());
  };

  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <div
      className="bell"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        // New notifications: a dot, or a ring around the count when there is one (they would overlap).
        className={`button button--ghost bell__button${hasNew && count === 0 ? ' bell__button--new' : ''}`}
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {count > 0 && (
          <span className={`bell__count${hasNew ? ' bell__count--new' : ''}`} aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <div
        id={panelId}
        ref={panelRef}
        className="bell__panel card"
        role="region"
        aria-label="Notifications"
        tabIndex={-1}
        hidden={!open}
      >
        <h2 className="bell__title">Notifications</h2>
        {/* Only while open: closed, on every page, the header would render the whole inbox hidden
            (in a cold start its first date, toLocaleDateString's first use, was a 50 ms task). */}
        {open &&
          (shown.length === 0 ? (
            <p className="muted">You are all caught up. New friend requests, answers and comments show here.</p>
          ) : (
            <ul className="bell__list">
              {shown.map((notification) => (
                <li key={notification.id} className="bell__item">
                  <SectionBoundary
                    section="notification"
                    message="This notification could not be shown."
                    resetKeys={[notification]}
                  >
                    <Avatar name={notification.senderName} photoURL={notification.senderPhoto} size={32} />
                    <div>
                      <p className="bell__message">{notification.message}</p>
                      <p className="bell__meta muted">
                        {timeAgo(notification.createdAt, openedAt)}
                        {' · '}
                        <Link to={notificationLink(notification).to} onClick={() => close(false)}>
                          {notificationLink(notification).label}
                        </Link>
                      </p>
                    </div>
                  </SectionBoundary>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}
