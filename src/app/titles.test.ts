import { canonicalPath } from './paths';
import { pageTitle } from './titles';

describe('pageTitle', () => {
  test.each([
    ['/', 'Home | DevTribe'],
    ['/signup', 'Sign Up | DevTribe'],
    ['/login', 'Login | DevTribe'],
    ['/forgot-password', 'Forgot Password | DevTribe'],
    ['/dashboard', 'Dashboard | DevTribe'],
    ['/learn-more', 'Learn More | DevTribe'],
    ['/tribes', 'Explore Tribes | DevTribe'],
    ['/tribes/create', 'Create Tribe | DevTribe'],
    ['/tribes/t42', 'Tribe Details | DevTribe'],
    ['/tribes/t42/members', 'Tribe Details | DevTribe'],
    ['/profile', 'Profile | DevTribe'],
    ['/profile/u1', 'User Profile | DevTribe'],
    ['/explore', 'Explore People | DevTribe'],
    ['/project-matchmaking', 'Project Matchmaking | DevTribe'],
    ['/project-matchmaking/p7', 'Project Details | DevTribe'],
    ['/settings/safety', 'Safety Settings | DevTribe'],
    ['/moderation', 'Moderation Queue | DevTribe'],
    ['/dashboard/', 'Dashboard | DevTribe'],
    ['/nope', 'DevTribe'],
    ['/project-matchmaking/p7/extra', 'DevTribe'],
    ['/tribesx', 'DevTribe'],
    // The router matches case-insensitively: a mixed-case path gets its lower-case page's title.
    ['/Dashboard', 'Dashboard | DevTribe'],
    ['/DASHBOARD/', 'Dashboard | DevTribe'],
    ['/Login', 'Login | DevTribe'],
    ['/Forgot-Password', 'Forgot Password | DevTribe'],
    ['/Tribes', 'Explore Tribes | DevTribe'],
    ['/Tribes/Create', 'Create Tribe | DevTribe'],
    ['/TRIBES/AbC42', 'Tribe Details | DevTribe'],
    ['/Profile/U1', 'User Profile | DevTribe'],
    ['/Project-Matchmaking/P7', 'Project Details | DevTribe'],
    ['/Nope', 'DevTribe'],
  ])('%s gives "%s"', (pathname, title) => {
    expect(pageTitle(pathname)).toBe(title);
  });
});

describe('canonicalPath', () => {
  test.each([
    ['/', '/'],
    ['', '/'],
    ['/Dashboard', '/dashboard'],
    ['/dashboard///', '/dashboard'],
    ['/Tribes/Create', '/tribes/create'],
    // Ids keep their case: documents are found by exact id.
    ['/Tribes/AbC42/Members', '/tribes/AbC42/Members'],
    ['/profile/UserX', '/profile/UserX'],
    ['/Project-Matchmaking/P7', '/project-matchmaking/P7'],
  ])('%s is %s', (pathname, canonical) => {
    expect(canonicalPath(pathname)).toBe(canonical);
  });
});
