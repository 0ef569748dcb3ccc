import { Link } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { PROJECT_STATUS_LABELS } from '../../domain/projectTypes';
import { DashboardSection } from './DashboardSection';
import { selectMyProjects, selectMyTribes } from './dashboardSlice';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function MyTribesPanel() {
  const tribes = useAppSelector(selectMyTribes);
  return (
    <DashboardSection
      section="myTribes"
      id="my-tribes-title"
      title="My tribes"
      count={tribes.length}
      loadingText="Loading your tribes…"
      failedText="Your tribes could not be loaded."
    >
      {tribes.length === 0 ? (
        <p className="muted">
          You are not in a tribe yet. <Link to="/tribes">Browse tribes</Link> to find people who work with what you do.
        </p>
      ) : (
        <ul className="item-list">
          {tribes.map((tribe) => (
            <li key={tribe.id} className="item-row">
              <Link className="item-row__title" to={`/tribes/${tribe.id}`}>
                {tribe.name}
              </Link>
              <span className="muted item-row__meta">{plural(tribe.memberCount, 'member', 'members')}</span>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

export function MyProjectsPanel() {
  const rows = useAppSelector(selectMyProjects);
  return (
    <DashboardSection
      section="myProjects"
      id="my-projects-title"
      title="My projects"
      count={rows.length}
      loadingText="Loading your projects…"
      failedText="Your projects could not be loaded."
    >
      {rows.length === 0 ? (
        <p className="muted">
          You are not on a project yet. <Link to="/project-matchmaking">Find a project</Link> that matches your skills, or start one.
        </p>
      ) : (
        <ul className="item-list">
          {rows.map(({ project, isOwner, pendingRequests }) => (
            <li key={project.id} className="item-row">
              <Link className="item-row__title" to={`/project-matchmaking/${project.id}`}>
                {project.title}
              </Link>
              <span className="muted item-row__meta">
                {isOwner ? 'Owner' : 'Member'} · {PROJECT_STATUS_LABELS[project.status]}
              </span>
              {isOwner && pendingRequests > 0 && (
                <span className="badge">{plural(pendingRequests, 'pending request', 'pending requests')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
