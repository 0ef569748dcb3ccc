import type { KeyboardEvent } from 'react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isPending } from '../../app/sagas';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { selectSessionUser } from '../session';
import { ReportDialog } from './ReportDialog';
import {
  blockRequested,
  muteRequested,
  safetyKey,
  selectBlockedIds,
  selectLastSafetyOutcome,
  selectMutedIds,
  selectSafetyInFlight,
  unblockRequested,
  unmuteRequested,
} from './safetySlice';

interface PersonSafetyMenuProps {
  userId: string;
  name: string;
}

type Dialog = 'block' | 'report' | null;

/**
 * "More" beside a person: block or unblock, mute or unmute, report. A menu button (Escape and
 * a click elsewhere close it, focus returns to the button); blocking asks for confirmation.
 */
export function PersonSafetyMenu({ userId, name }: PersonSafetyMenuProps) {
  const dispatch = useAppDispatch();
  const viewerUid = useAppSelector(selectSessionUser)?.uid ?? null;
  const isBlocked = useAppSelector((state) => selectBlockedIds(state).has(userId));
  const isMuted = useAppSelector((state) => selectMutedIds(state).has(userId));
  const inFlight = useAppSelector(selectSafetyInFlight);
  const outcome = useAppSelector(selectLastSafetyOutcome);
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  // The menu opens from the button's end toward the page; where that would cross the screen's left
  // edge (the button wrapped to the start of its row), it opens from the button's start instead.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!open || !menu) return;
    if (menu.getBoundingClientRect().left < 0) menu.classList.add('safety-menu__list--from-start');
  }, [open]);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!viewerUid || viewerUid === userId) return null;

  const person = { id: userId, name };
  // Block, unblock, mute and unmute of one person share a key.
  const busy = isPending(inFlight, safetyKey('block', userId));
  const closeMenu = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const choose = (action: () => void) => {
    closeMenu(true);
    action();
  };
  const mine =
    outcome && outcome.targetId === userId && ['block', 'unblock', 'mute', 'unmute'].includes(outcome.operation)
      ? outcome
      : null;

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      closeMenu(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      closeMenu(false);
    }
  };

  return (
    <div className="safety-menu">
      <button
        ref={buttonRef}
        type="button"
        className="button button--ghost safety-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`More actions for ${name}`}
        aria-busy={busy || undefined}
        onClick={() => setOpen((value) => !value)}
      >
        More
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          className="safety-menu__list"
          role="menu"
          aria-label={`Actions for ${name}`}
          onKeyDown={onMenuKeyDown}
        >
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() =>
                choose(() => (isMuted ? dispatch(unmuteRequested({ person })) : dispatch(muteRequested({ person }))))
              }
            >
              {isMuted ? 'Unmute' : 'Mute'}
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => choose(() => (isBlocked ? dispatch(unblockRequested({ person })) : setDialog('block')))}
            >
              {isBlocked ? 'Unblock' : 'Block'}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => choose(() => setDialog('report'))}>
              Report
            </button>
          </li>
        </ul>
      )}
      {mine && (
        <p className={mine.success ? 'safety-menu__outcome muted' : 'safety-menu__outcome field__error'} role="status">
          {mine.message}
        </p>
      )}
      {dialog === 'block' && (
        <ConfirmDialog
          title={`Block ${name}?`}
          confirmLabel="Block"
          onConfirm={() => dispatch(blockRequested({ person }))}
          onClose={() => setDialog(null)}
          returnFocusRef={buttonRef}
        >
          {name} will no longer be able to send you friend requests, ask to join your tribes or projects, and you won't
          see their posts. Any friendship or pending request between you ends. They won't be told.
        </ConfirmDialog>
      )}
      {dialog === 'report' && (
        <ReportDialog
          target={{ kind: 'profile', id: userId, label: name }}
          onClose={() => setDialog(null)}
          returnFocusRef={buttonRef}
        />
      )}
    </div>
  );
}
