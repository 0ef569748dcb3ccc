// Tribes, their memberships and posts, as the app sees them: plain data, times in epoch ms.

import type { ReactionCounts } from './conversationTypes';
import type { OperationResult } from './result';

export const TRIBE_NAME_MIN = 3;
export const TRIBE_NAME_MAX = 40;
export const TAGLINE_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const TOPICS_MIN = 1;
export const TOPICS_MAX = 5;
export const TOPIC_LENGTH_MAX = 30;
export const POST_BODY_MAX = 5000;

/** Posts per page of the feed; the first page is live. */
export const POSTS_PAGE_SIZE = 20;
/**
 * The live tribe directory and a tribe's live member list: one page each, as large as the rules
 * allow a list query (QUERY_PAGE_MAX); one-shot reads of the directory page on to TRIBES_LIST_MAX.
 */
export const TRIBES_QUERY_LIMIT = 50;
export const MEMBERS_QUERY_LIMIT = 50;
export const TRIBES_LIST_MAX = 200;

export type JoinPolicy = 'open' | 'request';
export type MemberRole = 'owner' | 'member';
export type MemberStatus = 'active' | 'pending';
export const MEMBER_STATUSES: readonly MemberStatus[] = ['active', 'pending'];

export interface Tribe {
  id: string;
  name: string;
  tagline: string;
  description: string;
  topics: string[];
  joinPolicy: JoinPolicy;
  ownerId: string;
  memberCount: number;
  postCount: number;
  createdAt: number;
  lastActivityAt: number;
}

/** tribeMembers/{tribeId}_{uid}: a membership, or a join request while pending. */
export interface TribeMember {
  tribeId: string;
  uid: string;
  displayName: string;
  photoURL: string | null;
  role: MemberRole;
  status: MemberStatus;
  requestedAt: number;
  joinedAt: number | null;
}

export interface TribePost {
  id: string;
  tribeId: string;
  authorId: string;
  authorName: string;
  authorPhoto: string | null;
  body: string;
  createdAt: number;
  /** Its comments, exactly (posts from before conversations have none); absent in hand-made posts. */
  commentCount?: number;
  /** Reactions above zero by kind (conversations); absent in hand-made posts. */
  reactionCounts?: ReactionCounts;
}

/** What the create form submits. */
export interface TribeInput {
  name: string;
  tagline: string;
  description: string;
  topics: string[];
  joinPolicy: JoinPolicy;
}

/** The signed-in user as tribes need them: who writes, under which name and photo. */
export interface TribeActor {
  uid: string;
  displayName: string;
  photoURL: string | null;
}

/** Every tribes operation answers like the friends operations do. */
export type TribeResult = OperationResult;

export type TribeSort = 'forYou' | 'active' | 'members' | 'newest';

export const TRIBE_SORTS: readonly { value: TribeSort; label: string }[] = [
  { value: 'forYou', label: 'For you' },
  { value: 'active', label: 'Active' },
  { value: 'members', label: 'Most members' },
  { value: 'newest', label: 'Newest' },
];
