import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';

import { GuestOnly, RequireAuth } from '../features/session/RouteGuards';
import { Layout } from './Layout';

// Every route is its own chunk, loaded on demand behind the `Loading...` spinner (Layout's Suspense).
const HomePage = lazy(() => import(/* webpackChunkName: "route-home" */ '../features/home/HomePage'));
const LearnMorePage = lazy(() => import(/* webpackChunkName: "route-learn-more" */ '../features/learnMore/LearnMorePage'));
const SignUpPage = lazy(() => import(/* webpackChunkName: "route-signup" */ '../features/session/SignUpPage'));
const LoginPage = lazy(() => import(/* webpackChunkName: "route-login" */ '../features/session/LoginPage'));
const ForgotPasswordPage = lazy(
  () => import(/* webpackChunkName: "route-forgot-password" */ '../features/session/ForgotPasswordPage'),
);
const DashboardPage = lazy(() => import(/* webpackChunkName: "route-dashboard" */ '../features/dashboard/DashboardPage'));
const TribesPage = lazy(() => import(/* webpackChunkName: "route-tribes" */ '../features/tribes/TribesPage'));
const CreateTribePage = lazy(() => import(/* webpackChunkName: "route-create-tribe" */ '../features/tribes/CreateTribePage'));
const TribeDetailsPage = lazy(() => import(/* webpackChunkName: "route-tribe" */ '../features/tribes/TribeDetailsPage'));
const ProfilePage = lazy(() => import(/* webpackChunkName: "route-profile" */ '../features/profile/ProfilePage'));
const ExplorePeoplePage = lazy(() => import(/* webpackChunkName: "route-explore" */ '../features/explore/ExplorePeoplePage'));
const ProjectsPage = lazy(() => import(/* webpackChunkName: "route-projects" */ '../features/projects/ProjectsPage'));
const ProjectDetailsPage = lazy(
  () => import(/* webpackChunkName: "route-project" */ '../features/projects/ProjectDetailsPage'),
);
const NotFoundPage = lazy(() => import(/* webpackChunkName: "route-not-found" */ '../features/notFound/NotFoundPage'));

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
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
