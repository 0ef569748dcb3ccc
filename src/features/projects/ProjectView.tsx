import type { ReactNode } from 'react';

import { useAppSelector } from '../../app/hooks';
import { StoreSectionBoundary } from '../../app/StoreSectionBoundary';
import type { Project } from '../../domain/projectTypes';
import { AboutSection } from '../../ui/AboutSection';
import { Alert } from '../../ui/Alert';
import { selectOwnProfile } from '../session';
import { ProjectHeader } from './ProjectHeader';
import { ProjectJoinPanel } from './ProjectJoinPanel';
import { ProjectJoinRequests } from './ProjectJoinRequests';
import { ProjectMatchSection } from './ProjectMatchSection';
import { ProjectMembers } from './ProjectMembers';
import { ProjectRequiredSkills } from './ProjectRequiredSkills';
import { selectDetailsMatch, selectProjectDetails, selectProjectOutcome } from './projectsSlice';

/** The store's slices the page's sections show: a section that failed tries again when they change. */
const SECTION_SLICES = ['projects', 'session'] as const;

const EMPTY_SKILLS: readonly string[] = [];

/** A section that fails alone: the rest of the page stays. */
function Section({ name, children }: { name: string; children: ReactNode }) {
  return (
    <StoreSectionBoundary section={name} message="This section could not be shown." slices={SECTION_SLICES}>
      {children}
    </StoreSectionBoundary>
  );
}

/** A loaded project: what it is about, what it needs, who is in, and how to join or whom to let in. */
export function ProjectView({ project, uid }: { project: Project; uid: string | null }) {
  const details = useAppSelector(selectProjectDetails);
  const match = useAppSelector(selectDetailsMatch);
  const outcome = useAppSelector(selectProjectOutcome);
  const viewerSkills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  const isOwner = uid === project.ownerId;
  return (
    <article className="project" aria-labelledby="project-title">
      <ProjectHeader project={project} canReport={uid !== null && !isOwner} />

      <div aria-live="polite">
        {outcome && outcome.projectId === project.id && (
          <Alert tone={outcome.success ? 'success' : 'error'}>{outcome.message}</Alert>
        )}
      </div>

      <div className="project__grid">
        <div className="project__main">
          {project.description && <AboutSection block="project" text={project.description} />}
          <Section name="project skills">
            <ProjectRequiredSkills project={project} viewerSkills={viewerSkills} />
          </Section>
          {isOwner && (
            <Section name="project requests">
              <ProjectJoinRequests project={project} applications={details.applications} />
            </Section>
          )}
        </div>
        <div className="project__side">
          {match && !isOwner && (
            <Section name="project match">
              <ProjectMatchSection match={match} />
            </Section>
          )}
          {uid && !isOwner && (
            <Section name="project join">
              <ProjectJoinPanel project={project} application={details.ownApplication} uid={uid} />
            </Section>
          )}
          <Section name="project members">
            <ProjectMembers project={project} />
          </Section>
        </div>
      </div>
    </article>
  );
}
