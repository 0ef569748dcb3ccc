// The references to documents that several features (and the local policy) read or write, named
// once: which collection, and how the id of a membership or a block is made of its two parts.
import { BLOCKS, INBOXES, POSTS, TRIBE_MEMBERS, TRIBES } from '../domain/collections';
import { docRef } from './port';

export const tribeRef = (tribeId: string) => docRef(TRIBES, tribeId);
export const postRef = (postId: string) => docRef(POSTS, postId);
/** tribeMembers/{tribeId}_{uid}: a membership, or a join request while pending. */
export const membershipId = (tribeId: string, uid: string) => `${tribeId}_${uid}`;
export const membershipRef = (tribeId: string, uid: string) => docRef(TRIBE_MEMBERS, membershipId(tribeId, uid));
/** blocks/{blockerId}_{blockedId} */
export const blockRef = (blockerId: string, blockedId: string) => docRef(BLOCKS, `${blockerId}_${blockedId}`);
export const inboxRef = (uid: string) => docRef(INBOXES, uid);
