import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Alert } from '../../ui/Alert';
import { FilterForm } from '../../ui/FilterForm';
import { OpenPanelButton } from '../../ui/OpenPanelButton';
import { Spinner } from '../../ui/Spinner';
import { selectOwnProfile, selectSessionUser } from '../session';
import { CreateProjectForm } from './CreateProjectForm';
import { ProjectCard } from './ProjectCard';
import type { ProjectFilters } from './projectsSlice';
import {
  filterRankedProjects,
  listOpened,
  selectCreateState,
  selectProjectList,
  selectProjectSkillOptions,
  selectRankedProjects,
} from './projectsSlice';
import { ProjectStatusSelect } from './ProjectStatusSelect';

const EMPTY_SKILLS: readonly string[] = [];

export default function ProjectsPage() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectProjectList);
  const ranked = useAppSelector(selectRankedProjects);
  const skillOptions = useAppSelector(selectProjectSkillOptions);
  const create = useAppSelector(selectCreateState);
  const uid = useAppSelector(selectSessionUser)?.uid ?? null;
  const viewerSkills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  const [filters, setFilters] = useState<ProjectFilters>({ skill: '', status: '' });
  const [creating, setCreating] = useState(false);
  const createButtonRef = useRef<HTMLButtonElement>(null);
  const ids = { skill: useId() };

  useEffect(() => {
    dispatch(listOpened());
  }, [dispatch]);

  // A created project closes the form; the success notice below links to it.
  const createdId = create.status === 'succeeded' ? create.projectId : null;
  const [shownCreatedId, setShownCreatedId] = useState<string | null>(null);
  if (createdId && creating && shownCreatedId !== createdId) {
    setShownCreatedId(createdId);
    setCreating(false);
  }

  const shown = useMemo(() => filterRankedProjects(ranked, filters), [ranked, filters]);
  const filtering = filters.skill !== '' || filters.status !== '';
  const closeForm = () => {
    setCreating(false);
    requestAnimationFrame(() => createButtonRef.current?.focus());
  };

  return (
    <div className="projects">
      <header className="page-header projects__header">
        <div>
          <h1>Project Matchmaking</h1>
          <p>
            Projects ranked by how well they match your skills, your friends and your tribes. Every score shows where it
            comes from.
          </p>
        </div>
        <OpenPanelButton
          ref={createButtonRef}
          className="button button--primary"
          open={creating}
          panelId="create-project"
          onClick={() => setCreating(true)}
        >
          Create project
        </OpenPanelButton>
      </header>

      {creating && <CreateProjectForm onClose={closeForm} />}
      {!creating && shownCreatedId && shownCreatedId === createdId && (
        <Alert tone="success">
          Your project was created.{' '}
          <Link to={`/project-matchmaking/${encodeURIComponent(shownCreatedId)}`}>Open it</Link> to answer requests to
          join.
        </Alert>
      )}

      <FilterForm label="Projects" className="projects__filters">
        <div className="field">
          <label htmlFor={ids.skill}>Filter by skill</label>
          <select
            id={ids.skill}
            value={filters.skill}
            onChange={(e) => setFilters((f) => ({ ...f, skill: e.target.value }))}
          >
            <option value="">Any skill</option>
            {skillOptions.map((skill) => (
              <option key={skill} value={skill}>
                {skill}
              </option>
            ))}
          </select>
        </div>
        <ProjectStatusSelect
          label="Filter by status"
          value={filters.status}
          anyLabel="Any status"
          onChange={(status) => setFilters((f) => ({ ...f, status }))}
        />
      </FilterForm>

      {list.status === 'failed' && (
        <div className="projects__state">
          <Alert tone="error">We couldn't load projects. {list.error?.message}</Alert>
          <button type="button" className="button button--secondary" onClick={() => dispatch(listOpened())}>
            Try again
          </button>
        </div>
      )}

      {(list.status === 'loading' || list.status === 'idle') && <Spinner label="Loading projects..." />}

      {list.status === 'ready' && (
        <section aria-labelledby="projects-ranked">
          <h2 id="projects-ranked" className="projects__heading">
            Best matches for you
          </h2>
          <p className="muted" role="status">
            {shown.length > 0 ? `${shown.length} ${shown.length === 1 ? 'project' : 'projects'}` : ''}
          </p>
          {shown.length === 0 &&
            (filtering && ranked.length > 0 ? (
              <div className="empty-state">
                <p>No projects match these filters.</p>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setFilters({ skill: '', status: '' })}
                >
                  Clear filters
                </button>
              </div>
            ) : (
              <div className="empty-state">
                <p>No projects yet.</p>
                <p className="muted">
                  Start one with Create project: people whose skills fit will see it at the top of their list.
                </p>
              </div>
            ))}
          {shown.length > 0 && (
            <ol className="project-list">
              {shown.map(({ item, match }) => (
                <li key={item.id}>
                  <ProjectCard
                    project={item}
                    match={match}
                    viewerSkills={viewerSkills}
                    isMine={uid !== null && item.memberIds.includes(uid)}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
