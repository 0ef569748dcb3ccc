import { useDeferredValue, useEffect, useId, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Alert } from '../../ui/Alert';
import { SortSelect } from '../../ui/SortSelect';
import { Spinner } from '../../ui/Spinner';
import { PersonCard } from '../people/PersonCard';
import type { ExploreSort, RankedPerson } from './explorePeople';
import { EXPLORE_SORTS, formatMutualFriends, suggestionReason, topSkills } from './explorePeople';
import {
  exploreClosed,
  exploreOpened,
  selectDirectory,
  selectExploreError,
  selectExploreResults,
  selectExploreStatus,
  selectSkillOptions,
  selectSuggestions,
} from './exploreSlice';

/** Cards rendered at first and per "Show more": 500 cards at once would make typing sluggish. */
export const PAGE_SIZE = 48;
const TOP_SKILLS = 5;

function Person({ person, withReason = false }: { person: RankedPerson; withReason?: boolean }) {
  return (
    <li>
      <PersonCard
        id={person.id}
        displayName={person.displayName}
        photoURL={person.photoURL}
        skills={topSkills(person, TOP_SKILLS)}
        sharedSkills={person.sharedSkills}
        detail={formatMutualFriends(person.mutualFriendCount)}
        reason={withReason ? suggestionReason(person) : null}
      />
    </li>
  );
}

export default function ExplorePeoplePage() {
  const dispatch = useAppDispatch();
  const [query, setQuery] = useState('');
  const [skill, setSkill] = useState('');
  const [sort, setSort] = useState<ExploreSort>('bestMatch');
  const [visibleCount, setVisibleCount] = useState(PAGE_SIZE);
  // Typing stays responsive: the list re-filters at lower priority than the input.
  const deferredQuery = useDeferredValue(query);
  const ids = { search: useId(), skill: useId() };

  useEffect(() => {
    dispatch(exploreOpened());
    return () => {
      dispatch(exploreClosed());
    };
  }, [dispatch]);

  const status = useAppSelector(selectExploreStatus);
  const error = useAppSelector(selectExploreError);
  const directorySize = useAppSelector(selectDirectory).length;
  const results = useAppSelector((state) => selectExploreResults(state, deferredQuery, skill, sort));
  const suggestions = useAppSelector(selectSuggestions);
  const skillOptions = useAppSelector(selectSkillOptions);

  const filtering = query.trim() !== '' || skill !== '';
  const visible = results.slice(0, visibleCount);

  const clearFilters = () => {
    setQuery('');
    setSkill('');
    setVisibleCount(PAGE_SIZE);
  };

  return (
    <div className="explore">
      <header className="page-header">
        <h1>Explore People</h1>
        <p>Find developers by name or skill. Skills you share are highlighted.</p>
      </header>

      <form role="search" aria-label="People" className="explore__filters" onSubmit={(event) => event.preventDefault()}>
        <div className="field explore__search">
          <label htmlFor={ids.search}>Search people</label>
          <input
            id={ids.search}
            type="search"
            value={query}
            placeholder="Name or skill, e.g. React"
            autoComplete="off"
            onChange={(event) => {
              setQuery(event.target.value);
              setVisibleCount(PAGE_SIZE);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.skill}>Filter by skill</label>
          <select
            id={ids.skill}
            value={skill}
            onChange={(event) => {
              setSkill(event.target.value);
              setVisibleCount(PAGE_SIZE);
            }}
          >
            <option value="">Any skill</option>
            {skill !== '' && !skillOptions.includes(skill) && <option value={skill}>{skill}</option>}
            {skillOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <SortSelect options={EXPLORE_SORTS} value={sort} onChange={setSort} />
      </form>

      {status === 'failed' && (
        <div className="explore__state">
          <Alert tone="error">We couldn't load people. {error?.message}</Alert>
          <button type="button" className="button button--secondary" onClick={() => dispatch(exploreOpened())}>
            Try again
          </button>
        </div>
      )}

      {(status === 'loading' || status === 'idle') && <Spinner label="Loading people..." />}

      {status === 'ready' && (
        <>
          {!filtering && suggestions.length > 0 && (
            <section className="explore__section" aria-labelledby="explore-suggestions">
              <h2 id="explore-suggestions">Suggested for you</h2>
              <ul className="grid people-grid">
                {suggestions.map((person) => (
                  <Person key={person.id} person={person} withReason />
                ))}
              </ul>
            </section>
          )}

          <section className="explore__section" aria-labelledby="explore-everyone">
            <h2 id="explore-everyone">{filtering ? 'Results' : 'All developers'}</h2>
            <p className="muted" role="status">
              {results.length === 0
                ? ''
                : results.length > visible.length
                  ? `Showing ${visible.length} of ${results.length} developers`
                  : `${results.length} ${results.length === 1 ? 'developer' : 'developers'}`}
            </p>
            {results.length === 0 &&
              (directorySize === 0 || !filtering ? (
                <div className="empty-state">
                  <p>No other developers have joined yet.</p>
                  <p className="muted">Invite your teammates: they will show up here as soon as they sign up.</p>
                </div>
              ) : (
                <div className="empty-state">
                  <p>No developers match your search.</p>
                  <p className="muted">Try another name or skill, or clear the filters.</p>
                  <button type="button" className="button button--secondary" onClick={clearFilters}>
                    Clear filters
                  </button>
                </div>
              ))}
            {visible.length > 0 && (
              <ul className="grid people-grid">
                {visible.map((person) => (
                  <Person key={person.id} person={person} />
                ))}
              </ul>
            )}
            {results.length > visible.length && (
              <button
                type="button"
                className="button button--secondary explore__more"
                onClick={() => setVisibleCount((count) => count + PAGE_SIZE)}
              >
                Show more people
              </button>
            )}
          </section>
        </>
      )}
    </div>
  );
}
