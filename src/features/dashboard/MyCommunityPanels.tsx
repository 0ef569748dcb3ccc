import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { PROJECT_STATUS_LABELS } from '../../domain/projectTypes';
import { DashboardSection } from './DashboardSection';
import { selectMyProjects, selectMyTribes } from './dashboardSlice';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type MyListPanelProps<T> = Omit<ComponentProps<typeof DashboardSection>, 'count' | 'children'> & {
  items: T[];
  itemKey: (item: T) => string;
  /** What the panel says when the list is empty, with a link to where to find one. */
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
};

/** The user's own tribes or projects: a counted list of links, or a pointer to where to find them. */
function MyListPanel<T>({ items, itemKey, empty, renderItem, ...section }: MyListPanelProps<T>) {
  return (
    <DashboardSection {...section} count={items.length}>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="item-list">
          {items.map((item) => (
            <li key={itemKey(item)} className="item-row">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

export function MyTribesPanel() {
  const tribes = useAppSelector(selectMyTribes);
  return (
    <MyListPanel
      section="myTribes"
      id="my-tribes-title"
      title="My tribes"
      loadingText="Loading your tribes…"
      failedText="Your tribes could not be loaded."
      items={tribes}
      itemKey={(tribe) => tribe.id}
      empty={
        <>
          You are not in a tribe yet. <Link to="/tribes">Browse tribes</Link> to find people who work with what you do.
        </>
      }
      renderItem={(tribe) => (
        <>
          <Link className="item-row__title" to={`/tribes/${tribe.id}`}>
            {tribe.name}
          </Link>
          <span className="muted item-row__meta">{plural(tribe.memberCount, 'member', 'members')}</span>
        </>
      )}
    />
  );
}

export function MyProjectsPanel() {
  const rows = useAppSelector(selectMyProjects);
  return (
    <MyListPanel
      section="myProjects"
      id="my-projects-title"
      title="My projects"
      loadingText="Loading your projects…"
      failedText="Your projects could not be loaded."
      items={rows}
      itemKey={(row) => row.project.id}
      empty={
        <>
          You are not on a project yet. <Link to="/project-matchmaking">Find a project</Link> that matches your skills,
          or start one.
        </>
      }
      renderItem={({ project, isOwner, pendingRequests }) => (
        <>
          <Link className="item-row__title" to={`/project-matchmaking/${project.id}`}>
            {project.title}
          </Link>
          <span className="muted item-row__meta">
            {isOwner ? 'Owner' : 'Member'} · {PROJECT_STATUS_LABELS[project.status]}
          </span>
          {isOwner && pendingRequests > 0 && (
            <span className="badge">{plural(pendingRequests, 'pending request', 'pending requests')}</span>
          )}
        </>
      )}
    />
  );
}
