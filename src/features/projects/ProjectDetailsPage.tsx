import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { StoreSectionBoundary } from '../../app/StoreSectionBoundary';
import { textKey } from '../../domain/compareText';
import type { MatchResult } from '../../domain/matchScore';
import type { Project, ProjectApplication } from '../../domain/projectTypes';
import { NOTE_MAX, PROJECT_STATUS_LABELS } from '../../domain/projectTypes';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { DetailsFrame } from '../../ui/DetailsFrame';
import { PendingRequestList } from '../../ui/PendingRequestList';
import { ReportButton } from '../safety/components';
import { selectOwnProfile, selectSessionUser } from '../session';
import { MatchBreakdown, MatchScoreBadge } from './MatchBreakdown';
import {
  approveRequested,
  declineRequested,
  detailsClosed,
  detailsOpened,
  joinRequested,
  operationKey,
  selectDetailsMatch,
  selectProjectDetails,
  selectProjectOutcome,
  selectProjectsInFlight,
  withdrawRequested,
} from './projectsSlice';

/** The store's slices the page's sections show: a section that failed tries again when they change. */
const SECTION_SLICES = ['projects', 'session'] as const;

const EMPTY_SKILLS: readonly string[] = [];

function RequiredSkills({ project, viewerSkills }: { project: Project; viewerSkills: readonly string[] }) {
  const own = new Set(viewerSkills.map(textKey));
  const matched = project.requiredSkills.filter((skill) => own.has(textKey(skill))).length;
  return (
    <section className="card project__section" aria-labelledby="project-skills">
      <h2 id="project-skills">Required skills</h2>
      <p className="muted">
        You have {matched} of {project.requiredSkills.length}.
      </p>
      <ul className="chips" aria-label="Required skills">
        {project.requiredSkills.map((skill) => {
          const has = own.has(textKey(skill));
          return (
            <li key={skill} className={has ? 'chip chip--shared' : 'chip'}>
              {has && <span aria-hidden="true">✓ </span>}
              {skill}
              <span className="visually-hidden">
                {has ? ' (you have this skill)' : ' (you do not list this skill)'}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Members({ project }: { project: Project }) {
  return (
    <section className="card project__section" aria-labelledby="project-members">
      <h2 id="project-members">
        Members <span className="count">{project.members.length}</span>
      </h2>
      <ul className="person-list" aria-label="Members">
        {project.members.map((member) => (
          <li key={member.id} className="person-row">
            <Avatar name={member.displayName} photoURL={member.photoURL} size={32} />
            <Link className="person-row__name" to={`/profile/${encodeURIComponent(member.id)}`}>
              {member.displayName}
            </Link>
            {member.id === project.ownerId && <span className="chip">Owner</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function YourMatch({ match }: { match: MatchResult }) {
  return (
    <section className="card project__section" aria-labelledby="project-match">
      <h2 id="project-match" className="project__match-title">
        Your match <MatchScoreBadge score={match.score} />
      </h2>
      <MatchBreakdown match={match} detailed suggestions={3} label="Your match breakdown" />
    </section>
  );
}

function JoinPanel({
  project,
  application,
  uid,
}: {
  project: Project;
  application: ProjectApplication | null;
  uid: string;
}) {
  const dispatch = useAppDispatch();
  const inFlight = useAppSelector(selectProjectsInFlight);
  const [note, setNote] = useState('');
  const noteId = useId();
  const isMember = project.memberIds.includes(uid);
  const applying = inFlight[operationKey('apply', project.id, null)] === true;
  const withdrawing = inFlight[operationKey('withdraw', project.id, null)] === true;
  // The form and the Withdraw button replace each other: focus waits on the panel meanwhile.
  const panelRef = useRef<HTMLElement>(null);

  let body;
  if (isMember) {
    body = <p>You are a member of this team.</p>;
  } else if (application?.status === 'pending') {
    body = (
      <>
        <p>Your request to join is waiting for the owner.</p>
        {application.note && (
          <blockquote className="project__note" dir="auto">
            {application.note}
          </blockquote>
        )}
        <Button
          variant="secondary"
          busy={withdrawing}
          onClick={() => {
            panelRef.current?.focus();
            dispatch(withdrawRequested({ projectId: project.id }));
          }}
        >
          Withdraw
        </Button>
      </>
    );
  } else if (project.status !== 'recruiting') {
    body = <p className="muted">This project is not recruiting right now.</p>;
  } else {
    body = (
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (note.trim().length > NOTE_MAX) return;
          panelRef.current?.focus();
          dispatch(joinRequested({ projectId: project.id, note }));
        }}
      >
        {application?.status === 'declined' && (
          <p className="muted">Your last request was declined. You may ask again.</p>
        )}
        <div className={note.trim().length > NOTE_MAX ? 'field field--invalid' : 'field'}>
          <label htmlFor={noteId}>Note to the owner</label>
          <textarea
            id={noteId}
            rows={3}
            value={note}
            aria-describedby={`${noteId}-hint`}
            aria-invalid={note.trim().length > NOTE_MAX ? true : undefined}
            placeholder="What would you like to work on?"
            // The pending request replaces this form on success: a note typed meanwhile would be lost.
            readOnly={applying}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={`${noteId}-hint`} className={note.trim().length > NOTE_MAX ? 'field__error' : 'field__hint'}>
            Optional, up to {NOTE_MAX} characters ({note.trim().length}/{NOTE_MAX})
          </p>
        </div>
        <div>
          <Button type="submit" busy={applying} disabled={note.trim().length > NOTE_MAX}>
            Request to join
          </Button>
        </div>
      </form>
    );
  }
  return (
    <section ref={panelRef} className="card project__section" aria-labelledby="project-join" tabIndex={-1}>
      <h2 id="project-join">Join this project</h2>
      {body}
    </section>
  );
}

function Requests({ project, applications }: { project: Project; applications: ProjectApplication[] }) {
  const dispatch = useAppDispatch();
  const inFlight = useAppSelector(selectProjectsInFlight);
  const pending = applications.filter((application) => application.status === 'pending');
  return (
    <PendingRequestList
      className="card project__section"
      headingId="project-requests"
      heading={
        <>
          Requests to join <span className="count">{pending.length}</span>
        </>
      }
      emptyMessage="No pending requests. People who ask to join show up here."
      withNotes
      requests={pending.map((application) => ({
        personId: application.applicantId,
        name: application.applicantName,
        photoURL: application.applicantPhoto,
        note: application.note,
        busy:
          inFlight[operationKey('approve', project.id, application.applicantId)] === true ||
          inFlight[operationKey('decline', project.id, application.applicantId)] === true,
      }))}
      onApprove={(applicantId) => dispatch(approveRequested({ projectId: project.id, applicantId }))}
      onDecline={(applicantId) => dispatch(declineRequested({ projectId: project.id, applicantId }))}
    />
  );
}

function ProjectView({ project, uid }: { project: Project; uid: string | null }) {
  const details = useAppSelector(selectProjectDetails);
  const match = useAppSelector(selectDetailsMatch);
  const outcome = useAppSelector(selectProjectOutcome);
  const viewerSkills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  const isOwner = uid === project.ownerId;
  const created = new Date(project.createdAt).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  return (
    <article className="project" aria-labelledby="project-title">
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
        {uid && !isOwner && (
          <ReportButton
            target={{ kind: 'project', id: project.id, label: project.title }}
            label={`Report the project ${project.title}`}
          />
        )}
      </header>

      <div aria-live="polite">
        {outcome && outcome.projectId === project.id && (
          <Alert tone={outcome.success ? 'success' : 'error'}>{outcome.message}</Alert>
        )}
      </div>

      <div className="project__grid">
        <div className="project__main">
          {project.description && (
            <section className="card project__section" aria-labelledby="project-about">
              <h2 id="project-about">About</h2>
              <p className="project__description" dir="auto">
                {project.description}
              </p>
            </section>
          )}
          <StoreSectionBoundary
            section="project skills"
            message="This section could not be shown."
            slices={SECTION_SLICES}
          >
            <RequiredSkills project={project} viewerSkills={viewerSkills} />
          </StoreSectionBoundary>
          {isOwner && (
            <StoreSectionBoundary
              section="project requests"
              message="This section could not be shown."
              slices={SECTION_SLICES}
            >
              <Requests project={project} applications={details.applications} />
            </StoreSectionBoundary>
          )}
        </div>
        <div className="project__side">
          {match && !isOwner && (
            <StoreSectionBoundary
              section="project match"
              message="This section could not be shown."
              slices={SECTION_SLICES}
            >
              <YourMatch match={match} />
            </StoreSectionBoundary>
          )}
          {uid && !isOwner && (
            <StoreSectionBoundary
              section="project join"
              message="This section could not be shown."
              slices={SECTION_SLICES}
            >
              <JoinPanel project={project} application={details.ownApplication} uid={uid} />
            </StoreSectionBoundary>
          )}
          <StoreSectionBoundary
            section="project members"
            message="This section could not be shown."
            slices={SECTION_SLICES}
          >
            <Members project={project} />
          </StoreSectionBoundary>
        </div>
      </div>
    </article>
  );
}

export default function ProjectDetailsPage() {
  const dispatch = useAppDispatch();
  const { projectId = '' } = useParams<{ projectId: string }>();
  const uid = useAppSelector(selectSessionUser)?.uid ?? null;
  const details = useAppSelector(selectProjectDetails);

  useEffect(() => {
    if (!projectId) return undefined;
    dispatch(detailsOpened({ projectId }));
    return () => {
      dispatch(detailsClosed({ projectId }));
    };
  }, [dispatch, projectId]);

  const current = details.projectId === projectId ? details : null;
  const project = current?.status === 'ready' ? current.project : null;
  if (!project) {
    return (
      <DetailsFrame
        status={current?.status ?? 'loading'}
        noun="project"
        missingReason="It may have been deleted, or the link is mistyped."
        back={{ to: '/project-matchmaking', label: 'Browse projects' }}
        error={current?.error?.message ?? 'Something went wrong while loading the project.'}
        onRetry={() => dispatch(detailsOpened({ projectId }))}
      />
    );
  }
  return <ProjectView project={project} uid={uid} />;
}
