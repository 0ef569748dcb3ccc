import { useRef, useState } from 'react';

import type { ReportTarget } from '../../domain/safetyTypes';
import { ReportDialog } from './ReportDialog';

interface ReportButtonProps {
  target: ReportTarget;
  /** Names what is reported for screen readers, e.g. "Report post by Ada". */
  label: string;
  className?: string;
}

/** A small "Report" button that opens the report dialog for a post, tribe or project. */
export function ReportButton({ target, label, className }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={['button button--ghost report-button', className].filter(Boolean).join(' ')}
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        Report
      </button>
      {open && <ReportDialog target={target} onClose={() => setOpen(false)} returnFocusRef={buttonRef} />}
    </>
  );
}
