// One event of the page's life: the first route's content has rendered. Work that the first
// route does not need (the service worker's client, monitoring) waits for it, so it never
// competes with the first paint.
import { useEffect } from 'react';

/** A performance mark, so benchmarks can tell what loaded before the first route rendered. */
const FIRST_ROUTE_MARK = 'devtribe:first-route-rendered';

let resolveRendered: () => void = () => undefined;

export const firstRouteRendered = new Promise<void>((resolve) => {
  resolveRendered = resolve;
});

let marked = false;

function markRendered() {
  if (marked) return;
  marked = true;
  performance.mark?.(FIRST_ROUTE_MARK);
  resolveRendered();
}

/** Whether the app's first route has rendered: true from the first route's commit on. */
export function firstRouteHasRendered(): boolean {
  return marked;
}

/** Rendered beside the route inside its Suspense boundary: its effect runs once the route has committed. */
export function FirstRouteMarker() {
  useEffect(() => markRendered(), []);
  return null;
}
