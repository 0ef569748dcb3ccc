import { PRODUCT_NAME } from '../config';
import { canonicalPath } from './paths';

/** Exact titles of the spec's route table (section 2). */
const EXACT_TITLES: Record<string, string> = {
  '/': 'Home',
  '/signup': 'Sign Up',
  '/login': 'Login',
  '/forgot-password': 'Forgot Password',
  '/dashboard': 'Dashboard',
  '/learn-more': 'Learn More',
  '/tribes': 'Explore Tribes',
  '/tribes/create': 'Create Tribe',
  '/profile': 'Profile',
  '/explore': 'Explore People',
  '/project-matchmaking': 'Project Matchmaking',
  // Not in the spec's table (issue 10): named like its pages.
  '/settings/safety': 'Safety Settings',
  '/moderation': 'Moderation Queue',
};

function titleFor(pathname: string): string | null {
  const path = canonicalPath(pathname);
  const exact = EXACT_TITLES[path];
  if (exact) return exact;
  if (path.startsWith('/tribes/')) return 'Tribe Details';
  if (path.startsWith('/profile/')) return 'User Profile';
  if (/^\/project-matchmaking\/[^/]+$/.test(path)) return 'Project Details';
  return null;
}

/** '{title} | DevTribe', or just 'DevTribe' for any path the spec does not name. */
export function pageTitle(pathname: string): string {
  const title = titleFor(pathname);
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}
