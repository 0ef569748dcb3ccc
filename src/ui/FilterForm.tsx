import type { ReactNode } from 'react';

interface FilterFormProps {
  /** The search landmark's name, e.g. "Tribes". */
  label: string;
  className: string;
  children: ReactNode;
}

/** The filters of a list page: they apply as the user types or picks, so Enter never submits (or reloads) the page. */
export function FilterForm({ label, className, children }: FilterFormProps) {
  return (
    <form role="search" aria-label={label} className={className} onSubmit={(event) => event.preventDefault()}>
      {children}
    </form>
  );
}
