import { useDeferredValue, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sharedTopics } from '../../domain/tribeLogic';
import type { Tribe, TribeSort } from '../../domain/tribeTypes';
import { TRIBE_SORTS } from '../../domain/tribeTypes';
import { Alert } from '../../ui/Alert';
import { FilterForm } from '../../ui/FilterForm';
import { SearchField } from '../../ui/SearchField';
import { SectionBoundary } from '../../ui/SectionBoundary';
import { SortSelect } from '../../ui/SortSelect';
import { Spinner } from '../../ui/Spinner';
import { SkillChips } from '../people/components';
import { selectOwnProfile } from '../session';
import { plural, sharedTopicsReason } from './tribeFormat';
import { selectTribeResults } from './tribeSelectors';
import { directoryClosed, directoryOpened, selectDirectory } from './tribesSlice';

const EMPTY_SKILLS: readonly string[] = [];
function TribeCard({ tribe, skills }: { tribe: Tribe; skills: readonly string[] }) {
  const nameId = useId();
  const reason = sharedTopicsReason(sharedTopics(tribe, skills));
  return (
    <article className="card tribe-card" aria-labelledby={nameId}>
      <h2 id={nameId} className="tribe-card__name">
        <Link to={`/tribes/${encodeURIComponent(tribe.id)}`}>{tribe.name}</Link>
      </h2>
      {tribe.tagline && <p className="tribe-card__tagline">{tribe.tagline}</p>}
      <SkillChips skills={tribe.topics} sharedSkills={skills} label={`Topics of ${tribe.name}`} />
      <p className="muted tribe-card__stats">
        {plural(tribe.memberCount, 'member', 'members')} · {plural(tribe.postCount, 'post', 'posts')} ·{' '}
        {tribe.joinPolicy === 'open' ? 'Open to all' : 'Join by request'}
      </p>
      {reason && <p className="tribe-card__reason">{reason}</p>}
    </article>
  );
}

export default function TribesPage() {
  const dispatch = useAppDispatch();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<TribeSort>('forYou');
  // Typing stays responsive: the list re-filters at lower priority than the input.
  const deferredQuery = useDeferredValue(query);
  const directory = useAppSelector(selectDirectory);
  const skills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  const results = useAppSelector((state) => selectTribeResults(state, deferredQuery, sort));

  useEffect(() => {
    dispatch(directoryOpened());
    return () => {
      dispatch(directoryClosed());
    };
  }, [dispatch]);

  return (
    <div className="tribes">
      <header className="page-header tribes__header">
        <div>
          <h1>Explore Tribes</h1>
          <p>Communities of developers around the topics they care about.</p>
        </div>
        <Link to="/tribes/create" className="button button--primary">
          Create tribe
        </Link>
      </header>

      <FilterForm label="Tribes" className="tribes__filters">
        <SearchField label="Search tribes" value={query} placeholder="Name or topic, e.g. Rust" onChange={setQuery} />
        <SortSelect options={TRIBE_SORTS} value={sort} onChange={setSort} />
      </FilterForm>

      {(directory.status === 'loading' || directory.status === 'idle') && <Spinner label="Loading tribes..." />}

      {directory.status === 'failed' && (
        <div className="tribes__state">
          <Alert tone="error">{directory.error ?? "We couldn't load tribes."}</Alert>
          <button type="button" className="button button--secondary" onClick={() => dispatch(directoryOpened())}>
            Try again
          </button>
        </div>
      )}

      {directory.status === 'ready' && directory.tribes.length === 0 && (
        <div className="empty-state">
          <p>No tribes yet. Start the first one and invite people who share your interests.</p>
        </div>
      )}

      {directory.status === 'ready' && directory.tribes.length > 0 && results.length === 0 && (
        <div className="empty-state">
          <p>No tribes match “{query.trim()}”. Try another name or topic, or create this tribe yourself.</p>
          <button type="button" className="button button--secondary" onClick={() => setQuery('')}>
            Clear search
          </button>
        </div>
      )}

      {directory.status === 'ready' && results.length > 0 && (
        <>
          <p className="muted tribes__count" role="status">
            {plural(results.length, 'tribe', 'tribes')}
          </p>
          <ul className="tribes__list" aria-label="Tribes">
            {results.map((tribe) => (
              <li key={tribe.id}>
                <SectionBoundary section="tribe card" message="This tribe could not be shown." resetKeys={[tribe]}>
                  <TribeCard tribe={tribe} skills={skills} />
                </SectionBoundary>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
