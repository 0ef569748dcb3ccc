import type { ComponentPropsWithoutRef } from 'react';
import { forwardRef } from 'react';

type Props = Omit<ComponentPropsWithoutRef<'button'>, 'type' | 'disabled' | 'aria-expanded' | 'aria-controls'> & {
  /** Whether the panel this button opens is showing. */
  open: boolean;
  /** The id of that panel; named by aria-controls only while it exists. */
  panelId: string;
};

/**
 * Opens an inline panel (such as a form) below the page header. It stays disabled while the panel
 * is open, since the panel closes itself (and gives focus back to this button through its ref,
 * forwarded: React 18 does not pass `ref` to function components as a prop).
 */
export const OpenPanelButton = forwardRef<HTMLButtonElement, Props>(function OpenPanelButton(
  { open, panelId, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      disabled={open}
      {...rest}
    />
  );
});
