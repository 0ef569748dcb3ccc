// Where each lazy slice's code lives: the chunk its feature comes in, the same chunks the routes
// and the sign-in load. The store loads from here the code a state needs that this tab has not
// loaded yet: a log imported into Redux DevTools, a jump, a preloaded state (app/store.ts).
import type { Feature } from './feature';
import type { LazySlices } from './rootReducer';

const signedIn = () =>
  import(/* webpackChunkName: "signed-in" */ './signedInFeatures').then((m) => m.loadSignedInFeatures());

export const FEATURE_CODE: Record<keyof LazySlices, () => Promise<Feature[]>> = {
  friends: signedIn,
  notifications: signedIn,
  safety: signedIn,
  installPrompt: signedIn,
  profileView: () =>
    import(/* webpackChunkName: "feature-profile" */ '../features/profile/profileFeature').then((m) => [
      m.profileFeature,
    ]),
  explore: () =>
    import(/* webpackChunkName: "feature-explore" */ '../features/explore/exploreFeature').then((m) => [
      m.exploreFeature,
    ]),
  tribes: () =>
    import(/* webpackChunkName: "feature-tribes" */ '../features/tribes/tribesFeature').then((m) => [m.tribesFeature]),
  comments: () =>
    import(/* webpackChunkName: "feature-conversations" */ '../features/conversations/conversationsFeature').then(
      (m) => m.conversationsFeatures,
    ),
  reactions: () =>
    import(/* webpackChunkName: "feature-conversations" */ '../features/conversations/conversationsFeature').then(
      (m) => m.conversationsFeatures,
    ),
  projects: () =>
    import(/* webpackChunkName: "feature-projects" */ '../features/projects/projectsFeature').then((m) => [
      m.projectsFeature,
    ]),
  dashboard: () =>
    import(/* webpackChunkName: "feature-dashboard" */ '../features/dashboard/dashboardFeature').then((m) => [
      m.dashboardFeature,
    ]),
};
