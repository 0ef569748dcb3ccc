import type { KeyboardEvent } from 'react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

import type { ReactionKind } from '../../domain/conversationTypes';
import { REACTIONS_LIST } from '../../domain/conversationTypes';

/** How close to the screen's edge the open menu may come. */
const SCREEN_MARGIN_PX = 8;

interface ReactionMenuProps {
  onChoose: (kind: ReactionKind) => void;
  /** What is being reacted to, for screen readers: "post by Ada", "comment by Bob". */
  describedBy?: string;
}

/**
 * "Add reaction": a menu button with the six reactions as menu items. Arrow keys move between
 * them (Home and End to the ends), Enter or Space chooses, Escape (or a click elsewhere) closes
 * it; choosing or Escape returns the focus to the button.
 */
export function ReactionMenu({ onChoose, describedBy }: ReactionMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  // The menu opens from the button's start; where that would cross the screen's edge (a button far
  // along its row on a phone), it moves back just enough to stay on screen, 8 px from either edge.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!open || !menu) return;
    const box = menu.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const shift = Math.max(Math.min(0, width - SCREEN_MARGIN_PX - box.right), SCREEN_MARGIN_PX - box.left);
    if (shift !== 0) menu.style.left = `${shift}px`;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (at: number) => items[(at + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        // The menu closes, not the dialog or panel around it.
        event.stopPropagation();
        close(true);
        break;
      case 'ArrowDown':
      case 'ArrowRight':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
      case 'ArrowLeft':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Tab':
        close(false);
        break;
      default:
        break;
    }
  };

  return (
    <div className="reaction-menu">
      <button
        ref={buttonRef}
        type="button"
        className="button button--ghost reaction-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-describedby={describedBy}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className="reaction-menu__icon">
          ☺+
        </span>
        <span className="visually-hidden">Add reaction</span>
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          className="reaction-menu__list"
          role="menu"
          aria-label="Reactions"
          onKeyDown={onMenuKeyDown}
        >
          {REACTIONS_LIST.map(({ kind, name, emoji }) => (
            <li role="none" key={kind}>
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="reaction-menu__item"
                onClick={() => {
                  close(true);
                  onChoose(kind);
                }}
              >
                <span aria-hidden="true" className="reaction-menu__emoji">
                  {emoji}
                </span>
                <span className="reaction-menu__name">{name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
