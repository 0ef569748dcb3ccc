import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { locationChanged } from '../../app/routerEvents';
import { reportError } from '../../platform/errorReporting';
import { selectInstallPromptVisible } from './installPromptSlice';

/**
 * The install card, shown to few people and only after 5 s, so its code stays out of the
 * signed-in chunk too. Loaded with a plain import and state rather than React.lazy: no Suspense
 * boundary means the card appears the moment its chunk is there, with no reveal throttling on top.
 */
type InstallCardModule = typeof import('./InstallPromptCard');

function useInstallCardModule(visible: boolean): InstallCardModule | null {
  const [cardModule, setCardModule] = useState<InstallCardModule | null>(null);
  useEffect(() => {
    if (!visible || cardModule) return;
    let active = true;
    import(/* webpackChunkName: "install-prompt" */ './InstallPromptCard')
      .then((loaded) => {
        if (active) setCardModule(loaded);
      })
      .catch((error: unknown) => reportError(error, { description: 'The install card could not load:' }));
    return () => {
      active = false;
    };
  }, [visible, cardModule]);
  return cardModule;
}

/** Tells the install prompt's saga where the user is (the card belongs to /dashboard). */
function useLocationChangedEvents() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(locationChanged({ pathname }));
  }, [dispatch, pathname]);
}

/**
 * Where the layout shows the install card, for signed-in users; in the signed-in chunk with the
 * install prompt's state, which it tells where the user is from the moment it is there.
 */
export function InstallPromptSlot() {
  useLocationChangedEvents();
  const installCard = useInstallCardModule(useAppSelector(selectInstallPromptVisible));
  return installCard && <installCard.InstallPromptCard />;
}
