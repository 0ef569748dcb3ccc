import type { ReactNode } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useAfterFirstRoute } from '../../app/useAfterFirstRoute';
import type { DashboardSection as Section } from './dashboardSlice';
import { dashboardOpened, selectDashboardSections } from './dashboardSlice';

interface Props {
  section: Section;
  id: string;
  title: string;
  /** Shown beside the title once loaded. */
  count?: number;
  loadingText: string;
  failedText: string;
  children: ReactNode;
}

/** A dashboard panel with its own loading and error states; its content shows once its read arrived. */
export function DashboardSection({ section, id, title, count = 0, loadingText, failedText, children }: Props) {
  const dispatch = useAppDispatch();
  const { status: storedStatus, error } = useAppSelector(selectDashboardSections)[section];
  // On an arrival the panels' reads may have answered before the app's first render
  // (app/arrivalSagas.ts): their lists still come after that first commit, so the panels that
  // show the session's own data (requests, friends) paint first.
  const status = useAfterFirstRoute(storedStatus, 'loading');
  const pending = status === 'idle' || status === 'loading';
  return (
    <section className="card dashboard__panel" aria-labelledby={id} aria-busy={pending}>
      <h2 id={id}>
        {title} {status === 'ready' && count > 0 && <span className="count">{count}</span>}
      </h2>
      {pending ? (
        <p className="muted">{loadingText}</p>
      ) : status === 'failed' ? (
        <div className="dashboard__failed">
          <p className="muted">
            {failedText} {error?.message}
          </p>
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Try again: ${title}`}
            onClick={() => dispatch(dashboardOpened())}
          >
            Try again
          </button>
        </div>
      ) : (
        children
      )}
    </section>
  );
}
