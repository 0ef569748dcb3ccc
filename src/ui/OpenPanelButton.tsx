import type { ComponentPropsWithRef } from 'react';

type Props = Omit<ComponentPropsWithRef<'button'>, 'type' | 'disabled' | 'aria-expanded' | 'aria-controls'> & {
  /** Whether the panel this button opens is showing. */
  open: boolean;
  /** The id of that panel; named by aria-controls only while it exists. */
  panelId: string;
};

/**
 * Opens an inline panel (such as a form) below the page header. It stays disabled while the panel
 * is open, since the panel closes itself (and gives focus back to this button through its ref).
 */
export function OpenPanelButton({ open, panelId, ...rest }: Props) {
  return <button type="button" aria-expanded={open} aria-controls={open ? panelId : undefined} disabled={open} {...rest} />;
}
