// Renders a tribe feed of 1,000 posts (the feed after 49 "Load more" pages). In the normal run it
// only checks the result; with TRIBE_FEED_BENCH_OUT set (bench/sections/tribeFeed.mjs) it also
// times the first render and a live update, and writes the figures there as JSON.
import { act, render, screen, waitFor } from '@testing-library/react';
import { writeFileSync } from 'node:fs';
import { MemoryRouter } from 'react-router-dom';

import type { TribePost } from '../../domain/tribeTypes';
import { TribeFeed } from './TribeFeed';

export const FEED_SIZE = 1000;
const START = Date.UTC(2026, 10, 22, 10);

const posts: TribePost[] = Array.from({ length: FEED_SIZE }, (_, i) => ({
  id: `post-${String(FEED_SIZE - i).padStart(4, '0')}`,
  tribeId: 't1',
  authorId: i % 3 === 0 ? 'viewer' : `author-${i % 17}`,
  authorName: `Developer ${i % 17}`,
  authorPhoto: null,
  body: `Post number ${FEED_SIZE - i}: `.padEnd(280, 'lorem ipsum dolor sit amet '),
  createdAt: START - i * 60_000,
}));
const newest: TribePost = {
  ...posts[0]!,
  id: 'post-new',
  body: 'A new post from another member',
  createdAt: START + 60_000,
};
const noop = () => undefined;

function renderFeed(list: readonly TribePost[]) {
  return render(
    <MemoryRouter>
      <TribeFeed posts={list} viewerUid="viewer" onDelete={noop} />
    </MemoryRouter>,
  );
}

function timeOnce() {
  const t0 = performance.now();
  const view = renderFeed(posts);
  const firstRender = performance.now() - t0;
  expect(view.container.querySelector('.markdown__plain')).not.toBeInTheDocument();
  const t1 = performance.now();
  act(() => {
    view.rerender(
      <MemoryRouter>
        <TribeFeed posts={[newest, ...posts]} viewerUid="viewer" onDelete={noop} />
      </MemoryRouter>,
    );
  });
  const liveUpdate = performance.now() - t1;
  view.unmount();
  return { firstRender, liveUpdate };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

it(`renders ${FEED_SIZE} posts newest first, with Delete only on the viewer's own`, () => {
  const { container } = renderFeed(posts);
  // Plain selectors: role queries over 1,000 items cost seconds in jsdom and prove nothing more here.
  const items = container.querySelectorAll('article.post');
  expect(items).toHaveLength(FEED_SIZE);
  expect(items[0]).toHaveTextContent('Post number 1000');
  expect(screen.getByRole('list', { name: 'Posts' })).toBeInTheDocument();
  expect(container.querySelectorAll('button.post__delete')).toHaveLength(Math.ceil(FEED_SIZE / 3));
});

const out = process.env.TRIBE_FEED_BENCH_OUT;
(out ? it : it.skip)('times the render (bench only)', async () => {
  // Post bodies are Markdown, rendered once its lazily loaded renderer is there (the first post on
  // a page fetches it): the timed renders are of rendered Markdown, not of its plain-text stand-in.
  const warm = renderFeed(posts);
  await waitFor(() => expect(warm.container.querySelector('.markdown__plain')).not.toBeInTheDocument());
  warm.unmount();
  timeOnce(); // warm-up: module and JIT costs are not the feed's
  const runs = Array.from({ length: 5 }, timeOnce);
  writeFileSync(
    out!,
    JSON.stringify({
      posts: FEED_SIZE,
      runs: runs.length,
      firstRenderMs: median(runs.map((run) => run.firstRender)),
      liveUpdateMs: median(runs.map((run) => run.liveUpdate)),
    }),
  );
});
