// Stored documents -> app models. Malformed documents map to null and are left out, so one bad
// record cannot break a page.
import type { DocData, DocSnapshot } from '../../backend/port';
import {
  asRecord,
  safeCount,
  safeEnum,
  safeId,
  safeName,
  safePhotoURL,
  safeStringList,
  safeText,
  safeTimeMs,
} from '../../domain/coerce';
import type { ReactionCounts } from '../../domain/conversationTypes';
import { REACTION_KINDS } from '../../domain/conversationTypes';
import { DEFAULT_DISPLAY_NAME, DISPLAY_NAME_MAX } from '../../domain/profileTypes';
import type { Tribe, TribeMember, TribePost } from '../../domain/tribeTypes';
import {
  DESCRIPTION_MAX,
  POST_BODY_MAX,
  TAGLINE_MAX,
  TOPIC_LENGTH_MAX,
  TOPICS_MAX,
  TRIBE_NAME_MAX,
} from '../../domain/tribeTypes';
import { isJoinPolicy } from '../../domain/tribeValidation';

export function toTribe(id: string, data: DocData): Tribe | null {
  const name = safeName(data.name, TRIBE_NAME_MAX, '');
  const ownerId = safeId(data.ownerId);
  if (!name || !ownerId) return null;
  const createdAt = safeTimeMs(data.createdAt) ?? 0;
  return {
    id,
    name,
    tagline: safeText(data.tagline, TAGLINE_MAX),
    description: safeText(data.description, DESCRIPTION_MAX),
    topics: safeStringList(data.topics, TOPICS_MAX, TOPIC_LENGTH_MAX),
    joinPolicy: isJoinPolicy(data.joinPolicy) ? data.joinPolicy : 'request',
    ownerId,
    memberCount: safeCount(data.memberCount),
    postCount: safeCount(data.postCount),
    createdAt,
    lastActivityAt: safeTimeMs(data.lastActivityAt) ?? createdAt,
  };
}

export function toTribeMember(data: DocData): TribeMember | null {
  const tribeId = safeId(data.tribeId);
  const uid = safeId(data.uid);
  const { status } = data;
  if (!tribeId || !uid) return null;
  if (status !== 'active' && status !== 'pending') return null;
  return {
    tribeId,
    uid,
    displayName: safeName(data.displayName, DISPLAY_NAME_MAX, DEFAULT_DISPLAY_NAME),
    photoURL: safePhotoURL(data.photoURL),
    role: safeEnum(data.role, ['owner', 'member'], 'member'),
    status,
    requestedAt: safeTimeMs(data.requestedAt) ?? 0,
    joinedAt: safeTimeMs(data.joinedAt),
  };
}

/** A post's reaction counters: the six kinds above zero; anything else is left out. */
function toPostReactionCounts(value: unknown): ReactionCounts {
  const record = asRecord(value);
  const counts: ReactionCounts = {};
  for (const kind of REACTION_KINDS) {
    const count = safeCount(record?.[kind]);
    if (count > 0) counts[kind] = count;
  }
  return counts;
}

export function toTribePost(id: string, data: DocData): TribePost | null {
  const tribeId = safeId(data.tribeId);
  const authorId = safeId(data.authorId);
  if (!tribeId || !authorId || typeof data.body !== 'string') return null;
  return {
    id,
    tribeId,
    authorId,
    authorName: safeName(data.authorName, DISPLAY_NAME_MAX, DEFAULT_DISPLAY_NAME),
    authorPhoto: safePhotoURL(data.authorPhoto),
    body: safeText(data.body, POST_BODY_MAX),
    createdAt: safeTimeMs(data.createdAt) ?? 0,
    // Posts from before conversations have no counters: none.
    commentCount: safeCount(data.commentCount),
    reactionCounts: toPostReactionCounts(data.reactionCounts),
  };
}

const present = <T>(item: T | null): item is T => item !== null;

/** A listing's tribes, less those a moderator hid (they stay reachable by their link). */
export const toTribes = (snapshots: readonly DocSnapshot[]) =>
  snapshots
    .map((snap) => (snap.data && snap.data.hidden !== true ? toTribe(snap.ref.id, snap.data) : null))
    .filter(present);
export const toTribeMembers = (snapshots: readonly DocSnapshot[]) =>
  snapshots.map((snap) => (snap.data ? toTribeMember(snap.data) : null)).filter(present);
export const toTribePosts = (snapshots: readonly DocSnapshot[]) =>
  snapshots.map((snap) => (snap.data ? toTribePost(snap.ref.id, snap.data) : null)).filter(present);
