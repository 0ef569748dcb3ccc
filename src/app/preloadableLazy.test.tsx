import { act, render, screen } from '@testing-library/react';
import { startTransition, Suspense } from 'react';

import { preloadableLazy } from './lazyFeaturePage';

const page = () => Promise.resolve({ default: () => <h1>The page</h1> });

function renderInTransition(Page: () => JSX.Element) {
  const { container } = render(<div />);
  return act(async () => {
    startTransition(() => {
      render(
        <Suspense fallback={<p>Loading...</p>}>
          <Page />
        </Suspense>,
        { container },
      );
    });
    await Promise.resolve();
  });
}

describe('preloadableLazy', () => {
  it('renders a preloaded page in its first commit, with no fallback in between', async () => {
    const Page = preloadableLazy(page);
    await Page.preload();
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await renderInTransition(Page);
    observer.disconnect();
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
