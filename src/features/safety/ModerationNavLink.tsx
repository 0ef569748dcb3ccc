import { NavLink } from 'react-router-dom';

import { useAppSelector } from '../../app/hooks';
import { selectIsModerator } from './safetySlice';

/** The header's link to the moderation queue, for moderators; in the signed-in chunk with the safety state it reads. */
export function ModerationNavLink() {
  const isModerator = useAppSelector(selectIsModerator);
  return isModerator ? <NavLink to="/moderation">Moderation</NavLink> : null;
}
