import type { UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';

import { useAppStore } from './hooks';
import type { RootState } from './store';

/**
 * For a page whose data loads while it shows: `opened` when it mounts, unless the page is open
 * already (a signed-in arrival opens it as soon as the session is restored, app/arrivalSagas.ts,
 * while the page's first render is still to come), and `closed` when it goes. Read from the store
 * as the page mounts, not from a render: the arrival may open it in between.
 */
export function usePageOpen(
  selectOpen: (state: RootState) => boolean,
  opened: () => UnknownAction,
  closed: () => UnknownAction,
): void {
  const store = useAppStore();
  useEffect(() => {
    if (!selectOpen(store.getState())) store.dispatch(opened());
    return () => {
      store.dispatch(closed());
    };
  }, [store, selectOpen, opened, closed]);
}
