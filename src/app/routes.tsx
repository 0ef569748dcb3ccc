import { Route, Routes } from 'react-router-dom';

import { GuestOnly, RequireAuth } from '../features/session/RouteGuards';
import { FEATURE_CODE } from './featureCode';
import { Layout } from './Layout';
import { lazyFeaturePage, preloadableLazy, routeLazy } from './lazyFeaturePage';
import { canonicalPath } from './paths';

// Every route is its own chunk, loaded on demand behind the `Loading...` spinner: Layout's Suspense
// on the first load, and on an in-app navigation (a transition, which keeps the previous page
// instead of a fallback) Layout's pending spinner, fed by the loads routeLazy tracks.
// Routes with a feature of their own bring its state and sagas along (lazyFeaturePage). The
// dashboard's and explore's features are chunks of their own, without React (app/featureCode.ts):
// they are where signed-in visits arrive, and the store starts their reads before React's chunk
// has arrived (app/arrivalSagas.ts); their shells preload both chunks (scripts/shellPreloads.js).
const loadTribes = () =>
  import(/* webpackChunkName: "feature-tribes" */ '../features/tribes/tribesFeature').then((m) => [m.tribesFeature]);
/** A tribe's page shows its posts' conversations: their comments and reactions come with it. */
const loadTribePage = () =>
  Promise.all([
    loadTribes(),
    import(/* webpackChunkName: "feature-conversations" */ '../features/conversations/conversationsFeature').then(
      (m) => m.conversationsFeatures,
    ),
  ]).then((features) => features.flat());
const loadProjects = () =>
  import(/* webpackChunkName: "feature-projects" */ '../features/projects/projectsFeature').then((m) => [
    m.projectsFeature,
  ]);
const loadExplore = FEATURE_CODE.explore;
const loadDashboard = FEATURE_CODE.dashboard;
const loadProfile = () =>
  import(/* webpackChunkName: "feature-profile" */ '../features/profile/profileFeature').then((m) => [
    m.profileFeature,
  ]);

const loadHomePage = () => import(/* webpackChunkName: "route-home" */ '../features/home/HomePage');
const loadLearnMorePage = () =>
  import(/* webpackChunkName: "route-learn-more" */ '../features/learnMore/LearnMorePage');
const loadSignUpPage = () => import(/* webpackChunkName: "route-signup" */ '../features/session/SignUpPage');
const loadLoginPage = () => import(/* webpackChunkName: "route-login" */ '../features/session/LoginPage');
const loadForgotPasswordPage = () =>
  import(/* webpackChunkName: "route-forgot-password" */ '../features/session/ForgotPasswordPage');
const loadDashboardPage = () => import(/* webpackChunkName: "route-dashboard" */ '../features/dashboard/DashboardPage');
const loadExplorePage = () => import(/* webpackChunkName: "route-explore" */ '../features/explore/ExplorePeoplePage');

const HomePage = preloadableLazy(loadHomePage);
const LearnMorePage = preloadableLazy(loadLearnMorePage);
const SignUpPage = preloadableLazy(loadSignUpPage);
const LoginPage = preloadableLazy(loadLoginPage);
const ForgotPasswordPage = preloadableLazy(loadForgotPasswordPage);
const DashboardPage = lazyFeaturePage(loadDashboardPage, loadDashboard);
const TribesPage = lazyFeaturePage(
  () => import(/* webpackChunkName: "route-tribes" */ '../features/tribes/TribesPage'),
  loadTribes,
);
const CreateTribePage = lazyFeaturePage(
  () => import(/* webpackChunkName: "route-create-tribe" */ '../features/tribes/CreateTribePage'),
  loadTribes,
);
const TribeDetailsPage = lazyFeaturePage(
  () => import(/* webpackChunkName: "route-tribe" */ '../features/tribes/TribeDetailsPage'),
  loadTribePage,
);
const ProfilePage = lazyFeaturePage(
  () => import(/* webpackChunkName: "route-profile" */ '../features/profile/ProfilePage'),
  loadProfile,
);
const ExplorePeoplePage = lazyFeaturePage(loadExplorePage, loadExplore);
const ProjectsPage = lazyFeaturePage(
  () => import(/* webpackChunkName: "route-projects" */ '../features/projects/ProjectsPage'),
  loadProjects,
);
const ProjectDetailsPage = lazyFeaturePage(
  () => import(/* webpackChunkName: "route-project" */ '../features/projects/ProjectDetailsPage'),
  loadProjects,
);
const SafetySettingsPage = routeLazy(
  () => import(/* webpackChunkName: "route-safety" */ '../features/safety/SafetySettingsPage'),
);
const ModerationPage = routeLazy(
  () => import(/* webpackChunkName: "route-moderation" */ '../features/safety/ModerationPage'),
);
const NotFoundPage = routeLazy(
  () => import(/* webpackChunkName: "route-not-found" */ '../features/notFound/NotFoundPage'),
);

/** The public pages people arrive on, by path (each prerendered, see scripts/prerender.js). */
const PUBLIC_ENTRY_PAGES: Record<string, () => Promise<unknown>> = {
  '/': HomePage.preload,
  '/login': LoginPage.preload,
  '/signup': SignUpPage.preload,
  '/learn-more': LearnMorePage.preload,
  '/forgot-password': ForgotPasswordPage.preload,
};

/** The signed-in pages people arrive on (the PWA's start URL, bookmarks): the page and its feature at once. */
const SIGNED_IN_ENTRY_PAGES: Record<string, () => Promise<unknown>> = {
  '/dashboard': DashboardPage.preload,
  '/explore': ExplorePeoplePage.preload,
};

/** The chunk the session loads on sign-in (store.ts's loadSignedInFeatures): fetched only, its features evaluated and injected by the session. */
const fetchSignedInChunk = () => import(/* webpackChunkName: "signed-in" */ './signedInFeatures');

/**
 * Starts fetching the arrival page's chunks while the backend starts, instead of after the first
 * auth check: on a page that is not public, the visitor is most likely signed in, so the signed-in
 * chunk too. A failure is left to the route itself, which loads it again and shows the fallback.
 * Resolves (never rejects) once the page's chunks are there or failed.
 */
export function preloadEntryPage(pathname: string): Promise<void> {
  const path = canonicalPath(pathname);
  const publicPage = PUBLIC_ENTRY_PAGES[path];
  if (publicPage)
    return publicPage().then(
      () => undefined,
      () => undefined,
    );
  fetchSignedInChunk().catch(() => undefined);
  const signedInPage = SIGNED_IN_ENTRY_PAGES[path];
  return signedInPage
    ? signedInPage().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="learn-more" element={<LearnMorePage />} />
        <Route element={<GuestOnly />}>
          <Route path="signup" element={<SignUpPage />} />
          <Route path="login" element={<LoginPage />} />
        </Route>
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="tribes" element={<TribesPage />} />
          <Route path="tribes/create" element={<CreateTribePage />} />
          <Route path="tribes/:tribeId/*" element={<TribeDetailsPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="profile/:userId/*" element={<ProfilePage />} />
          <Route path="explore" element={<ExplorePeoplePage />} />
          <Route path="project-matchmaking" element={<ProjectsPage />} />
          <Route path="project-matchmaking/:projectId" element={<ProjectDetailsPage />} />
          <Route path="settings/safety" element={<SafetySettingsPage />} />
          <Route path="moderation" element={<ModerationPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
