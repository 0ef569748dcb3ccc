import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { TribeMember } from '../../domain/tribeTypes';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { memberRemovalRequested, safetyKey, selectSafetyInFlight } from '../safety';
import { selectActiveMembers } from './tribeSelectors';
import { selectTribeDetails } from './tribesSlice';

/** The members; the owner may remove anyone but themselves. */
export function TribeMembers({ tribeId, isOwner }: { tribeId: string; isOwner: boolean }) {
  const dispatch = useAppDispatch();
  const members = useAppSelector(selectActiveMembers);
  const status = useAppSelector(selectTribeDetails).membersStatus;
  const inFlight = useAppSelector(selectSafetyInFlight);
  const [confirming, setConfirming] = useState<TribeMember | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section className="card tribe__section" aria-labelledby="tribe-members">
      <h2 id="tribe-members" ref={headingRef} tabIndex={-1}>
        Members
      </h2>
      {status === 'loading' && <Spinner label="Loading members..." />}
      {status === 'failed' && <Alert tone="error">We couldn't load the members.</Alert>}
      {status === 'ready' && members.length === 0 && <p className="muted">No members yet.</p>}
      {status === 'ready' && members.length > 0 && (
        <ul className="tribe__people" aria-label="Members">
          {members.map((member) => (
            <li key={member.uid} className="tribe__person">
              <Avatar name={member.displayName} photoURL={member.photoURL} size={32} />
              <Link to={`/profile/${encodeURIComponent(member.uid)}`}>{member.displayName}</Link>
              {member.role === 'owner' && <span className="tribe__badge">Owner</span>}
              {isOwner && member.role !== 'owner' && (
                <button
                  type="button"
                  className="button button--ghost tribe__remove"
                  aria-label={`Remove ${member.displayName} from the tribe`}
                  disabled={inFlight[safetyKey('removeMember', member.uid)] !== undefined}
                  onClick={() => setConfirming(member)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Remove ${confirming.displayName}?`}
          confirmLabel="Remove member"
          onConfirm={() =>
            dispatch(memberRemovalRequested({ tribeId, member: { id: confirming.uid, name: confirming.displayName } }))
          }
          onClose={() => setConfirming(null)}
          returnFocusRef={headingRef}
        >
          They leave the tribe and its member count. Their posts stay; they can join again unless you block them.
        </ConfirmDialog>
      )}
    </section>
  );
}
