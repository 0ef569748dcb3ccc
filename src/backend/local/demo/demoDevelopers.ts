// The demo developers, by key: the one list the seeded profiles, tribes and projects all read
// their names, skills and uids from.
import type { DocData } from '../../port';

export interface DemoDeveloper {
  /** the email's local part */
  key: string;
  uid: string;
  displayName: string;
  bio: string;
  skills: readonly string[];
  joinedDaysAgo: number;
}

export interface SeedDocument {
  collection: string;
  id: string;
  data: DocData;
  /** Fields set to "now minus this many days" in epoch milliseconds when seeding. */
  daysAgoFields?: Readonly<Record<string, number>>;
}

export const demoUid = (key: string) => `demo-${key}`;

const developer = (
  key: string,
  displayName: string,
  bio: string,
  skills: readonly string[],
  joinedDaysAgo: number,
): DemoDeveloper => ({ key, uid: demoUid(key), displayName, bio, skills, joinedDaysAgo });

export const DEMO_DEVELOPERS: readonly DemoDeveloper[] = [
  developer(
    'ada',
    'Ada Okafor',
    'Staff engineer building type-safe design systems. Ex-fintech. I review pull requests with snacks.',
    ['TypeScript', 'React', 'GraphQL', 'Figma', 'Node.js'],
    530,
  ),
  developer(
    'linus',
    'Linus Virtanen',
    'Systems programmer. Rewriting things in Rust, then writing blog posts about why.',
    ['Rust', 'Go', 'Kubernetes', 'Docker', 'Linux'],
    512,
  ),
  developer(
    'grace',
    'Grace Nakamura',
    'ML engineer shipping recommendation models to production. Python by day, climbing by night.',
    ['Python', 'ML', 'PyTorch', 'AWS', 'Docker'],
    470,
  ),
  developer(
    'mateo',
    'Mateo García',
    'Mobile lead at a travel startup. Kotlin and Swift, one codebase at a time.',
    ['Kotlin', 'Swift', 'Firebase', 'GraphQL'],
    430,
  ),
  developer(
    'priya',
    'Priya Raman',
    'Platform engineer. Terraform everything, page nobody. Mentor at a women-in-tech bootcamp.',
    ['Go', 'Kubernetes', 'AWS', 'Terraform', 'Prometheus'],
    401,
  ),
  developer(
    'sven',
    'Sven Johansson',
    'Compilers and WebAssembly. Currently making a game engine run in the browser.',
    ['Rust', 'WebAssembly', 'TypeScript', 'C++'],
    365,
  ),
  developer(
    'amara',
    'Amara Mensah',
    'Front-end developer who cares a lot about accessibility. Screen reader power user.',
    ['React', 'TypeScript', 'Accessibility', 'Figma'],
    340,
  ),
  developer(
    'wei',
    'Wei Chen',
    'Data engineer. Pipelines, warehouses and the occasional very long SQL query.',
    ['PostgreSQL', 'Python', 'AWS', 'Docker'],
    300,
  ),
  developer(
    'fatima',
    'Fatima Zahra El Idrissi',
    'Back-end developer building APIs for healthcare. GraphQL enthusiast, testing evangelist.',
    ['Node.js', 'TypeScript', 'GraphQL', 'MongoDB'],
    270,
  ),
  developer(
    'jonas',
    'Jonas Becker',
    'SRE. I like dashboards, postmortems and boring infrastructure.',
    ['Docker', 'Kubernetes', 'Go', 'Prometheus', 'Linux'],
    233,
  ),
  developer(
    'lucia',
    'Lucía Fernández',
    'iOS developer and part-time illustrator. Looking for a side project with a good designer.',
    ['Swift', 'Figma', 'Firebase'],
    190,
  ),
  developer(
    'kenji',
    'Kenji Watanabe',
    'Research engineer: model training at scale. Learning Rust for fast data loaders.',
    ['ML', 'Python', 'PyTorch', 'Rust'],
    150,
  ),
  developer(
    'olivia',
    'Olivia Brown',
    'Full-stack indie hacker. Shipped three apps on Firebase, one of them made money.',
    ['Firebase', 'React', 'Node.js', 'TypeScript'],
    120,
  ),
  developer(
    'dmitri',
    'Dmitri Volkov',
    'Embedded and Linux kernel work. Fan of tiny binaries and big coffee.',
    ['C++', 'Rust', 'Linux'],
    95,
  ),
  developer(
    'zanele',
    'Zanele Dlamini',
    'Django developer at an agri-tech company. Organizer of a local Python meetup.',
    ['Python', 'Django', 'PostgreSQL', 'Docker'],
    60,
  ),
  developer(
    'noah',
    'Noah Cohen',
    'Bootcamp graduate, first job in web dev. Asking lots of questions, answering some.',
    ['JavaScript', 'React', 'Node.js', 'AWS'],
    21,
  ),
];

const BY_KEY = new Map(DEMO_DEVELOPERS.map((dev) => [dev.key, dev]));

/** The developer with this key; the demo data naming anyone else is a mistake caught at load. */
export function demoDeveloper(key: string): DemoDeveloper {
  const dev = BY_KEY.get(key);
  if (!dev) throw new Error(`The demo data names an unknown developer: ${key}`);
  return dev;
}
