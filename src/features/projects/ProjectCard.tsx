import { useId } from 'react';
import { Link } from 'react-router-dom';

import type { MatchResult } from '../../domain/matchScore';
import type { Project } from '../../domain/projectTypes';
import { PROJECT_STATUS_LABELS } from '../../domain/projectTypes';
import { SectionBoundary } from '../../ui/SectionBoundary';
import { SkillChips } from '../people/components';
import { MatchBreakdown, MatchScoreBadge } from './MatchBreakdown';

interface ProjectCardProps {
  project: Project;
  match: MatchResult;
  viewerSkills: readonly string[];
  isMine: boolean;
}

/** A ranked project in the list; a project that cannot be shown leaves the others in place. */
export function ProjectCard(props: ProjectCardProps) {
  return (
    <SectionBoundary
      section="project card"
      message="This project could not be shown."
      resetKeys={[props.project, props.match]}
    >
      <ProjectCardContent {...props} />
    </SectionBoundary>
  );
}

function ProjectCardContent({ project, match, viewerSkills, isMine }: ProjectCardProps) {
  const titleId = useId();
  return (
    <article className="card project-card" aria-labelledby={titleId}>
      <header className="project-card__header">
        <div className="project-card__identity">
          <h3 id={titleId} className="project-card__title">
            <Link to={`/project-matchmaking/${encodeURIComponent(project.id)}`}>{project.title}</Link>
          </h3>
          <p className="project-card__meta muted">
            <span className={`status status--${project.status}`}>{PROJECT_STATUS_LABELS[project.status]}</span>
            {' · '}
            {project.commitment} h/week · {project.members.length} {project.members.length === 1 ? 'member' : 'members'}
            {isMine && ' · You are on this team'}
          </p>
        </div>
        <MatchScoreBadge score={match.score} />
      </header>
      {project.summary && <p className="project-card__summary">{project.summary}</p>}
      <SkillChips
        skills={project.requiredSkills}
        sharedSkills={viewerSkills}
        label={`Required skills for ${project.title}`}
      />
      <MatchBreakdown match={match} label={`Match breakdown for ${project.title}`} />
    </article>
  );
}
