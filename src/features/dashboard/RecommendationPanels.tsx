import { Link } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { Avatar } from '../../ui/Avatar';
import { DashboardSection } from './DashboardSection';
import { selectPeopleRecommendations, selectProjectRecommendations, selectTribeRecommendations } from './dashboardSlice';

export function RecommendedPeoplePanel() {
  const recommendations = useAppSelector(selectPeopleRecommendations);
  return (
    <DashboardSection
      section="people"
      id="recommended-people-title"
      title="Recommended people"
      loadingText="Finding people for you…"
      failedText="People could not be loaded."
    >
      {recommendations.length === 0 ? (
        <p className="muted">
          No suggestions yet. Add skills to your <Link to="/profile">profile</Link> or <Link to="/explore">explore people</Link>.
        </p>
      ) : (
        <ul className="item-list">
          {recommendations.map(({ item: person, reason }) => (
            <li key={person.id} className="item-row">
              <Avatar name={person.displayName} photoURL={person.photoURL} size={36} />
              <div className="item-row__text">
                <Link className="item-row__title" to={`/profile/${person.id}`}>
                  {person.displayName}
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

export function RecommendedProjectsPanel() {
  const recommendations = useAppSelector(selectProjectRecommendations);
  return (
    <DashboardSection
      section="projects"
      id="recommended-projects-title"
      title="Recommended projects"
      loadingText="Matching projects to your skills…"
      failedText="Projects could not be loaded."
    >
      {recommendations.length === 0 ? (
        <p className="muted">
          No recruiting project needs your skills yet. <Link to="/project-matchmaking">Browse all projects</Link>.
        </p>
      ) : (
        <ul className="item-list">
          {recommendations.map(({ item: project, reason }) => (
            <li key={project.id} className="item-row">
              <div className="item-row__text">
                <Link className="item-row__title" to={`/project-matchmaking/${project.id}`}>
                  {project.title}
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

export function RecommendedTribesPanel() {
  const recommendations = useAppSelector(selectTribeRecommendations);
  return (
    <DashboardSection
      section="tribes"
      id="recommended-tribes-title"
      title="Recommended tribes"
      loadingText="Finding tribes for you…"
      failedText="Tribes could not be loaded."
    >
      {recommendations.length === 0 ? (
        <p className="muted">
          No tribe matches your skills yet. <Link to="/tribes">Browse tribes</Link> or start one.
        </p>
      ) : (
        <ul className="item-list">
          {recommendations.map(({ item: tribe, reason }) => (
            <li key={tribe.id} className="item-row">
              <div className="item-row__text">
                <Link className="item-row__title" to={`/tribes/${tribe.id}`}>
                  {tribe.name}
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
