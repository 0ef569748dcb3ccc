// The demo community seeded on first run: plain data, so later issues can add tribes, posts
// and projects (as `documents`) without touching the seeding code. Times are "days ago",
// turned into epoch milliseconds when seeding.
import { DEMO_TRIBE_DOCUMENTS } from '../../features/tribes/demoTribes';
import type { DocData } from '../port';
import { DEMO_PROJECT_DOCUMENTS } from './demoProjects';

export const DEMO_PASSWORD = 'devtribe-demo';
export const DEMO_EMAIL_DOMAIN = 'demo.devtribe.dev';
/** The demo developer seeded with the moderator claim (grace@demo.devtribe.dev): sees the moderation queue. */
export const DEMO_MODERATOR_KEY = 'grace';

/** Skill names shared by the demo profiles, and a sensible list of suggestions for profile editing. */
export const SKILL_VOCABULARY = [
  'TypeScript', 'JavaScript', 'React', 'Node.js', 'GraphQL', 'Go', 'Rust', 'Python', 'ML', 'Docker',
  'Kubernetes', 'AWS', 'Firebase', 'PostgreSQL', 'Swift', 'Kotlin', 'Figma', 'Accessibility',
  'Terraform', 'WebAssembly', 'C++', 'Linux', 'Django', 'MongoDB', 'PyTorch', 'Prometheus',
] as const;

export interface DemoDeveloper {
  /** the email's local part */
  key: string;
  uid: string;
  displayName: string;
  bio: string;
  skills: readonly string[];
  joinedDaysAgo: number;
}

export interface DemoFriendship {
  between: readonly [string, string];
  daysAgo: number;
}

export interface DemoFriendRequest {
  from: string;
  to: string;
  daysAgo: number;
}

export interface SeedDocument {
  collection: string;
  id: string;
  data: DocData;
  /** Fields set to "now minus this many days" in epoch milliseconds when seeding. */
  daysAgoFields?: Readonly<Record<string, number>>;
}

export interface DemoCommunity {
  developers: readonly DemoDeveloper[];
  /** Symmetric: both sides list each other and friendCount follows. */
  friendships: readonly DemoFriendship[];
  pendingRequests: readonly DemoFriendRequest[];
  /** Further documents (tribes, posts, projects, ...), written as given. */
  documents: readonly SeedDocument[];
}

const developer = (
  key: string,
  displayName: string,
  bio: string,
  skills: readonly string[],
  joinedDaysAgo: number,
): DemoDeveloper => ({ key, uid: `demo-${key}`, displayName, bio, skills, joinedDaysAgo });

export const DEMO_COMMUNITY: DemoCommunity = {
  developers: [
    developer('ada', 'Ada Okafor', 'Staff engineer building type-safe design systems. Ex-fintech. I review pull requests with snacks.', ['TypeScript', 'React', 'GraphQL', 'Figma', 'Node.js'], 530),
    developer('linus', 'Linus Virtanen', 'Systems programmer. Rewriting things in Rust, then writing blog posts about why.', ['Rust', 'Go', 'Kubernetes', 'Docker', 'Linux'], 512),
    developer('grace', 'Grace Nakamura', 'ML engineer shipping recommendation models to production. Python by day, climbing by night.', ['Python', 'ML', 'PyTorch', 'AWS', 'Docker'], 470),
    developer('mateo', 'Mateo García', 'Mobile lead at a travel startup. Kotlin and Swift, one codebase at a time.', ['Kotlin', 'Swift', 'Firebase', 'GraphQL'], 430),
    developer('priya', 'Priya Raman', 'Platform engineer. Terraform everything, page nobody. Mentor at a women-in-tech bootcamp.', ['Go', 'Kubernetes', 'AWS', 'Terraform', 'Prometheus'], 401),
    developer('sven', 'Sven Johansson', 'Compilers and WebAssembly. Currently making a game engine run in the browser.', ['Rust', 'WebAssembly', 'TypeScript', 'C++'], 365),
    developer('amara', 'Amara Mensah', 'Front-end developer who cares a lot about accessibility. Screen reader power user.', ['React', 'TypeScript', 'Accessibility', 'Figma'], 340),
    developer('wei', 'Wei Chen', 'Data engineer. Pipelines, warehouses and the occasional very long SQL query.', ['PostgreSQL', 'Python', 'AWS', 'Docker'], 300),
    developer('fatima', 'Fatima Zahra El Idrissi', 'Back-end developer building APIs for healthcare. GraphQL enthusiast, testing evangelist.', ['Node.js', 'TypeScript', 'GraphQL', 'MongoDB'], 270),
    developer('jonas', 'Jonas Becker', 'SRE. I like dashboards, postmortems and boring infrastructure.', ['Docker', 'Kubernetes', 'Go', 'Prometheus', 'Linux'], 233),
    developer('lucia', 'Lucía Fernández', 'iOS developer and part-time illustrator. Looking for a side project with a good designer.', ['Swift', 'Figma', 'Firebase'], 190),
    developer('kenji', 'Kenji Watanabe', 'Research engineer: model training at scale. Learning Rust for fast data loaders.', ['ML', 'Python', 'PyTorch', 'Rust'], 150),
    developer('olivia', 'Olivia Brown', 'Full-stack indie hacker. Shipped three apps on Firebase, one of them made money.', ['Firebase', 'React', 'Node.js', 'TypeScript'], 120),
    developer('dmitri', 'Dmitri Volkov', 'Embedded and Linux kernel work. Fan of tiny binaries and big coffee.', ['C++', 'Rust', 'Linux'], 95),
    developer('zanele', 'Zanele Dlamini', 'Django developer at an agri-tech company. Organizer of a local Python meetup.', ['Python', 'Django', 'PostgreSQL', 'Docker'], 60),
    developer('noah', 'Noah Cohen', 'Bootcamp graduate, first job in web dev. Asking lots of questions, answering some.', ['JavaScript', 'React', 'Node.js', 'AWS'], 21),
  ],
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
