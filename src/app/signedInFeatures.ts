// What only a signed-in user needs, in one chunk loaded on sign-in (the session saga waits for it
// before the session shows as signed in), so a signed-out visitor's first visit never downloads it.
// Each feature's code is evaluated on its own, when the store loads it (app/store.ts, which lets
// the browser in between in the app): evaluated together they were one task of 30-60 ms at 4x CPU.
import type { Feature } from './feature';

export const signedInFeatureLoaders: (() => Promise<Feature>)[] = [
  () => import(/* webpackChunkName: "signed-in" */ '../features/friends/friendsFeature').then((m) => m.friendsFeature),
  () =>
    import(/* webpackChunkName: "signed-in" */ '../features/notifications/notificationsFeature').then(
      (m) => m.notificationsFeature,
    ),
  () => import(/* webpackChunkName: "signed-in" */ '../features/safety/safetyFeature').then((m) => m.safetyFeature),
  () =>
    import(/* webpackChunkName: "signed-in" */ '../features/installPrompt/installPromptFeature').then(
      (m) => m.installPromptFeature,
    ),
];

/** Every signed-in feature at once (the code a state restored in Redux DevTools needs, app/featureCode.ts). */
export const loadSignedInFeatures = (): Promise<Feature[]> => Promise.all(signedInFeatureLoaders.map((load) => load()));
