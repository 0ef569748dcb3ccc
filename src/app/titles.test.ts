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
  ])('%s gives "%s"', (pathname, title) => {
    expect(pageTitle(pathname)).toBe(title);
  });
});
