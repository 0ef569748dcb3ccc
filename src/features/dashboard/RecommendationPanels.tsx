import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../ui/Avatar';
import { DashboardSection } from './DashboardSection';
import type { DashboardSection as Section } from './dashboardSlice';
import {
  selectPeopleRecommendations,
  selectProjectRecommendations,
  selectTribeRecommendations,
} from './dashboardSlice';

interface RecommendationRow {
  id: string;
  to: string;
  title: string;
  reason: string;
  /** Shown before the text, e.g. an avatar. */
  leading?: ReactNode;
}

interface RecommendationPanelProps {
  section: Section;
  id: string;
  title: string;
  loadingText: string;
  failedText: string;
  /** Shown instead of the list when there is nothing to recommend. */
  empty: ReactNode;
  rows: readonly RecommendationRow[];
}

/** One recommendations panel: a list of linked titles with the reason for each, or the empty text. */
function RecommendationPanel({ empty, rows, ...section }: RecommendationPanelProps) {
  return (
    <DashboardSection {...section}>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="item-list">
          {rows.map(({ id, to, title, reason, leading }) => (
            <li key={id} className="item-row">
              {leading}
              <div className="item-row__text">
                <Link className="item-row__title" to={to}>
                  {title}
                </Link>
                <span className="muted item-row__reason">{reason}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

export function RecommendedPeoplePanel() {
  const recommendations = useAppSelector(selectPeopleRecommendations);
  return (
    <RecommendationPanel
      section="people"
      id="recommended-people-title"
      title="Recommended people"
      loadingText="Finding people for you…"
      failedText="People could not be loaded."
      empty={
        <>
          No suggestions yet. Add skills to your <Link to="/profile">profile</Link> or{' '}
          <Link to="/explore">explore people</Link>.
        </>
      }
      rows={recommendations.map(({ item: person, reason }) => ({
        id: person.id,
        to: `/profile/${person.id}`,
        title: person.displayName,
        reason,
        leading: <Avatar name={person.displayName} photoURL={person.photoURL} size={36} />,
      }))}
    />
  );
}

export function RecommendedProjectsPanel() {
  const recommendations = useAppSelector(selectProjectRecommendations);
  return (
    <RecommendationPanel
      section="projects"
      id="recommended-projects-title"
      title="Recommended projects"
      loadingText="Matching projects to your skills…"
      failedText="Projects could not be loaded."
      empty={
        <>
          No recruiting project needs your skills yet. <Link to="/project-matchmaking">Browse all projects</Link>.
        </>
      }
      rows={recommendations.map(({ item: project, reason }) => ({
        id: project.id,
        to: `/project-matchmaking/${project.id}`,
        title: project.title,
        reason,
      }))}
    />
  );
}

export function RecommendedTribesPanel() {
  const recommendations = useAppSelector(selectTribeRecommendations);
  return (
    <RecommendationPanel
      section="tribes"
      id="recommended-tribes-title"
      title="Recommended tribes"
      loadingText="Finding tribes for you…"
      failedText="Tribes could not be loaded."
      empty={
        <>
          No tribe matches your skills yet. <Link to="/tribes">Browse tribes</Link> or start one.
        </>
      }
      rows={recommendations.map(({ item: tribe, reason }) => ({
        id: tribe.id,
        to: `/tribes/${tribe.id}`,
        title: tribe.name,
        reason,
      }))}
    />
  );
}
