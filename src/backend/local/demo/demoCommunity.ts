// The demo community seeded on first run: plain data, so later issues can add tribes, posts
// and projects (as `documents`) without touching the seeding code. Times are "days ago",
// turned into epoch milliseconds when seeding.
import { DEMO_DEVELOPERS } from './demoDevelopers';
import type { DemoDeveloper, SeedDocument } from './demoDevelopers';
import { DEMO_PROJECT_DOCUMENTS } from './demoProjects';
import { DEMO_TRIBE_DOCUMENTS } from './demoTribes';

export type { DemoDeveloper, SeedDocument } from './demoDevelopers';

export const DEMO_PASSWORD = 'devtribe-demo';
export const DEMO_EMAIL_DOMAIN = 'demo.devtribe.dev';
/** The demo developer seeded with the moderator claim (grace@demo.devtribe.dev): sees the moderation queue. */
export const DEMO_MODERATOR_KEY = 'grace';

/** Skill names shared by the demo profiles, and a sensible list of suggestions for profile editing. */
export const SKILL_VOCABULARY = [
  'TypeScript',
  'JavaScript',
  'React',
  'Node.js',
  'GraphQL',
  'Go',
  'Rust',
  'Python',
  'ML',
  'Docker',
  'Kubernetes',
  'AWS',
  'Firebase',
  'PostgreSQL',
  'Swift',
  'Kotlin',
  'Figma',
  'Accessibility',
  'Terraform',
  'WebAssembly',
  'C++',
  'Linux',
  'Django',
  'MongoDB',
  'PyTorch',
  'Prometheus',
] as const;

export interface DemoFriendship {
  between: readonly [string, string];
  daysAgo: number;
}

export interface DemoFriendRequest {
  from: string;
  to: string;
  daysAgo: number;
}

export interface DemoCommunity {
  developers: readonly DemoDeveloper[];
  /** Symmetric: both sides list each other and friendCount follows. */
  friendships: readonly DemoFriendship[];
  pendingRequests: readonly DemoFriendRequest[];
  /** Further documents (tribes, posts, projects, ...), written as given. */
  documents: readonly SeedDocument[];
}

export const DEMO_COMMUNITY: DemoCommunity = {
  developers: DEMO_DEVELOPERS,
  friendships: [
    { between: ['ada', 'amara'], daysAgo: 300 },
    { between: ['ada', 'fatima'], daysAgo: 250 },
    { between: ['ada', 'olivia'], daysAgo: 100 },
    { between: ['ada', 'sven'], daysAgo: 320 },
    { between: ['ada', 'noah'], daysAgo: 15 },
    { between: ['linus', 'sven'], daysAgo: 350 },
    { between: ['linus', 'dmitri'], daysAgo: 80 },
    { between: ['linus', 'jonas'], daysAgo: 200 },
    { between: ['linus', 'priya'], daysAgo: 390 },
    { between: ['grace', 'kenji'], daysAgo: 140 },
    { between: ['grace', 'wei'], daysAgo: 280 },
    { between: ['grace', 'zanele'], daysAgo: 45 },
    { between: ['mateo', 'lucia'], daysAgo: 180 },
    { between: ['mateo', 'olivia'], daysAgo: 110 },
    { between: ['priya', 'jonas'], daysAgo: 220 },
    { between: ['priya', 'wei'], daysAgo: 260 },
    { between: ['sven', 'dmitri'], daysAgo: 70 },
    { between: ['amara', 'lucia'], daysAgo: 150 },
    { between: ['amara', 'noah'], daysAgo: 12 },
    { between: ['fatima', 'olivia'], daysAgo: 90 },
    { between: ['fatima', 'noah'], daysAgo: 10 },
    { between: ['wei', 'zanele'], daysAgo: 40 },
    { between: ['kenji', 'dmitri'], daysAgo: 60 },
  ],
  pendingRequests: [
    { from: 'zanele', to: 'ada', daysAgo: 2 },
    { from: 'kenji', to: 'linus', daysAgo: 1 },
    { from: 'ada', to: 'priya', daysAgo: 3 },
  ],
  documents: [...DEMO_PROJECT_DOCUMENTS, ...DEMO_TRIBE_DOCUMENTS],
};

export interface DemoLogin {
  email: string;
  password: string;
  displayName: string;
  uid: string;
}

export const demoEmail = (key: string) => `${key}@${DEMO_EMAIL_DOMAIN}`;

export const DEMO_LOGINS: readonly DemoLogin[] = DEMO_COMMUNITY.developers.map((dev) => ({
  email: demoEmail(dev.key),
  password: DEMO_PASSWORD,
  displayName: dev.displayName,
  uid: dev.uid,
}));
