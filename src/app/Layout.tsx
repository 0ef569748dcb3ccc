import { lazy, Suspense, useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';

import { PRODUCT_NAME } from '../config';
import { selectInstallPromptVisible } from '../features/installPrompt/installPromptSlice';
import { UpdateNotice } from '../features/installPrompt/UpdateNotice';
import { NotificationsBell } from '../features/notifications/NotificationsBell';
import { selectSessionUser, signOutRequested } from '../features/session/sessionSlice';
import { Avatar } from '../ui/Avatar';
import { Spinner } from '../ui/Spinner';
import { FirstRouteMarker } from './firstRoute';
import { useAppDispatch, useAppSelector } from './hooks';
import { locationChanged } from './routerEvents';
import { pageTitle } from './titles';

// Shown to few people, and only after 5 s: its code stays out of the first route.
const InstallPromptCard = lazy(() =>
  import(/* webpackChunkName: "install-prompt" */ '../features/installPrompt/InstallPromptCard').then((module) => ({
    default: module.InstallPromptCard,
  })),
);

const SIGNED_IN_NAV = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/tribes', label: 'Tribes' },
  { to: '/explore', label: 'Explore' },
  { to: '/project-matchmaking', label: 'Projects' },
];

function usePageTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}

/** Tells the sagas where the user is (the install prompt belongs to /dashboard). */
function useLocationChangedEvents() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(locationChanged({ pathname }));
  }, [dispatch, pathname]);
}

function Header() {
  const user = useAppSelector(selectSessionUser);
  const dispatch = useAppDispatch();
  return (
    <header className="header">
      <div className="header__inner">
        <Link to={user ? '/dashboard' : '/'} className="brand">
          <span className="brand__mark" aria-hidden="true">
            &lt;/&gt;
          </span>
          {PRODUCT_NAME}
        </Link>
        {user && (
          <nav className="nav" aria-label="Main">
            {SIGNED_IN_NAV.map((item) => (
              <NavLink key={item.to} to={item.to}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        )}
        <div className="header__actions">
          {user ? (
            <>
              <NotificationsBell />
              <Link to={`/profile/${user.uid}`} className="button button--ghost" aria-label="Your profile">
                <Avatar name={user.profile.displayName} photoURL={user.photoURL} size={28} />
                <span className="header__name">{user.profile.displayName}</span>
              </Link>
              <button type="button" className="button button--secondary" onClick={() => dispatch(signOutRequested())}>
                Log out
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className="button button--ghost">
                Log in
              </Link>
              <Link to="/signup" className="button button--primary">
                Sign up
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

export function Layout() {
  usePageTitle();
  const installPromptVisible = useAppSelector(selectInstallPromptVisible);
  useLocationChangedEvents();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<Spinner fullScreen />}>
          <Outlet />
          <FirstRouteMarker />
        </Suspense>
      </main>
      <footer className="footer">
        <div className="footer__inner">
          <span>
            {PRODUCT_NAME}: for the engineers who build it.
          </span>
          <Link to="/learn-more">Learn more</Link>
        </div>
      </footer>
      {/* After the footer: on phones the notices stick to the bottom and still end in the flow, hiding nothing for good. */}
      <div className="app-notices">
        <UpdateNotice />
        {installPromptVisible && (
          <Suspense fallback={null}>
            <InstallPromptCard />
          </Suspense>
        )}
      </div>
    </div>
  );
}
