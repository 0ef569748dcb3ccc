import type { RefObject } from 'react';
import { memo, startTransition, useDeferredValue, useId, useLayoutEffect, useRef, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePageOpen } from '../../app/usePageOpen';
import { Alert } from '../../ui/Alert';
import { FilterForm } from '../../ui/FilterForm';
import { SearchField } from '../../ui/SearchField';
import { SortSelect } from '../../ui/SortSelect';
import { Spinner } from '../../ui/Spinner';
import { useWindowVirtualList } from '../../ui/useVirtualList';
import { heightBeforeLayout, widthBeforeLayout } from '../../ui/virtualLayout';
import { PersonCard } from '../people/components';
import type { ExploreSort, RankedPerson } from './explorePeople';
import { EXPLORE_SORTS, formatMutualFriends, suggestionReason, topSkills } from './explorePeople';
import {
  exploreClosed,
  exploreOpened,
  selectDirectory,
  selectExploreError,
  selectExploreOpen,
  selectExploreResults,
  selectExploreStatus,
  selectSkillOptions,
  selectSuggestions,
} from './exploreSlice';

const TOP_SKILLS = 5;
/** The grid's geometry (styles/controls.css .grid): cards at least 260 px wide, 16 px apart. */
const CARD_MIN_WIDTH_PX = 260;
const GRID_GAP_PX = 16;
const CARD_ROW_ESTIMATE_PX = 210;
/** The suggestions' top in the page at its least (a wide screen: the filters in one row). */
const SUGGESTIONS_TOP_MIN_PX = 320;
/** From the suggestions' last row to the list of everyone: the sections' gap, a heading, the count. */
const BETWEEN_LISTS_PX = 100;

const columnsFor = (width: number) =>
  Math.max(1, Math.floor((width + GRID_GAP_PX) / (CARD_MIN_WIDTH_PX + GRID_GAP_PX)));

/**
 * Whether the list of everyone starts below the first screen, judged before the page's first
 * layout from the screen's size alone: on a phone the suggestions' rows fill the screen.
 */
function everyoneBelowTheFold(suggestionCount: number): boolean {
  const suggestionRows = Math.ceil(suggestionCount / columnsFor(widthBeforeLayout()));
  const top = SUGGESTIONS_TOP_MIN_PX + suggestionRows * (CARD_ROW_ESTIMATE_PX + GRID_GAP_PX) + BETWEEN_LISTS_PX;
  return top >= heightBeforeLayout();
}

interface PersonProps {
  person: RankedPerson;
  withReason?: boolean;
  /** Set on the first card of a virtualized row: the row's height is measured on it. */
  measureRef?: (element: HTMLLIElement | null) => void;
  /**
   * The virtualized row, on every card of it: a card the virtualizer measured stays observed after it
   * moves to another column (the column count follows the width), and still names its row.
   */
  rowIndex?: number;
}

function Person({ person, withReason = false, measureRef, rowIndex }: PersonProps) {
  return (
    <li ref={measureRef} data-index={rowIndex}>
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

/**
 * The list's width and its top in the document, kept current as the page around it changes;
 * `measured` once the first measurement is in (the first render is before the page's layout).
 */
function useListGeometry(ref: RefObject<HTMLElement | null>) {
  const [geometry, setGeometry] = useState({ width: 0, top: 0, measured: false });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const next = { width: Math.round(rect.width), top: Math.round(rect.top + window.scrollY), measured: true };
      // A transition: the grid's second render (its rows for the real geometry) is a task of its
      // own, not part of the first commit's (at 4x CPU the two together were a 130 ms task). The
      // cards already shown keep their places: CSS lays out the grid, these only pick its rows.
      startTransition(() =>
        setGeometry((current) =>
          current.measured && current.width === next.width && current.top === next.top ? current : next,
        ),
      );
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    // No measuring here, in the commit (it would force a layout of the whole new page): the
    // observer's first report comes after the browser's own layout. The body resizes when anything
    // above the list does (suggestions, an error, the filters wrapping).
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return geometry;
}

interface PeopleGridProps {
  people: RankedPerson[];
  /**
   * The list starts below the first screen (the suggestions above it fill a phone's): its rows
   * wait for the page's first layout to say where it is. Before that the virtualizer takes the
   * list to start at the top of the page and renders a screenful of cards that are below the fold
   * and removed at once (in a cold start at 4x CPU, the first frame with people took 76 ms with
   * them, 62 ms without). Where the list shows on the first screen, its cards come at once.
   */
  belowTheFold: boolean;
}

/**
 * Every developer, in rows of as many cards as fit, with only the rows near the viewport in the
 * DOM: the directory can be thousands of people and typing in the search stays instant. Memoized:
 * a keystroke re-renders the page at once, the grid only when the (deferred) results change.
 */
const PeopleGrid = memo(function PeopleGrid({ people, belowTheFold }: PeopleGridProps) {
  const listRef = useRef<HTMLUListElement | null>(null);
  const { width, top, measured } = useListGeometry(listRef);
  const columns = columnsFor(width || widthBeforeLayout());
  const rowCount = Math.ceil(people.length / columns);
  const virtualList = useWindowVirtualList({
    scrollMargin: top,
    count: rowCount,
    estimateSize: CARD_ROW_ESTIMATE_PX,
    gap: GRID_GAP_PX,
    overscan: 2,
  });
  const waiting = belowTheFold && !measured;
  const { rows, paddingTop, paddingBottom, measureElement } = waiting
    ? { ...virtualList, rows: [], paddingTop: 0, paddingBottom: virtualList.totalSize }
    : virtualList;
  return (
    <ul ref={listRef} className="grid people-grid" style={{ paddingTop, paddingBottom }}>
      {rows.flatMap((row) =>
        people
          .slice(row.index * columns, (row.index + 1) * columns)
          .map((person, column) => (
            <Person
              key={person.id}
              person={person}
              measureRef={column === 0 ? measureElement : undefined}
              rowIndex={row.index}
            />
          )),
      )}
    </ul>
  );
});

interface PeopleSectionsProps {
  query: string;
  skill: string;
  sort: ExploreSort;
  onClearFilters: () => void;
}

/**
 * The suggestions and everyone else, ranked for the filters (`query` is the deferred search, so the
 * heading and the empty state always speak of the results they stand over).
 */
function PeopleSections({ query, skill, sort, onClearFilters }: PeopleSectionsProps) {
  const filtering = query.trim() !== '' || skill !== '';
  const directorySize = useAppSelector(selectDirectory).length;
  const results = useAppSelector((state) => selectExploreResults(state, query, skill, sort));
  const suggestions = useAppSelector(selectSuggestions);
  const showSuggestions = !filtering && suggestions.length > 0;
  return (
    <>
      {showSuggestions && (
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
          {results.length === 0 ? '' : `${results.length} ${results.length === 1 ? 'developer' : 'developers'}`}
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
              <button type="button" className="button button--secondary" onClick={onClearFilters}>
                Clear filters
              </button>
            </div>
          ))}
        {results.length > 0 && (
          <PeopleGrid people={results} belowTheFold={showSuggestions && everyoneBelowTheFold(suggestions.length)} />
        )}
      </section>
    </>
  );
}

export default function ExplorePeoplePage() {
  const dispatch = useAppDispatch();
  const [query, setQuery] = useState('');
  const [skill, setSkill] = useState('');
  const [sort, setSort] = useState<ExploreSort>('bestMatch');
  // Typing stays responsive: the list re-filters at lower priority than the input.
  const deferredQuery = useDeferredValue(query);
  const skillId = useId();

  // Followed live while the page shows (from the session's restore, on a signed-in arrival).
  usePageOpen(selectExploreOpen, exploreOpened, exploreClosed);

  // The people appear at transition priority too: when the directory arrives, the spinner stays
  // until React has ranked it and rendered the cards in short slices of work, instead of one long
  // task that blocks input (PeopleSections reads the ranking only once it renders).
  // On an arrival the directory is usually there before the app's first render (its reads start
  // with the session's restore): the first cards then come in that first commit, a screenful on a
  // phone (PeopleGrid sizes its first rows for the screen), the rest as the geometry is measured.
  const status = useDeferredValue(useAppSelector(selectExploreStatus));
  // Deferred alike, so the failure alert never shows with its reason already cleared by a retry.
  const error = useDeferredValue(useAppSelector(selectExploreError));
  const skillOptions = useAppSelector(selectSkillOptions);

  const clearFilters = () => {
    setQuery('');
    setSkill('');
  };

  return (
    <div className="explore">
      <header className="page-header">
        <h1>Explore People</h1>
        <p>Find developers by name or skill. Skills you share are highlighted.</p>
      </header>

      <FilterForm label="People" className="explore__filters">
        <SearchField label="Search people" value={query} placeholder="Name or skill, e.g. React" onChange={setQuery} />
        <div className="field">
          <label htmlFor={skillId}>Filter by skill</label>
          <select id={skillId} value={skill} onChange={(event) => setSkill(event.target.value)}>
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
      </FilterForm>

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
        <PeopleSections query={deferredQuery} skill={skill} sort={sort} onClearFilters={clearFilters} />
      )}
    </div>
  );
}
