// Explore people over the real store, root saga and local backend (fake-indexeddb).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { AppStore } from '../../app/store';
import type { LocalBackend } from '../../backend/local/createLocalBackend';
import type { DocData } from '../../backend/port';
import { BackendError, docRef } from '../../backend/port';
import { profileDoc } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { setupTestStore } from '../../test/setupTestStore';
import type { TestStore } from '../../test/setupTestStore';
import { createTestBackend, openPolicy, signUpWithProfile } from '../../test/testBackend';
import ExplorePeoplePage from './ExplorePeoplePage';

const friend = (id: string) => ({ id, displayName: id, photoURL: null, addedAt: '2026-01-02T00:00:00.000Z' });

function person(name: string, skills: string[], joinDay: number, friendIds: string[] = []): DocData {
  return {
    ...profileDoc(name, null),
    skills,
    joinDate: Date.UTC(2026, 0, joinDay),
    friends: friendIds.map(friend),
    friendCount: friendIds.length,
  };
}

let backend: LocalBackend;
let testStore: TestStore;
let store: AppStore;
let adaId: string;

beforeEach(async () => {
  // The access policy only lets friendships form through requests; these tests seed them directly.
  backend = await createTestBackend({ policy: openPolicy });
  adaId = await signUpWithProfile(backend, 'Ada');
  await backend.db.update(docRef('users', adaId), {
    skills: ['React', 'Firebase'],
    friends: [friend('f1')],
    friendCount: 1,
  });
  await backend.db.set(docRef('users', 'bob'), person('Bob Rustacean', ['Rust', 'React', 'Firebase'], 3));
  await backend.db.set(docRef('users', 'cy'), person('Cy Gopher', ['Go'], 9, ['f1']));
  await backend.db.set(docRef('users', 'dee'), person('Dee Python', ['Python'], 5));
  testStore = await setupTestStore({ backend });
  store = testStore.store;
  await testStore.waitFor((state) => state.session.status === 'signedIn');
});

afterEach(() => testStore.close());

const everyone = () => within(screen.getByRole('region', { name: /All developers|Results/ }));
const cardNames = () =>
  everyone()
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('ExplorePeoplePage', () => {
  it('lists everyone but the viewer, with suggestions and their reasons', async () => {
    renderWithProviders(<ExplorePeoplePage />, { store: store, route: '/explore' });
    expect(screen.getByRole('heading', { level: 1, name: 'Explore People' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'All developers' });

    // Below the suggestions, the list's cards come once the page has been laid out (see below).
    await waitFor(() => expect(cardNames()).toEqual(['Bob Rustacean', 'Cy Gopher', 'Dee Python']));
    expect(screen.queryByRole('link', { name: 'Ada' })).not.toBeInTheDocument();
    expect(everyone().getByRole('link', { name: 'Bob Rustacean' })).toHaveAttribute('href', '/profile/bob');

    const suggestions = within(screen.getByRole('region', { name: 'Suggested for you' }));
    expect(suggestions.getByText('Suggested: shares React and Firebase')).toBeInTheDocument();
    expect(suggestions.getByText('Suggested: 1 mutual friend')).toBeInTheDocument();
    expect(suggestions.queryByText(/Dee Python/)).not.toBeInTheDocument();

    const bob = within(everyone().getByRole('article', { name: 'Bob Rustacean' }));
    expect(bob.getByText('0 mutual friends')).toBeInTheDocument();
    expect(bob.getByText('React').closest('li')).toHaveClass('chip--shared');
    expect(bob.getByRole('button', { name: 'Add friend' })).toBeInTheDocument();
  });

  it('searches by name or skill, filters by skill and sorts', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ExplorePeoplePage />, { store: store, route: '/explore' });
    await screen.findByRole('region', { name: 'All developers' });

    await user.type(screen.getByLabelText('Search people'), 'rust');
    await waitFor(() => expect(cardNames()).toEqual(['Bob Rustacean']));
    await user.clear(screen.getByLabelText('Search people'));
    await user.type(screen.getByLabelText('Search people'), 'python');
    await waitFor(() => expect(cardNames()).toEqual(['Dee Python']));
    await user.clear(screen.getByLabelText('Search people'));

    await user.selectOptions(screen.getByLabelText('Filter by skill'), 'Go');
    await waitFor(() => expect(cardNames()).toEqual(['Cy Gopher']));
    await user.selectOptions(screen.getByLabelText('Filter by skill'), '');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Newest');
    await waitFor(() => expect(cardNames()).toEqual(['Cy Gopher', 'Dee Python', 'Bob Rustacean']));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most mutual friends');
    await waitFor(() => expect(cardNames()).toEqual(['Cy Gopher', 'Bob Rustacean', 'Dee Python']));
  });

  it('says when nothing matches and clears the filters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ExplorePeoplePage />, { store: store, route: '/explore' });
    await screen.findByRole('region', { name: 'All developers' });
    await user.type(screen.getByLabelText('Search people'), 'cobol');
    expect(await screen.findByText('No developers match your search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(cardNames()).toHaveLength(3));
  });

  it('follows the directory live', async () => {
    renderWithProviders(<ExplorePeoplePage />, { store: store, route: '/explore' });
    await screen.findByRole('region', { name: 'All developers' });
    await act(async () => {
      await backend.db.set(docRef('users', 'eve'), person('Eve Newcomer', ['React'], 20));
    });
    await waitFor(() => expect(cardNames()).toContain('Eve Newcomer'));
  });

  it('shows an error with a way to try again', async () => {
    jest.spyOn(backend.db, 'subscribeQuery').mockImplementationOnce((_spec, _onNext, onError) => {
      queueMicrotask(() => onError(new BackendError('unavailable', 'The service is offline.')));
      return () => undefined;
    });
    renderWithProviders(<ExplorePeoplePage />, { store: store, route: '/explore' });
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load people. The service is offline.");
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'All developers' });
    await waitFor(() => expect(cardNames()).toHaveLength(3));
  });
});

describe('the list of everyone before the page has been laid out', () => {
  /** ResizeObservers that report only when the test says so: the browser's first layout. */
  const observers: Array<{ callback: ResizeObserverCallback; targets: Set<Element>; observer: ResizeObserver }> = [];
  class ControlledResizeObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: ResizeObserverCallback) {
      this.entry = { callback, targets: new Set(), observer: this };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      this.entry.targets.clear();
    }
  }
  const layOut = () =>
    act(() => {
      for (const { callback, targets, observer } of [...observers]) {
        const entries = [...targets].map((target) => {
          const size = [{ blockSize: 0, inlineSize: 0 }];
          return { target, borderBoxSize: size, contentBoxSize: size, contentRect: target.getBoundingClientRect() };
        });
        if (entries.length) callback(entries as unknown as ResizeObserverEntry[], observer);
      }
    });

  /** The screen's size, which the page reads before its first layout (jsdom's is 0 by 0). */
  const onScreen = (width: number, height: number) => {
    jest.spyOn(window.screen, 'width', 'get').mockReturnValue(width);
    jest.spyOn(window.screen, 'height', 'get').mockReturnValue(height);
  };

  beforeEach(() => {
    globalThis.ResizeObserver = ControlledResizeObserver;
  });
  afterEach(() => {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
    observers.length = 0;
    jest.restoreAllMocks();
  });

  it('on a phone, below the suggestions, renders no cards until the layout says where it is', async () => {
    onScreen(412, 823);
    renderWithProviders(<ExplorePeoplePage />, { store: store, route: '/explore' });
    await screen.findByRole('region', { name: 'Suggested for you' });
    await screen.findByRole('region', { name: 'All developers' });
    // Not a screenful taken to start at the top of the page: on a phone that is below the fold.
    expect(cardNames()).toEqual([]);
    expect(everyone().getByRole('status')).toHaveTextContent('3 developers');

    layOut();
    await waitFor(() => expect(cardNames()).toEqual(['Bob Rustacean', 'Cy Gopher', 'Dee Python']));
  });

  it('on a laptop, where it shows on the first screen below the suggestions, renders its first cards at once', async () => {
    onScreen(1350, 940);
    renderWithProviders(<ExplorePeoplePage />, { store: store, route: '/explore' });
    await screen.findByRole('region', { name: 'Suggested for you' });
    await screen.findByRole('region', { name: 'All developers' });
    expect(cardNames()).toEqual(['Bob Rustacean', 'Cy Gopher', 'Dee Python']);
  });

  it('on a phone with no list above it (a search), renders its first cards at once', async () => {
    onScreen(412, 823);
    const user = userEvent.setup();
    renderWithProviders(<ExplorePeoplePage />, { store: store, route: '/explore' });
    await screen.findByRole('region', { name: 'All developers' });
    await user.type(screen.getByLabelText('Search people'), 'o');
    await screen.findByRole('region', { name: 'Results' });
    expect(screen.queryByRole('region', { name: 'Suggested for you' })).not.toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Bob Rustacean', 'Cy Gopher', 'Dee Python']));
  });
});
