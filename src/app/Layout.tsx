import type { RefObject } from 'react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';

import { PRODUCT_NAME } from '../config';
import { selectSessionUser, signOutRequested } from '../features/session';
import { UpdateNotice } from '../features/updateNotice/components';
import { Avatar } from '../ui/Avatar';
import { ButtonLink } from '../ui/ButtonLink';
import { Spinner } from '../ui/Spinner';
import { FirstRouteMarker } from './firstRoute';
import { useAppDispatch, useAppSelector } from './hooks';
import { locationKey, routeCommitted, useRouteLoadPending } from './routeLoading';
import { adoptStaticFocus } from './staticFocus';
import { StoreSectionBoundary } from './StoreSectionBoundary';
import { pageTitle } from './titles';

// The header's signed-in parts, in a chunk of their own (React's: the signed-in features' chunk
// loads before React, src/startStore.ts): a sign-in loads it with the features
// (setSignedInScreensLoader, src/index.tsx), so they are there by the time the header shows them;
// a signed-out visitor never downloads them.
const loadNotificationsBell = () =>
  import(/* webpackChunkName: "signed-in-header" */ '../features/notifications/NotificationsBell');
const loadModerationNavLink = () =>
  import(/* webpackChunkName: "signed-in-header" */ '../features/safety/ModerationNavLink');
const loadInstallPromptSlot = () =>
  import(/* webpackChunkName: "signed-in-header" */ '../features/installPrompt/InstallPromptSlot');
/** The header's signed-in parts' code. */
export const loadSignedInHeader = () =>
  Promise.all([loadNotificationsBell(), loadModerationNavLink(), loadInstallPromptSlot()]);
const NotificationsBell = lazy(() => loadNotificationsBell().then((m) => ({ default: m.NotificationsBell })));
const ModerationNavLink = lazy(() => loadModerationNavLink().then((m) => ({ default: m.ModerationNavLink })));
const InstallPromptSlot = lazy(() => loadInstallPromptSlot().then((m) => ({ default: m.InstallPromptSlot })));

const SIGNED_IN_NAV = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/tribes', label: 'Tribes' },
  { to: '/explore', label: 'Explore' },
  { to: '/project-matchmaking', label: 'Projects' },
];

/** A route chunk that failed to load is the full-screen fallback's case: Reload Page fixes it. */
const isChunkLoadError = (error: unknown) => error instanceof Error && error.name === 'ChunkLoadError';

function usePageTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}

/**
 * On a phone the main navigation scrolls sideways: the current page's link is scrolled into it, so
 * "Projects" never shows as "Pr" at the edge. Measured in the next frame, not inside React's commit.
 */
function useActiveLinkInView(navRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const nav = navRef.current;
      const active = nav?.querySelector<HTMLElement>('a.active');
      if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
      const navBox = nav.getBoundingClientRect();
      const linkBox = active.getBoundingClientRect();
      if (linkBox.left >= navBox.left && linkBox.right <= navBox.right) return;
      nav.scrollLeft += linkBox.left - navBox.left - (navBox.width - linkBox.width) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, navRef]);
}

function Header() {
  const user = useAppSelector(selectSessionUser);
  const dispatch = useAppDispatch();
  const navRef = useRef<HTMLElement>(null);
  useActiveLinkInView(navRef);
  return (
    <header className={user ? 'header header--signed-in' : 'header'}>
      <div className="header__inner">
        <Link to={user ? '/dashboard' : '/'} className="brand">
          <span className="brand__mark" aria-hidden="true">
            &lt;/&gt;
          </span>
          <span className="brand__name">{PRODUCT_NAME}</span>
        </Link>
        {user && (
          <nav ref={navRef} className="nav" aria-label="Main">
            {SIGNED_IN_NAV.map((item) => (
              <NavLink key={item.to} to={item.to}>
                {item.label}
              </NavLink>
            ))}
            <StoreSectionBoundary
              section="moderation link"
              message="The moderation link could not be shown."
              slices={['safety']}
            >
              <Suspense fallback={null}>
                <ModerationNavLink />
              </Suspense>
            </StoreSectionBoundary>
          </nav>
        )}
        <div className="header__actions">
          {user ? (
            <>
              <StoreSectionBoundary
                section="notifications bell"
                message="Notifications could not be loaded."
                slices={['session', 'notifications', 'safety']}
              >
                <Suspense fallback={null}>
                  <NotificationsBell />
                </Suspense>
              </StoreSectionBoundary>
              {/* Named by the visible name first, so a speech-input user can say what they see. */}
              <ButtonLink to={`/profile/${user.uid}`} variant="ghost" className="header__profile">
                <Avatar name={user.profile.displayName} photoURL={user.photoURL} size={28} />
                <span className="header__name">{user.profile.displayName}</span>
                <span className="visually-hidden">, your profile</span>
              </ButtonLink>
              <button type="button" className="button button--secondary" onClick={() => dispatch(signOutRequested())}>
                Log out
              </button>
            </>
          ) : (
            <>
              <ButtonLink to="/login" variant="ghost">
                Log in
              </ButtonLink>
              <ButtonLink to="/signup">Sign up</ButtonLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * After a navigation that removed the focused element (a link or button of the previous page),
 * focus would fall back to <body> and the next Tab would start over at the top: move it to the
 * main content instead. Pages that focus something of their own on arrival keep it.
 */
function useFocusMainAfterNavigation() {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const active = document.activeElement;
    if (active === null || active === document.body) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** A layout effect in the browser; nothing in the build's prerender (react-dom/server warns about layout effects). */
const useClientLayoutEffect = typeof document === 'undefined' ? () => undefined : useLayoutEffect;

/**
 * The spec's 'Loading...' where the page goes while a navigation's route code is on its way: a
 * live region that is always there (so the text is announced politely when it appears), empty
 * until the code has taken longer than a moment (routeLoading.ts).
 */
function RoutePendingStatus({ pending }: { pending: boolean }) {
  return (
    <div className={pending ? 'spinner route-status' : 'route-status'} role="status" aria-live="polite">
      {pending && (
        <>
          <span className="spinner__ring" aria-hidden="true" />
          <span className="spinner__label">Loading...</span>
        </>
      )}
    </div>
  );
}

export function Layout() {
  const location = useLocation();
  const { pathname } = location;
  usePageTitle();
  useFocusMainAfterNavigation();
  // The app's first commit replaced the static page: its focused link or button passes the focus on.
  useClientLayoutEffect(() => adoptStaticFocus(), []);
  // While a navigation waits for its route's code, the previous page stays mounted but hidden
  // (React Router renders navigations as transitions) and the spinner takes its place.
  const routePending = useRouteLoadPending(location);
  const committedKey = locationKey(location);
  useClientLayoutEffect(() => routeCommitted(committedKey), [committedKey]);
  const signedIn = useAppSelector(selectSessionUser) !== null;
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main
        id="main"
        className={routePending ? 'main main--route-pending' : 'main'}
        tabIndex={-1}
        aria-busy={routePending || undefined}
      >
        <RoutePendingStatus pending={routePending} />
        {/* A page that breaks leaves the header and navigation working; another page, or another state, starts afresh. */}
        <StoreSectionBoundary
          section="page"
          message="This page could not be shown."
          resetKeys={[pathname]}
          passThrough={isChunkLoadError}
          retry
        >
          <Suspense fallback={<Spinner fullScreen />}>
            <Outlet />
            <FirstRouteMarker />
          </Suspense>
        </StoreSectionBoundary>
      </main>
      <footer className="footer">
        <div className="footer__inner">
          <span>{PRODUCT_NAME}: for the engineers who build it.</span>
          <Link to="/learn-more">Learn more</Link>
          {signedIn && <Link to="/settings/safety">Blocked and muted people</Link>}
        </div>
      </footer>
      {/* After the footer: on phones the notices stick to the bottom and still end in the flow, hiding nothing for good. */}
      <div className="app-notices">
        <UpdateNotice />
        {signedIn && (
          <StoreSectionBoundary
            section="install card"
            message="The offer to install DevTribe could not be shown."
            slices={['session', 'installPrompt']}
          >
            <Suspense fallback={null}>
              <InstallPromptSlot />
            </Suspense>
          </StoreSectionBoundary>
        )}
      </div>
    </div>
  );
}
