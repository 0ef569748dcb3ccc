import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
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

/** The two lists, each with its way back: the operation that takes a person off it. */
const PEOPLE_LISTS = [
  {
    id: 'safety-blocked',
    title: 'Blocked people',
    selectPeople: selectBlockedPeople,
    empty: "You haven't blocked anyone. Block someone from the More menu on their profile or card.",
    operation: 'unblock',
  },
  {
    id: 'safety-muted',
    title: 'Muted people',
    selectPeople: selectMutedPeople,
    empty: "You haven't muted anyone.",
    operation: 'unmute',
  },
] as const;

interface PeopleListProps {
  id: string;
  title: string;
  selectPeople: typeof selectBlockedPeople;
  empty: string;
  operation: 'unblock' | 'unmute';
}

function PeopleList({ id, title, selectPeople, empty, operation }: PeopleListProps) {
  const dispatch = useAppDispatch();
  const people = useAppSelector(selectPeople);
  const inFlight = useAppSelector(selectSafetyInFlight);
  const actionLabel = operation === 'unblock' ? 'Unblock' : 'Unmute';
  const request = operation === 'unblock' ? unblockRequested : unmuteRequested;
  return (
    <section className="card safety__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {people.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="safety__people" aria-label={title}>
          {people.map((person) => {
            const busy = inFlight[safetyKey(operation, person.id)] !== undefined;
            return (
              <li key={person.id} className="safety__person">
                <Link to={`/profile/${encodeURIComponent(person.id)}`}>{person.name}</Link>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`${actionLabel} ${person.name}`}
                  disabled={busy}
                  aria-busy={busy || undefined}
                  onClick={() => dispatch(request({ person }))}
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
          {PEOPLE_LISTS.map((list) => (
            <PeopleList key={list.id} {...list} />
          ))}
        </div>
      )}
    </div>
  );
}
