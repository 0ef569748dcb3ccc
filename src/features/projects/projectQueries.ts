// Reading projects: the list, a user's projects with the requests waiting on them, the owner's
// requests query, and tribe-mates for the match score. Lists are read in pages (queryPages).
import type { DocumentStore, QuerySpec } from '../../backend/port';
import { toSerializedError } from '../../backend/port';
import { QUERY_PAGE_MAX, queryPages } from '../../backend/queryPages';
import { PROJECTS, PROJECT_APPLICATIONS, TRIBE_MEMBERS } from '../../domain/collections';
import type { Project, ProjectOperationResult } from '../../domain/projectTypes';
import { reportError } from '../../platform/errorReporting';
import { failure, ok, toApplication, toProject } from './projectRecords';

/** Newest first; ranking by match happens on the client, over this page of projects. */
export const PROJECT_LIST_LIMIT = 200;
/** Read in pages of QUERY_PAGE_MAX, the most a list query may ask for. */
export const PROJECT_LIST_QUERY: QuerySpec = {
  collection: PROJECTS,
  orderBy: [{ field: 'createdAt', direction: 'desc', time: true }],
  limit: QUERY_PAGE_MAX,
};

export interface ProjectListResult extends ProjectOperationResult {
  projects: Project[];
}

export async function listProjects(db: DocumentStore): Promise<ProjectListResult> {
  try {
    const snapshots = await queryPages(db, PROJECT_LIST_QUERY, PROJECT_LIST_LIMIT);
    const projects = snapshots.flatMap((s) => {
      // A moderator hid it: out of listings, still reachable by its link.
      const project = s.data && s.data.hidden !== true ? toProject(s.ref.id, s.data) : null;
      return project ? [project] : [];
    });
    return { ...ok(`${projects.length} projects`), projects };
  } catch (error) {
    return { ...failure(error), projects: [] };
  }
}

/** The dashboard's "My projects": the projects a user is on (owners are members too), capped here. */
export const MEMBER_PROJECTS_LIMIT = 50;
export const PENDING_REQUESTS_LIMIT = 200;

export const memberProjectsQuery = (uid: string): QuerySpec => ({
  collection: PROJECTS,
  where: [{ field: 'memberIds', op: 'array-contains', value: uid }],
  limit: MEMBER_PROJECTS_LIMIT,
});

/** Every request waiting for this owner's answer; it filters on ownerId so rules can allow it. */
export const pendingRequestsToOwnerQuery = (ownerId: string): QuerySpec => ({
  collection: PROJECT_APPLICATIONS,
  where: [
    { field: 'ownerId', op: '==', value: ownerId },
    { field: 'status', op: '==', value: 'pending' },
  ],
  limit: QUERY_PAGE_MAX,
});

export interface MemberProjects {
  /** Newest first. */
  projects: Project[];
  /** Pending requests per project the user owns; projects without any are left out. */
  pendingRequests: Record<string, number>;
}

/** The projects `uid` owns or is a member of, with the requests waiting on the ones they own. */
export async function listMemberProjects(db: DocumentStore, uid: string): Promise<MemberProjects> {
  const [projectSnapshots, requestSnapshots] = await Promise.all([
    db.query(memberProjectsQuery(uid)),
    queryPages(db, pendingRequestsToOwnerQuery(uid), PENDING_REQUESTS_LIMIT),
  ]);
  const projects = projectSnapshots
    .flatMap((s) => {
      const project = s.data ? toProject(s.ref.id, s.data) : null;
      return project ? [project] : [];
    })
    .sort((a, b) => b.createdAt - a.createdAt);
  const pendingRequests: Record<string, number> = {};
  for (const snapshot of requestSnapshots) {
    const application = snapshot.data ? toApplication(snapshot.ref.id, snapshot.data) : null;
    if (application?.status !== 'pending') continue;
    pendingRequests[application.projectId] = (pendingRequests[application.projectId] ?? 0) + 1;
  }
  return { projects, pendingRequests };
}

/** The owner's query for a project's requests: it filters on ownerId so rules can allow it. */
export const applicationsQuery = (projectId: string, ownerId: string): QuerySpec => ({
  collection: PROJECT_APPLICATIONS,
  where: [
    { field: 'projectId', op: '==', value: projectId },
    { field: 'ownerId', op: '==', value: ownerId },
  ],
  limit: QUERY_PAGE_MAX,
});

/**
 * People who share a tribe with `uid` (from tribeMembers/{tribeId}_{uid} documents with tribeId
 * and uid fields); [] when tribes cannot be read, since this only adds points to the score.
 */
export const TRIBES_CONSIDERED_MAX = 10;
const TRIBE_MATES_PER_TRIBE_MAX = 500;
export async function listTribeMateIds(db: DocumentStore, uid: string): Promise<string[]> {
  try {
    // Only active memberships: pending ones (join requests) are readable only by the requester,
    // the tribe's owner and moderators, and a query that could return one is refused whole.
    const active = { field: 'status', op: '==', value: 'active' } as const;
    const memberships = await db.query({
      collection: TRIBE_MEMBERS,
      where: [{ field: 'uid', op: '==', value: uid }, active],
      limit: TRIBES_CONSIDERED_MAX,
    });
    const tribeIds = memberships
      .filter((s) => (s.data?.status ?? 'active') === 'active')
      .map((s) => s.data?.tribeId)
      .filter((id): id is string => typeof id === 'string');
    const mates = new Set<string>();
    for (const tribeId of tribeIds) {
      const members = await queryPages(
        db,
        { collection: TRIBE_MEMBERS, where: [{ field: 'tribeId', op: '==', value: tribeId }, active] },
        TRIBE_MATES_PER_TRIBE_MAX,
      );
      for (const member of members) {
        const mate = member.data?.uid;
        // Pending join requests are not membership yet.
        if (typeof mate === 'string' && mate !== uid && (member.data?.status ?? 'active') === 'active') mates.add(mate);
      }
    }
    return [...mates];
  } catch (error) {
    reportError(toSerializedError(error).message, { description: 'Tribe-mates for the match score:' });
    return [];
  }
}
