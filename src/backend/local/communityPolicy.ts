// tribes, tribeNames, tribeMembers, posts, projects, projectApplications. Shaped like the same
// blocks of firestore.rules: every stored field typed and bounded, names copied from the writer's
// own profile, memberships only by their member's own asking, and counters that move by one only
// with the document they count, which the tribe write names (countedMemberId, countedPostId).
// The rules: tribesPolicy.ts, tribeMembersPolicy.ts, postsPolicy.ts, projectsPolicy.ts; here
// their registration and what they read, for the store to load first.
import { POSTS, PROJECTS, PROJECT_APPLICATIONS, TRIBES, TRIBE_MEMBERS, TRIBE_NAMES } from '../../domain/collections';
import type { DocRef } from '../port';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { isDocId, membershipRef, postRef, splitPairId, tribeRef, userRef } from './policyRefs';
import { isId } from './policyValues';
import { postsWriteOk } from './postsPolicy';
import { applicationsWriteOk, projectsDependencies, projectsWriteOk } from './projectsPolicy';
import { tribeMembersWriteOk } from './tribeMembersPolicy';
import { tribeNamesWriteOk, tribesWriteOk } from './tribesPolicy';

function communityParentRef(ref: DocRef): DocRef | null {
  const parentCollection = { [TRIBE_MEMBERS]: TRIBES, [PROJECT_APPLICATIONS]: PROJECTS }[ref.collection];
  const pair = splitPairId(ref.id);
  return parentCollection && pair ? { collection: parentCollection, id: pair.parentId } : null;
}

/** The documents the community rules read through get/getAfter, for the store to load first. */
export function communityDependencies(ctx: Pick<WriteContext, 'actorUid' | 'ref' | 'before' | 'after'>): DocRef[] {
  const uid = ctx.actorUid ?? '';
  const doc = ctx.after ?? ctx.before ?? {};
  const refs: DocRef[] = [];
  const parent = communityParentRef(ctx.ref);
  if (parent) refs.push(parent);
  switch (ctx.ref.collection) {
    case TRIBES: {
      if (isId(ctx.after?.countedMemberId)) refs.push(membershipRef(ctx.ref.id, ctx.after.countedMemberId));
      if (isId(ctx.after?.countedPostId)) refs.push(postRef(ctx.after.countedPostId));
      if (isDocId(ctx.after?.nameKey)) refs.push({ collection: TRIBE_NAMES, id: ctx.after.nameKey });
      refs.push(membershipRef(ctx.ref.id, uid));
      break;
    }
    case TRIBE_NAMES:
      if (isId(doc.tribeId)) refs.push(tribeRef(doc.tribeId));
      break;
    case TRIBE_MEMBERS: {
      const pair = splitPairId(ctx.ref.id);
      if (pair) refs.push(userRef(pair.uid));
      break;
    }
    case POSTS:
      refs.push(userRef(uid));
      if (isId(doc.tribeId)) refs.push(tribeRef(doc.tribeId), membershipRef(doc.tribeId, uid));
      break;
    case PROJECTS:
    case PROJECT_APPLICATIONS:
      refs.push(...projectsDependencies(ctx));
      break;
  }
  return refs.filter((ref) => isDocId(ref.id));
}

export const COMMUNITY_WRITE_RULES: Record<string, (ctx: WriteContext) => PolicyDecision> = {
  [TRIBES]: tribesWriteOk,
  [TRIBE_NAMES]: tribeNamesWriteOk,
  [TRIBE_MEMBERS]: tribeMembersWriteOk,
  [POSTS]: postsWriteOk,
  // Field limits, consent, names and the request lifecycle: projectsPolicy.ts.
  [PROJECTS]: (ctx) => projectsWriteOk(ctx),
  [PROJECT_APPLICATIONS]: (ctx) => applicationsWriteOk(ctx),
};
