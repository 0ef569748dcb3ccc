import { startTransition, useEffect, useState } from 'react';

import { firstRouteHasRendered } from './firstRoute';

/**
 * `value`, except `initial` while the app renders its first route; `value` then follows in a
 * transition (a render of its own, in short slices) after the component's first commit. A
 * signed-in arrival often has its page's data before the app first renders (app/arrivalSagas.ts):
 * rendered in the app's first commit, the data made that commit, and so the first paint, wait for
 * all of it. A component mounted later (a navigation) shows `value` at once. (React 19's
 * useDeferredValue(value, initialValue) defers a first render this way.)
 */
export function useAfterFirstRoute<T>(value: T, initial: T): T {
  const [waiting, setWaiting] = useState(() => !firstRouteHasRendered());
  useEffect(() => {
    if (waiting) startTransition(() => setWaiting(false));
  }, [waiting]);
  return waiting ? initial : value;
}
