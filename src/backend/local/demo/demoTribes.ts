// Demo tribes for the local seed: members (owner first), a few join requests, and posts by
// active members, in the shapes tribesApi writes. Each developer's users/{uid}.postCount is
// counted from these posts when seeding, so profiles and feeds agree.
import { POSTS, TRIBES, TRIBE_MEMBERS, TRIBE_NAMES } from '../../../domain/collections';
import { tribeNameKey } from '../../../domain/tribeValidation';
import type { DocData } from '../../port';
import { demoDeveloper, demoUid as uidOf } from './demoDevelopers';
import type { SeedDocument } from './demoDevelopers';

interface DemoTribe {
  id: string;
  name: string;
  tagline: string;
  description: string;
  topics: string[];
  joinPolicy: 'open' | 'request';
  /** developer keys, owner first */
  members: string[];
  pending: string[];
  createdDaysAgo: number;
  /** [author key, days ago, body], any order */
  posts: [string, number, string][];
}

const DEMO_TRIBES: DemoTribe[] = [
  {
    id: 'demo-tribe-rust',
    name: 'Rustaceans',
    tagline: 'Fearless concurrency, friendly people.',
    description: 'Rust in production, in the browser and on tiny devices. Bring your borrow-checker war stories.',
    topics: ['Rust', 'WebAssembly', 'Linux'],
    joinPolicy: 'open',
    members: ['linus', 'sven', 'dmitri', 'kenji'],
    pending: [],
    createdDaysAgo: 300,
    posts: [
      ['linus', 40, 'Rewrote our log shipper in Rust. Memory went from 400 MB to 12 MB. Blog post coming.'],
      [
        'sven',
        25,
        'Got the game engine running in the browser at 60 fps through WebAssembly. The trick was avoiding copies across the boundary.',
      ],
      ['dmitri', 12, 'Anyone using Rust for kernel modules yet? Curious how the Linux bindings feel in practice.'],
      ['kenji', 6, 'First data loader in Rust: 3x faster than the Python one. Still fighting lifetimes though.'],
      [
        'linus',
        2,
        'Reminder: cargo clippy -- -W clippy::pedantic is a great way to lose an afternoon and gain a codebase.',
      ],
    ],
  },
  {
    id: 'demo-tribe-frontend',
    name: 'Frontend Guild',
    tagline: 'Accessible, typed, fast interfaces.',
    description: 'React, TypeScript and design systems, with accessibility as a first-class topic.',
    topics: ['React', 'TypeScript', 'Accessibility', 'Figma'],
    joinPolicy: 'open',
    members: ['ada', 'amara', 'olivia', 'noah', 'fatima'],
    pending: [],
    createdDaysAgo: 280,
    posts: [
      ['ada', 30, 'Our design system now ships typed tokens. Figma variables -> TypeScript in one script.'],
      ['amara', 22, 'PSA: a div with onClick is not a button. Screen reader users will thank you for using <button>.'],
      ['olivia', 15, 'useDeferredValue made our search box feel instant without any debounce code.'],
      ['noah', 9, 'Beginner question: when do you reach for context instead of props?'],
      ['ada', 8.5, '@Noah when many layers in between would only pass it along. Otherwise props keep things honest.'],
      ['amara', 4, 'Ran our app with a screen reader for an hour. Found 11 issues, fixed 9. Try it!'],
      ['fatima', 1, 'Typed our GraphQL client end to end. Zero runtime surprises this sprint.'],
    ],
  },
  {
    id: 'demo-tribe-ml',
    name: 'ML in Production',
    tagline: 'Models that survive contact with users.',
    description: 'Serving, monitoring and retraining models. Less leaderboard, more pager.',
    topics: ['ML', 'Python', 'PyTorch', 'AWS'],
    joinPolicy: 'request',
    members: ['grace', 'kenji', 'wei'],
    pending: ['zanele'],
    createdDaysAgo: 200,
    posts: [
      ['grace', 35, 'We cut inference cost by 40% with dynamic batching. Happy to share the config.'],
      ['wei', 20, 'Feature pipelines are data pipelines. Version your features like you version code.'],
      ['kenji', 11, 'Training at scale tip: profile the data loader before buying more GPUs.'],
      ['grace', 3, 'Shadow deployments saved us from shipping a model that was great offline and awful online.'],
    ],
  },
  {
    id: 'demo-tribe-platform',
    name: 'Platform Engineers',
    tagline: 'Terraform everything, page nobody.',
    description: 'Kubernetes, observability and boring infrastructure that lets product teams move fast.',
    topics: ['Kubernetes', 'Go', 'Terraform', 'Prometheus'],
    joinPolicy: 'request',
    members: ['priya', 'jonas', 'linus'],
    pending: ['noah'],
    createdDaysAgo: 250,
    posts: [
      ['priya', 28, 'Moved all our alerts to SLO burn rates. Pages dropped by half, nothing important was missed.'],
      [
        'jonas',
        18,
        'Postmortem template that works: timeline, impact, what went well, what we change. No blame section.',
      ],
      ['linus', 10, 'Our Go operator for database failover is open source now.'],
      ['priya', 5, 'Terraform module registry inside the company: the best platform investment we made this year.'],
      ['jonas', 1.5, 'Grafana dashboard count is not a success metric. Deleted 40 unused ones today.'],
    ],
  },
  {
    id: 'demo-tribe-mobile',
    name: 'Mobile Makers',
    tagline: 'Native apps, one codebase at a time.',
    description: 'Swift, Kotlin and Firebase: shipping apps people keep on their home screen.',
    topics: ['Swift', 'Kotlin', 'Firebase'],
    joinPolicy: 'open',
    members: ['mateo', 'lucia', 'olivia'],
    pending: [],
    createdDaysAgo: 150,
    posts: [
      ['mateo', 19, 'Shared our Kotlin Multiplatform setup for the travel app: business logic once, UI twice.'],
      ['lucia', 13, 'Looking for a designer to pair with on a small iOS side project. Illustrations by me!'],
      ['olivia', 7, 'Firebase App Check stopped a scraping bot in a day. Recommend turning it on early.'],
    ],
  },
  {
    id: 'demo-tribe-python',
    name: 'Python Meetup Online',
    tagline: 'Django, data and friendly questions.',
    description: 'The online home of a local Python meetup: talks, questions and job posts.',
    topics: ['Python', 'Django', 'PostgreSQL'],
    joinPolicy: 'open',
    members: ['zanele', 'wei', 'grace'],
    pending: [],
    createdDaysAgo: 55,
    posts: [
      ['zanele', 14, 'Next meetup: Django async views in practice. Slides will be posted here.'],
      ['wei', 9.5, 'Postgres tip: EXPLAIN (ANALYZE, BUFFERS) tells you far more than EXPLAIN alone.'],
      ['zanele', 4.5, 'Thanks everyone who came! Recording is up, link in the meetup page.'],
    ],
  },
];

const nameOf = (key: string) => demoDeveloper(key).displayName;

function documentsOf(tribe: DemoTribe): SeedDocument[] {
  const lastActivity = Math.min(tribe.createdDaysAgo, ...tribe.posts.map(([, days]) => days));
  const owner = tribe.members[0]!;
  const docs: SeedDocument[] = [
    {
      collection: TRIBES,
      id: tribe.id,
      data: {
        name: tribe.name,
        nameKey: tribeNameKey(tribe.name),
        tagline: tribe.tagline,
        description: tribe.description,
        topics: tribe.topics,
        joinPolicy: tribe.joinPolicy,
        ownerId: uidOf(owner),
        memberCount: tribe.members.length,
        postCount: tribe.posts.length,
      },
      daysAgoFields: { createdAt: tribe.createdDaysAgo, lastActivityAt: lastActivity },
    },
    { collection: TRIBE_NAMES, id: tribeNameKey(tribe.name), data: { tribeId: tribe.id, ownerId: uidOf(owner) } },
  ];
  const membership = (key: string, data: DocData, daysAgoFields: Record<string, number>): SeedDocument => ({
    collection: TRIBE_MEMBERS,
    id: `${tribe.id}_${uidOf(key)}`,
    data: { tribeId: tribe.id, uid: uidOf(key), displayName: nameOf(key), photoURL: null, ...data },
    daysAgoFields,
  });
  tribe.members.forEach((key, index) => {
    const joinedDaysAgo = index === 0 ? tribe.createdDaysAgo : Math.max(1, tribe.createdDaysAgo - 10 * index);
    docs.push(
      membership(
        key,
        { role: index === 0 ? 'owner' : 'member', status: 'active' },
        { requestedAt: joinedDaysAgo, joinedAt: joinedDaysAgo },
      ),
    );
  });
  tribe.pending.forEach((key, index) => {
    docs.push(membership(key, { role: 'member', status: 'pending', joinedAt: null }, { requestedAt: 1 + index }));
  });
  tribe.posts.forEach(([author, days, body], index) => {
    if (!tribe.members.includes(author))
      throw new Error(`demoTribes: ${author} posts in ${tribe.name} without being a member`);
    const postId = `${tribe.id}-post-${index + 1}`;
    docs.push({
      collection: POSTS,
      id: postId,
      data: { postId, tribeId: tribe.id, authorId: uidOf(author), authorName: nameOf(author), authorPhoto: null, body },
      daysAgoFields: { createdAt: days },
    });
  });
  return docs;
}

export const DEMO_TRIBE_DOCUMENTS: readonly SeedDocument[] = DEMO_TRIBES.flatMap(documentsOf);
