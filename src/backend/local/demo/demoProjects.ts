// Demo projects for the seed: teams of demo developers (members carry their name and skills as
// of joining, as projectWrites writes them), required skills across the vocabulary, and a few
// pending requests so owners have something to answer.
import { PROJECTS, PROJECT_APPLICATIONS } from '../../../domain/collections';
import type { DocData } from '../../port';
import { demoDeveloper, demoUid as uidOf } from './demoDevelopers';
import type { SeedDocument } from './demoDevelopers';

interface DemoProject {
  id: string;
  title: string;
  summary: string;
  description: string;
  requiredSkills: string[];
  /** developer keys, owner first */
  team: string[];
  status: 'recruiting' | 'inProgress' | 'completed';
  commitment: number;
  repositoryUrl: string | null;
  createdDaysAgo: number;
}

const DEMO_PROJECTS: DemoProject[] = [
  {
    id: 'demo-project-a11y-kit',
    title: 'Accessible component kit',
    summary: 'React components that pass screen reader and keyboard audits out of the box.',
    description:
      'A small, well-tested set of React components (dialogs, menus, tabs, comboboxes) with the ARIA patterns done right. We write the docs as we go and test with real screen readers.',
    requiredSkills: ['React', 'TypeScript', 'Accessibility', 'Figma'],
    team: ['amara', 'ada'],
    status: 'recruiting',
    commitment: 6,
    repositoryUrl: 'https://github.com/devtribe-demo/a11y-kit',
    createdDaysAgo: 40,
  },
  {
    id: 'demo-project-wasm-engine',
    title: 'Browser game engine in WebAssembly',
    summary: 'A tiny 2D engine in Rust, compiled to WebAssembly, with a TypeScript API.',
    description:
      'Sprites, tilemaps and input handling in Rust; a thin TypeScript layer for game code. The goal is a game jam entry that loads in under a second.',
    requiredSkills: ['Rust', 'WebAssembly', 'C++', 'TypeScript'],
    team: ['sven', 'dmitri'],
    status: 'recruiting',
    commitment: 10,
    repositoryUrl: 'https://github.com/devtribe-demo/wasm-engine',
    createdDaysAgo: 30,
  },
  {
    id: 'demo-project-k8s-costs',
    title: 'Kubernetes cost dashboard',
    summary: "See what each team's workloads cost, from Prometheus metrics and cloud bills.",
    description:
      'A Go service that joins Prometheus usage data with AWS billing exports, and a React dashboard on top. Deployed with Terraform.',
    requiredSkills: ['Go', 'Kubernetes', 'Prometheus', 'React', 'Terraform'],
    team: ['priya', 'jonas'],
    status: 'recruiting',
    commitment: 5,
    repositoryUrl: null,
    createdDaysAgo: 21,
  },
  {
    id: 'demo-project-crop-yield',
    title: 'Crop yield predictions for small farms',
    summary: 'A Django app that turns weather and soil data into planting advice.',
    description:
      'We have three seasons of data from partner farms. Next: a model that predicts yield per field and a simple web app farmers can use on a phone.',
    requiredSkills: ['Python', 'Django', 'ML', 'PostgreSQL', 'Docker'],
    team: ['zanele', 'grace'],
    status: 'recruiting',
    commitment: 8,
    repositoryUrl: null,
    createdDaysAgo: 14,
  },
  {
    id: 'demo-project-trail-maps',
    title: 'Offline trail maps',
    summary: 'Native hiking maps that work without a signal.',
    description:
      'Swift and Kotlin apps sharing a Firebase backend for trail reports. Looking for help with the Android map layer and the design of the trail cards.',
    requiredSkills: ['Swift', 'Kotlin', 'Firebase', 'Figma'],
    team: ['lucia', 'mateo'],
    status: 'inProgress',
    commitment: 4,
    repositoryUrl: 'https://github.com/devtribe-demo/trail-maps',
    createdDaysAgo: 60,
  },
  {
    id: 'demo-project-health-api',
    title: 'Open health records API',
    summary: 'A GraphQL API over anonymised health records for researchers.',
    description:
      'Node.js and MongoDB, with a GraphQL schema designed with two research groups. Strong testing culture: every resolver has contract tests.',
    requiredSkills: ['Node.js', 'GraphQL', 'MongoDB', 'TypeScript', 'Docker'],
    team: ['fatima', 'olivia'],
    status: 'recruiting',
    commitment: 6,
    repositoryUrl: 'https://github.com/devtribe-demo/health-api',
    createdDaysAgo: 9,
  },
  {
    id: 'demo-project-fast-loaders',
    title: 'Fast data loaders in Rust',
    summary: 'Feed GPUs faster: a Rust data loader with Python bindings for PyTorch.',
    description:
      'Training jobs spend a third of their time waiting for data. A Rust loader with zero-copy Python bindings could fix that.',
    requiredSkills: ['Rust', 'Python', 'PyTorch', 'Linux'],
    team: ['kenji'],
    status: 'recruiting',
    commitment: 5,
    repositoryUrl: null,
    createdDaysAgo: 5,
  },
  {
    id: 'demo-project-meetup-site',
    title: 'Meetup site for local groups',
    summary: "Event pages and RSVPs for our city's developer meetups.",
    description:
      'Shipped! A React front end and a small Node.js API on AWS. Kept here as an example of a finished project.',
    requiredSkills: ['JavaScript', 'React', 'Node.js', 'AWS'],
    team: ['noah', 'ada'],
    status: 'completed',
    commitment: 3,
    repositoryUrl: 'https://github.com/devtribe-demo/meetup-site',
    createdDaysAgo: 90,
  },
];

const PENDING_REQUESTS: { projectId: string; from: string; note: string; daysAgo: number }[] = [
  {
    projectId: 'demo-project-a11y-kit',
    from: 'noah',
    note: 'I would love to learn accessibility properly. I can write tests and docs.',
    daysAgo: 2,
  },
  {
    projectId: 'demo-project-crop-yield',
    from: 'wei',
    note: 'I build data pipelines for a living and know PostgreSQL well.',
    daysAgo: 1,
  },
];

function member(key: string): DocData {
  const dev = demoDeveloper(key);
  return { id: dev.uid, displayName: dev.displayName, photoURL: null, skills: [...dev.skills] };
}

export const DEMO_PROJECT_DOCUMENTS: readonly SeedDocument[] = [
  ...DEMO_PROJECTS.map((project): SeedDocument => {
    const owner = project.team[0] ?? '';
    return {
      collection: PROJECTS,
      id: project.id,
      data: {
        title: project.title,
        summary: project.summary,
        description: project.description,
        requiredSkills: project.requiredSkills,
        ownerId: uidOf(owner),
        ownerName: demoDeveloper(owner).displayName,
        memberIds: project.team.map(uidOf),
        members: project.team.map(member),
        status: project.status,
        commitment: project.commitment,
        repositoryUrl: project.repositoryUrl,
        createdAt: 0,
      },
      daysAgoFields: { createdAt: project.createdDaysAgo },
    };
  }),
  ...PENDING_REQUESTS.map((request): SeedDocument => {
    const project = DEMO_PROJECTS.find((p) => p.id === request.projectId);
    return {
      collection: PROJECT_APPLICATIONS,
      id: `${request.projectId}_${uidOf(request.from)}`,
      data: {
        projectId: request.projectId,
        ownerId: uidOf(project?.team[0] ?? ''),
        applicantId: uidOf(request.from),
        applicantName: demoDeveloper(request.from).displayName,
        applicantPhoto: null,
        note: request.note,
        status: 'pending',
        createdAt: 0,
        decidedAt: null,
      },
      daysAgoFields: { createdAt: request.daysAgo },
    };
  }),
];
