import { Link } from 'react-router-dom';

import type { Project } from '../../domain/projectTypes';
import { PROJECT_STATUS_LABELS } from '../../domain/projectTypes';
import { ReportButton } from '../safety/components';

/** The project's title and facts; a signed-in visitor who does not own it may report it here. */
export function ProjectHeader({ project, canReport }: { project: Project; canReport: boolean }) {
  const created = new Date(project.createdAt).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  return (
    <header className="card project__header">
      <p className="project__eyebrow muted">
        <Link to="/project-matchmaking">Project Matchmaking</Link>
      </p>
      <h1 id="project-title">{project.title}</h1>
      {project.summary && (
        <p className="project__summary" dir="auto">
          {project.summary}
        </p>
      )}
      <ul className="project__facts" aria-label="About this project">
        <li>
          <span className={`status status--${project.status}`}>{PROJECT_STATUS_LABELS[project.status]}</span>
        </li>
        <li>{project.commitment} hours a week</li>
        <li>
          Owner: <Link to={`/profile/${encodeURIComponent(project.ownerId)}`}>{project.ownerName || 'Owner'}</Link>
        </li>
        <li>Created {created}</li>
        {project.repositoryUrl && (
          <li>
            <a href={project.repositoryUrl} target="_blank" rel="noopener noreferrer">
              Repository
            </a>
          </li>
        )}
      </ul>
      {canReport && (
        <ReportButton
          target={{ kind: 'project', id: project.id, label: project.title }}
          label={`Report the project ${project.title}`}
        />
      )}
    </header>
  );
}
