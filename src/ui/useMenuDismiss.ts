import type { Dispatch, RefObject, SetStateAction } from 'react';
import { useEffect } from 'react';

/**
 * While a pop-up menu is open: the focus moves to its first `itemSelector`, and a press anywhere
 * but the menu and its button closes it (`setOpen(false)`; pass the state setter, which is stable).
 */
export function useMenuDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  menuRef: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLElement | null>,
  itemSelector: string,
) {
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>(itemSelector)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen, menuRef, buttonRef, itemSelector]);
}

/** The props of a pop-up menu's button: it toggles the menu and says it has one, open or not. */
export const menuButtonProps = (open: boolean, setOpen: Dispatch<SetStateAction<boolean>>, menuId: string) => ({
  type: 'button' as const,
  'aria-haspopup': 'menu' as const,
  'aria-expanded': open,
  'aria-controls': open ? menuId : undefined,
  onClick: () => setOpen((value) => !value),
});
