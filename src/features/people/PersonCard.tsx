import { useId } from 'react';
import { Link } from 'react-router-dom';

import { Avatar } from '../../ui/Avatar';
import { SectionBoundary } from '../../ui/SectionBoundary';
import { PersonSafetyMenu } from '../safety/components';
import { RelationshipButton } from './RelationshipButton';
import { SkillChips } from './SkillChips';

interface PersonCardProps {
  id: string;
  displayName: string;
  photoURL: string | null;
  /** The skills to show (already cut to the top few). */
  skills: readonly string[];
  sharedSkills: readonly string[];
  /** A short fact under the name, e.g. "3 mutual friends". */
  detail?: string | null;
  /** Why the person is suggested, e.g. "shares React and Firebase". */
  reason?: string | null;
}

/** A person wherever people are listed: avatar, linked name, top skills, and the relationship button. */
export function PersonCard(props: PersonCardProps) {
  return (
    <SectionBoundary section="person card" message="This person could not be shown." resetKeys={Object.values(props)}>
      <PersonCardContent {...props} />
    </SectionBoundary>
  );
}

function PersonCardContent({ id, displayName, photoURL, skills, sharedSkills, detail, reason }: PersonCardProps) {
  const nameId = useId();
  return (
    <article className="card person-card" aria-labelledby={nameId}>
      <div className="person-card__header">
        <Avatar name={displayName} photoURL={photoURL} size={48} />
        <div className="person-card__identity">
          <h3 id={nameId} className="person-card__name">
            <Link to={`/profile/${encodeURIComponent(id)}`}>{displayName}</Link>
          </h3>
          {detail && <p className="person-card__detail muted">{detail}</p>}
        </div>
      </div>
      {reason && <p className="person-card__reason">Suggested: {reason}</p>}
      {skills.length > 0 ? (
        <SkillChips skills={skills} sharedSkills={sharedSkills} label={`Skills of ${displayName}`} />
      ) : (
        <p className="muted person-card__empty">No skills listed yet.</p>
      )}
      <div className="person-card__actions">
        <RelationshipButton userId={id} name={displayName} />
        <PersonSafetyMenu userId={id} name={displayName} />
      </div>
    </article>
  );
}
