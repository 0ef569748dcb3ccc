import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { startTransition, Suspense } from 'react';
import { Provider } from 'react-redux';

import { createStoreWithoutSagas } from '../test/renderWithProviders';
import type { Feature } from './feature';
import { lazyFeaturePage, preloadableLazy } from './lazyFeaturePage';
import type { LazySlices } from './rootReducer';

const page = () => Promise.resolve({ default: () => <h1>The page</h1> });

function renderInTransition(Page: () => JSX.Element, wrap: (page: ReactElement) => ReactElement = (page) => page) {
  const { container } = render(<div />);
  return act(async () => {
    startTransition(() => {
      render(
        wrap(
          <Suspense fallback={<p>Loading...</p>}>
            <Page />
          </Suspense>,
        ),
        { container },
      );
    });
    await Promise.resolve();
  });
}

/** What the page's text was at each change of the document while `run` ran. */
async function textsWhile(run: () => Promise<void>) {
  const seen: string[] = [];
  const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  await run();
  observer.disconnect();
  return seen;
}

describe('preloadableLazy', () => {
  it('renders a preloaded page in its first commit, with no fallback in between', async () => {
    const Page = preloadableLazy(page);
    await Page.preload();
    const seen = await textsWhile(() => renderInTransition(Page));
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(seen.some((text) => text.includes('Loading...'))).toBe(false);
  });

  it('without a preload it loads like React.lazy: the fallback, then the page', async () => {
    const Page = preloadableLazy(page);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
  });

  it('a failed preload leaves the page to load again when it renders', async () => {
    let attempts = 0;
    const Page = preloadableLazy(() => (attempts++ === 0 ? Promise.reject(new Error('offline')) : page()));
    await expect(Page.preload()).rejects.toThrow('offline');
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(attempts).toBe(2);
  });
});

describe('lazyFeaturePage', () => {
  const explore = { key: 'explore' } as Feature;
  /** A store whose state names `loaded` as loaded, recording the features the page loads into it. */
  function storeWith(loaded: (keyof LazySlices)[]) {
    const store = createStoreWithoutSagas({ loadedFeatures: loaded });
    return Object.assign(store, { loadFeature: jest.fn<void, [Feature]>() });
  }

  async function expectFallbackThenPage(Page: () => JSX.Element, store: ReturnType<typeof storeWith>) {
    render(
      <Provider store={store}>
        <Suspense fallback={<p>Loading...</p>}>
          <Page />
        </Suspense>
      </Provider>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
  }

  it('renders in its first commit when preloaded and the store has its features (a signed-in arrival)', async () => {
    const Page = lazyFeaturePage(page, () => Promise.resolve([explore]));
    await Page.preload();
    const store = storeWith(['explore']);
    const seen = await textsWhile(() => renderInTransition(Page, (ui) => <Provider store={store}>{ui}</Provider>));
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(seen.some((text) => text.includes('Loading...'))).toBe(false);
    expect(store.loadFeature).not.toHaveBeenCalled();
  });

  it('loads its features into a store that has not, behind the fallback, even when preloaded', async () => {
    const Page = lazyFeaturePage(page, () => Promise.resolve([explore]));
    await Page.preload();
    const store = storeWith([]);
    await expectFallbackThenPage(Page, store);
    expect(store.loadFeature.mock.calls.map(([feature]) => feature)).toEqual([explore]);
  });

  it('without a preload it loads the page and its features behind the fallback', async () => {
    const Page = lazyFeaturePage(page, () => Promise.resolve([explore]));
    const store = storeWith(['explore']);
    await expectFallbackThenPage(Page, store);
    expect(store.loadFeature.mock.calls.map(([feature]) => feature)).toEqual([explore]);
  });
});
