import type { ReactNode } from 'react';
import { useMemo } from 'react';

import { useAppSelector } from '../../app/hooks';
import { StoreSectionBoundary } from '../../app/StoreSectionBoundary';
import { usePageOpen } from '../../app/usePageOpen';
import { StuckRemovalsNotice } from '../friends/components';
import { FriendsOutcomeRegion, IncomingRequestsPanel, SentRequestsPanel } from '../friends/components';
import { FriendsPanel } from '../friends/components';
import { selectSessionUser } from '../session';
import { dashboardClosed, dashboardOpened, selectDashboardOpen, selectProfileCompleteness } from './dashboardSlice';
import { MyProjectsPanel, MyTribesPanel } from './MyCommunityPanels';
import { ProfileCompletenessMeter } from './ProfileCompletenessMeter';
import { RecommendedPeoplePanel, RecommendedProjectsPanel, RecommendedTribesPanel } from './RecommendationPanels';

/** The store's slices the panels show. */
const PANEL_SLICES = ['session', 'friends', 'safety', 'dashboard'] as const;

/** A panel that cannot be shown leaves the rest of the dashboard in place, and tries again when what it shows changes. */
function Panel({ name, children }: { name: string; children: ReactNode }) {
  return (
    <StoreSectionBoundary
      section={`dashboard: ${name}`}
      message="This panel could not be loaded."
      className="card dashboard__panel"
      slices={PANEL_SLICES}
      retry
    >
      {children}
    </StoreSectionBoundary>
  );
}

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export default function DashboardPage() {
  const user = useAppSelector(selectSessionUser);
  const completeness = useAppSelector(selectProfileCompleteness);
  const name = user?.profile.displayName ?? user?.displayName ?? 'there';
  const hour = useMemo(() => new Date().getHours(), []);
  // Each visit reads the panels again (once: an arrival's read started before this mount serves
  // it); what was read before stays on screen meanwhile.
  usePageOpen(selectDashboardOpen, dashboardOpened, dashboardClosed);
  return (
    <div className="dashboard">
      <header className="page-header">
        <h1>Dashboard</h1>
        <p>
          {greeting(hour)}, {name}.
        </p>
      </header>
      <FriendsOutcomeRegion />
      <StuckRemovalsNotice />
      <div className="dashboard__grid">
        {completeness && (
          <Panel name="profile completeness">
            <ProfileCompletenessMeter completeness={completeness} />
          </Panel>
        )}
        <Panel name="friend requests">
          <IncomingRequestsPanel />
        </Panel>
        <Panel name="sent requests">
          <SentRequestsPanel />
        </Panel>
        <Panel name="friends">
          <FriendsPanel />
        </Panel>
        <Panel name="my tribes">
          <MyTribesPanel />
        </Panel>
        <Panel name="my projects">
          <MyProjectsPanel />
        </Panel>
        <Panel name="recommended people">
          <RecommendedPeoplePanel />
        </Panel>
        <Panel name="recommended projects">
          <RecommendedProjectsPanel />
        </Panel>
        <Panel name="recommended tribes">
          <RecommendedTribesPanel />
        </Panel>
      </div>
    </div>
  );
}
