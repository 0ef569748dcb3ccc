import type { KeyboardEvent } from 'react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import type { ReactionKind } from '../../domain/conversationTypes';
import { REACTIONS_LIST } from '../../domain/conversationTypes';
import { menuButtonProps, useMenuDismiss } from '../../ui/useMenuDismiss';

/** How close to the screen's edge the open menu may come, and how far from its button it opens. */
const SCREEN_MARGIN_PX = 8;
const MENU_GAP_PX = 4;

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

  // The menu lives at the end of the page (a comment clips what overflows it, and the thread around
  // it may scroll), placed by the button: under it from its start, moved back on screen where it
  // would cross an edge, and above it where there is no room below. It follows scrolling.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    const button = buttonRef.current;
    if (!open || !menu || !button) return undefined;
    const place = () => {
      const anchor = button.getBoundingClientRect();
      const { width, height } = menu.getBoundingClientRect();
      const screen = { width: document.documentElement.clientWidth, height: window.innerHeight };
      const left = Math.max(SCREEN_MARGIN_PX, Math.min(anchor.left, screen.width - SCREEN_MARGIN_PX - width));
      const below = anchor.bottom + MENU_GAP_PX;
      const above = anchor.top - MENU_GAP_PX - height;
      const top = below + height > screen.height - SCREEN_MARGIN_PX && above >= SCREEN_MARGIN_PX ? above : below;
      menu.style.left = `${Math.round(left)}px`;
      menu.style.top = `${Math.round(top)}px`;
    };
    place();
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [open]);

  useMenuDismiss(open, setOpen, menuRef, buttonRef, '[role="menuitem"]');

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
        // The menu sits at the end of the page: back to its button, where Tab goes on from.
        event.preventDefault();
        close(true);
        break;
      default:
        break;
    }
  };

  return (
    <div className="reaction-menu">
      <button
        ref={buttonRef}
        {...menuButtonProps(open, setOpen, menuId)}
        className="button button--ghost reaction-menu__button"
        aria-describedby={describedBy}
      >
        <span aria-hidden="true" className="reaction-menu__icon">
          ☺+
        </span>
        <span className="visually-hidden">Add reaction</span>
      </button>
      {open &&
        createPortal(
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
          </ul>,
          document.body,
        )}
    </div>
  );
}
