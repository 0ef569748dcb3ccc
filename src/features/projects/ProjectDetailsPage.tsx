import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { MatchResult } from '../../domain/matchScore';
import { skillKey } from '../../domain/matchScore';
import type { Project, ProjectApplication } from '../../domain/projectTypes';
import { NOTE_MAX, PROJECT_STATUS_LABELS } from '../../domain/projectTypes';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { SectionBoundary } from '../../ui/SectionBoundary';
import { Spinner } from '../../ui/Spinner';
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

const EMPTY_SKILLS: readonly string[] = [];

function RequiredSkills({ project, viewerSkills }: { project: Project; viewerSkills: readonly string[] }) {
  const own = new Set(viewerSkills.map(skillKey));
  const matched = project.requiredSkills.filter((skill) => own.has(skillKey(skill))).length;
  return (
    <section className="card project__section" aria-labelledby="project-skills">
      <h2 id="project-skills">Required skills</h2>
      <p className="muted">
        You have {matched} of {project.requiredSkills.length}.
      </p>
      <ul className="chips" aria-label="Required skills">
        {project.requiredSkills.map((skill) => {
          const has = own.has(skillKey(skill));
          return (
            <li key={skill} className={has ? 'chip chip--shared' : 'chip'}>
              {has && <span aria-hidden="true">✓ </span>}
              {skill}
              <span className="visually-hidden">{has ? ' (you have this skill)' : ' (you do not list this skill)'}</span>
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

function JoinPanel({ project, application, uid }: { project: Project; application: ProjectApplication | null; uid: string }) {
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
        {application.note && <blockquote className="project__note">{application.note}</blockquote>}
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
        {application?.status === 'declined' && <p className="muted">Your last request was declined. You may ask again.</p>}
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
  // An answered request leaves the list: focus waits on the section rather than falling to <body>.
  const sectionRef = useRef<HTMLElement>(null);
  const answer = (action: Parameters<typeof dispatch>[0]) => {
    sectionRef.current?.focus();
    dispatch(action);
  };
  return (
    <section ref={sectionRef} className="card project__section" aria-labelledby="project-requests" tabIndex={-1}>
      <h2 id="project-requests">
        Requests to join <span className="count">{pending.length}</span>
      </h2>
      {pending.length === 0 ? (
        <p className="muted">No pending requests. People who ask to join show up here.</p>
      ) : (
        <ul className="project__requests">
          {pending.map((application) => {
            const busy =
              inFlight[operationKey('approve', project.id, application.applicantId)] === true ||
              inFlight[operationKey('decline', project.id, application.applicantId)] === true;
            return (
              <li key={application.id} className="project__request" aria-label={`Request from ${application.applicantName}`}>
                <div className="person-row">
                  <Avatar name={application.applicantName} photoURL={application.applicantPhoto} size={32} />
                  <Link className="person-row__name" to={`/profile/${encodeURIComponent(application.applicantId)}`}>
                    {application.applicantName}
                  </Link>
                  <div className="person-row__actions">
                    <Button
                      busy={busy}
                      onClick={() => answer(approveRequested({ projectId: project.id, applicantId: application.applicantId }))}
                      aria-label={`Approve ${application.applicantName}`}
                    >
                      Approve
                    </Button>
                    <Button
                      variant="secondary"
                      busy={busy}
                      onClick={() => answer(declineRequested({ projectId: project.id, applicantId: application.applicantId }))}
                      aria-label={`Decline ${application.applicantName}`}
                    >
                      Decline
                    </Button>
                  </div>
                </div>
                {application.note ? (
                  <blockquote className="project__note">{application.note}</blockquote>
                ) : (
                  <p className="muted project__note">No note.</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function ProjectView({ project, uid }: { project: Project; uid: string | null }) {
  const details = useAppSelector(selectProjectDetails);
  const match = useAppSelector(selectDetailsMatch);
  const outcome = useAppSelector(selectProjectOutcome);
  const viewerSkills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  const isOwner = uid === project.ownerId;
  const created = new Date(project.createdAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
  return (
    <article className="project" aria-labelledby="project-title">
      <header className="card project__header">
        <p className="project__eyebrow muted">
          <Link to="/project-matchmaking">Project Matchmaking</Link>
        </p>
        <h1 id="project-title">{project.title}</h1>
        {project.summary && <p className="project__summary">{project.summary}</p>}
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
          <ReportButton target={{ kind: 'project', id: project.id, label: project.title }} label={`Report the project ${project.title}`} />
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
              <p className="project__description">{project.description}</p>
            </section>
          )}
          <SectionBoundary section="project skills" message="This section could not be shown.">
            <RequiredSkills project={project} viewerSkills={viewerSkills} />
          </SectionBoundary>
          {isOwner && (
            <SectionBoundary section="project requests" message="This section could not be shown.">
              <Requests project={project} applications={details.applications} />
            </SectionBoundary>
          )}
        </div>
        <div className="project__side">
          {match && !isOwner && (
            <SectionBoundary section="project match" message="This section could not be shown.">
              <YourMatch match={match} />
            </SectionBoundary>
          )}
          {uid && !isOwner && (
            <SectionBoundary section="project join" message="This section could not be shown.">
              <JoinPanel project={project} application={details.ownApplication} uid={uid} />
            </SectionBoundary>
          )}
          <SectionBoundary section="project members" message="This section could not be shown.">
            <Members project={project} />
          </SectionBoundary>
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
  if (!current || current.status === 'loading' || current.status === 'idle') return <Spinner label="Loading project..." />;
  if (current.status === 'notFound') {
    return (
      <section className="page-header empty-state" aria-labelledby="project-missing">
        <h1 id="project-missing">This project does not exist</h1>
        <p>It may have been deleted, or the link is mistyped.</p>
        <Link to="/project-matchmaking" className="button button--primary">
          Browse projects
        </Link>
      </section>
    );
  }
  if (current.status === 'failed' || !current.project) {
    return (
      <section className="page-header" aria-labelledby="project-error">
        <h1 id="project-error">This project could not be loaded</h1>
        <Alert tone="error">{current.error?.message ?? 'Something went wrong while loading the project.'}</Alert>
        <button type="button" className="button button--secondary" onClick={() => dispatch(detailsOpened({ projectId }))}>
          Try again
        </button>
      </section>
    );
  }
  return <ProjectView project={current.project} uid={uid} />;
}
