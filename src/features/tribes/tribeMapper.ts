// Stored documents -> app models. Malformed documents map to null and are left out, so one bad
// record cannot break a page.
import type { DocData, DocSnapshot } from '../../backend/port';
import type { Tribe, TribeMember, TribePost } from './tribeTypes';
import { isJoinPolicy } from './tribeValidation';

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

export function toTribe(id: string, data: DocData): Tribe | null {
  if (typeof data.name !== 'string' || typeof data.ownerId !== 'string') return null;
  return {
    id,
    name: data.name,
    tagline: str(data.tagline),
    description: str(data.description),
    topics: strings(data.topics),
    joinPolicy: isJoinPolicy(data.joinPolicy) ? data.joinPolicy : 'request',
    ownerId: data.ownerId,
    memberCount: num(data.memberCount),
    postCount: num(data.postCount),
    createdAt: num(data.createdAt),
    lastActivityAt: num(data.lastActivityAt, num(data.createdAt)),
  };
}

export function toTribeMember(data: DocData): TribeMember | null {
  const { tribeId, uid, status, role } = data;
  if (typeof tribeId !== 'string' || typeof uid !== 'string') return null;
  if (status !== 'active' && status !== 'pending') return null;
  return {
    tribeId,
    uid,
    displayName: str(data.displayName, 'Anonymous') || 'Anonymous',
    photoURL: typeof data.photoURL === 'string' ? data.photoURL : null,
    role: role === 'owner' ? 'owner' : 'member',
    status,
    requestedAt: num(data.requestedAt),
    joinedAt: typeof data.joinedAt === 'number' ? data.joinedAt : null,
  };
}

export function toTribePost(id: string, data: DocData): TribePost | null {
  if (typeof data.tribeId !== 'string' || typeof data.authorId !== 'string' || typeof data.body !== 'string') return null;
  return {
    id,
    tribeId: data.tribeId,
    authorId: data.authorId,
    authorName: str(data.authorName, 'Anonymous') || 'Anonymous',
    authorPhoto: typeof data.authorPhoto === 'string' ? data.authorPhoto : null,
    body: data.body,
    createdAt: num(data.createdAt),
  };
}

const present = <T>(item: T | null): item is T => item !== null;

/** A listing's tribes, less those a moderator hid (they stay reachable by their link). */
export const toTribes = (snapshots: readonly DocSnapshot[]) =>
  snapshots.map((snap) => (snap.data && snap.data.hidden !== true ? toTribe(snap.ref.id, snap.data) : null)).filter(present);
export const toTribeMembers = (snapshots: readonly DocSnapshot[]) =>
  snapshots.map((snap) => (snap.data ? toTribeMember(snap.data) : null)).filter(present);
export const toTribePosts = (snapshots: readonly DocSnapshot[]) =>
  snapshots.map((snap) => (snap.data ? toTribePost(snap.ref.id, snap.data) : null)).filter(present);
