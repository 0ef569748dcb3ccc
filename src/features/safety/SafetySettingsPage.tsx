import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ListedPerson } from '../../domain/safetyTypes';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import {
  selectBlockedPeople,
  selectLastSafetyOutcome,
  selectMutedPeople,
  selectSafetyInFlight,
  selectSafetyListsStatus,
  safetyKey,
  unblockRequested,
  unmuteRequested,
} from './safetySlice';

interface PeopleListProps {
  id: string;
  title: string;
  people: readonly ListedPerson[];
  empty: string;
  actionLabel: 'Unblock' | 'Unmute';
  onAction: (person: ListedPerson) => void;
  busyKey: (person: ListedPerson) => string;
}

function PeopleList({ id, title, people, empty, actionLabel, onAction, busyKey }: PeopleListProps) {
  const inFlight = useAppSelector(selectSafetyInFlight);
  return (
    <section className="card safety__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {people.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="safety__people" aria-label={title}>
          {people.map((person) => {
            const busy = inFlight[busyKey(person)] !== undefined;
            return (
              <li key={person.id} className="safety__person">
                <Link to={`/profile/${encodeURIComponent(person.id)}`}>{person.name}</Link>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`${actionLabel} ${person.name}`}
                  disabled={busy}
                  aria-busy={busy || undefined}
                  onClick={() => onAction(person)}
                >
                  {actionLabel}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** /settings/safety: the people the viewer blocked and muted, each with its way back. */
export default function SafetySettingsPage() {
  const dispatch = useAppDispatch();
  const blocked = useAppSelector(selectBlockedPeople);
  const muted = useAppSelector(selectMutedPeople);
  const status = useAppSelector(selectSafetyListsStatus);
  const outcome = useAppSelector(selectLastSafetyOutcome);
  const shownOutcome = outcome && (outcome.operation === 'unblock' || outcome.operation === 'unmute') ? outcome : null;

  return (
    <div className="safety">
      <header className="page-header">
        <h1>Safety</h1>
        <p>
          People you blocked can't send you friend requests, join your tribes or ask to join your projects, and you
          don't see their posts. People you muted stay as they are, but their posts and notifications are hidden from
          you. Nobody is told.
        </p>
      </header>
      {shownOutcome && <Alert tone={shownOutcome.success ? 'success' : 'error'}>{shownOutcome.message}</Alert>}
      {status === 'failed' && <Alert tone="error">We couldn't load your blocked and muted people.</Alert>}
      {status === 'idle' || status === 'loading' ? (
        <Spinner label="Loading..." />
      ) : (
        <div className="safety__lists">
          <PeopleList
            id="safety-blocked"
            title="Blocked people"
            people={blocked}
            empty="You haven't blocked anyone. Block someone from the More menu on their profile or card."
            actionLabel="Unblock"
            onAction={(person) => dispatch(unblockRequested({ person }))}
            busyKey={(person) => safetyKey('unblock', person.id)}
          />
          <PeopleList
            id="safety-muted"
            title="Muted people"
            people={muted}
            empty="You haven't muted anyone."
            actionLabel="Unmute"
            onAction={(person) => dispatch(unmuteRequested({ person }))}
            busyKey={(person) => safetyKey('unmute', person.id)}
          />
        </div>
      )}
    </div>
  );
}
