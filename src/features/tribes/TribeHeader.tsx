import { useRef } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isPending } from '../../app/sagas';
import type { Tribe, TribeMember } from '../../domain/tribeTypes';
import { Button } from '../../ui/Button';
import { SkillChips } from '../people/components';
import { ReportButton } from '../safety/components';
import { selectOwnProfile } from '../session';
import { plural } from './tribeFormat';
import { operationKey } from './tribeOperations';
import { joinRequested, leaveRequested, selectTribesInFlight } from './tribesSlice';

const EMPTY_SKILLS: readonly string[] = [];

interface MembershipProps {
  tribe: Tribe;
  membership: TribeMember | null;
  /** False until the viewer's membership has been read: no Join or Leave that could be wrong. */
  membershipKnown: boolean;
  isOwner: boolean;
}

function MembershipActions({ tribe, membership, membershipKnown, isOwner }: MembershipProps) {
  const dispatch = useAppDispatch();
  const inFlight = useAppSelector(selectTribesInFlight);
  const joining = isPending(inFlight, operationKey('join', tribe.id), 'join');
  const leaving = isPending(inFlight, operationKey('leave', tribe.id), 'leave');
  // Join and Leave go busy, then give way to each other: focus waits on the group meanwhile.
  const groupRef = useRef<HTMLDivElement>(null);
  const join = () => {
    groupRef.current?.focus();
    dispatch(joinRequested({ tribeId: tribe.id }));
  };
  const leave = () => {
    groupRef.current?.focus();
    dispatch(leaveRequested({ tribeId: tribe.id }));
  };
  const groupProps = {
    ref: groupRef,
    className: 'tribe__actions',
    role: 'group',
    'aria-label': 'Your membership',
    tabIndex: -1,
  };

  if (!membershipKnown) {
    // The tribe can arrive before the viewer's membership (a cold cache after a reload): its
    // owner is told at once, anyone else waits a moment for Join, Leave or Withdraw.
    return (
      <div {...groupProps}>
        {isOwner ? (
          <span className="tribe__badge">You own this tribe</span>
        ) : (
          <p className="muted tribe__note">Checking your membership…</p>
        )}
      </div>
    );
  }

  if (membership?.status === 'active') {
    const owner = membership.role === 'owner';
    // The owner cannot leave while others remain (the access rules refuse it): no button that can only fail.
    if (owner && tribe.memberCount > 1) {
      return (
        <div {...groupProps}>
          <span className="tribe__badge">You own this tribe</span>
          <p className="muted tribe__note">You can leave once you are its only member.</p>
        </div>
      );
    }
    return (
      <div {...groupProps}>
        {owner && <span className="tribe__badge">You own this tribe</span>}
        <Button variant="secondary" onClick={leave} busy={leaving}>
          Leave tribe
        </Button>
      </div>
    );
  }
  if (membership?.status === 'pending') {
    return (
      <div {...groupProps}>
        <span className="tribe__badge" role="status">
          Request pending
        </span>
        <Button variant="ghost" onClick={leave} busy={leaving}>
          Withdraw request
        </Button>
      </div>
    );
  }
  return (
    <div {...groupProps}>
      <Button onClick={join} busy={joining}>
        {tribe.joinPolicy === 'open' ? 'Join tribe' : 'Request to join'}
      </Button>
    </div>
  );
}

/** The tribe's name, topics and activity, with the viewer's membership and Report. */
export function TribeHeader({ tribe, membership, membershipKnown, isOwner }: MembershipProps) {
  const mySkills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  return (
    <header className="card tribe__header">
      <div className="tribe__identity">
        <h1 id="tribe-name">{tribe.name}</h1>
        {tribe.tagline && (
          <p className="tribe__tagline" dir="auto">
            {tribe.tagline}
          </p>
        )}
        <SkillChips skills={tribe.topics} sharedSkills={mySkills} label={`Topics of ${tribe.name}`} />
        <ul className="tribe__stats" aria-label="Tribe activity">
          <li>{plural(tribe.memberCount, 'member', 'members')}</li>
          <li>{plural(tribe.postCount, 'post', 'posts')}</li>
          <li>{tribe.joinPolicy === 'open' ? 'Open to all' : 'Join by request'}</li>
        </ul>
      </div>
      <div className="tribe__header-actions">
        <MembershipActions tribe={tribe} membership={membership} membershipKnown={membershipKnown} isOwner={isOwner} />
        {!isOwner && (
          <ReportButton
            target={{ kind: 'tribe', id: tribe.id, label: tribe.name }}
            label={`Report the tribe ${tribe.name}`}
          />
        )}
      </div>
    </header>
  );
}
