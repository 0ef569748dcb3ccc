import { Link } from 'react-router-dom';

import type { Project } from '../../domain/projectTypes';
import { Avatar } from '../../ui/Avatar';

export function ProjectMembers({ project }: { project: Project }) {
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
