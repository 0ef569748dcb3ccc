// A value a component shows after the app's first commit when it mounts in the app's first
// route (an arrival), and at once when it mounts later (a navigation). The two tests run in
// order: the first route renders (FirstRouteMarker) between them.
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLayoutEffect } from 'react';

import { FirstRouteMarker } from './firstRoute';
import { useAfterFirstRoute } from './useAfterFirstRoute';

function Shown({ value }: { value: string }) {
  return <p>{useAfterFirstRoute(value, 'loading')}</p>;
}

let firstCommit: string | null = null;
function FirstCommitProbe({ children }: { children: ReactNode }) {
  // A parent's layout effect runs in the same commit as its children's.
  useLayoutEffect(() => {
    firstCommit = screen.getByRole('paragraph').textContent;
  }, []);
  return children;
}

it("mounted in the app's first route: the initial value in the first commit, the value right after", async () => {
  render(
    <FirstCommitProbe>
      <Shown value="ready" />
      <FirstRouteMarker />
    </FirstCommitProbe>,
  );
  expect(firstCommit).toBe('loading');
  expect(await screen.findByText('ready')).toBeInTheDocument();
});

it('mounted after the first route rendered (a navigation): the value in the first commit', () => {
  firstCommit = null;
  act(() => {
    render(
      <FirstCommitProbe>
        <Shown value="ready" />
      </FirstCommitProbe>,
    );
  });
  expect(firstCommit).toBe('ready');
});
