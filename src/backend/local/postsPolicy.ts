// posts/{postId} in a tribe: created by an active member as themselves, with the tribe's and the
// author's postCount + 1 in the same write; deleted by the author with both - 1 (the tribe's owner
// and moderators: safetyHooksPolicy.ts); never edited (their counters: conversationChecksPolicy.ts).
// Shaped like the same block of firestore.rules.
import * as limits from '../../domain/tribeTypes';
import { copiedFromProfile, isActive } from './communityChecksPolicy';
import { allow, decide, deny, exactKeys } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { me, membershipRef, tribeRef, userRef } from './policyRefs';
import { isId, isRequestTime, isString } from './policyValues';

const isCreate = (ctx: WriteContext) => ctx.before === null && ctx.after !== null;
const isDelete = (ctx: WriteContext) => ctx.after === null;
const fieldUnchanged = (ctx: WriteContext, field: string) => ctx.before?.[field] === ctx.after?.[field];

/** Owned by `ownerField`: created with the caller as owner; only the owner deletes; ownership never moves. */
function ownedDocOk(ctx: WriteContext, ownerField: string, updateByOwnerOnly: boolean): PolicyDecision {
  const name = ctx.ref.collection;
  if (isCreate(ctx)) return decide(ctx.after?.[ownerField] === me(ctx), `${name}: ${ownerField} must be the caller`);
  if (isDelete(ctx)) return decide(ctx.before?.[ownerField] === me(ctx), `${name}: only the owner deletes`);
  if (!fieldUnchanged(ctx, ownerField)) return deny(`${name}: ${ownerField} never changes`);
  return decide(!updateByOwnerOnly || ctx.before?.[ownerField] === me(ctx), `${name}: only the owner updates`);
}

const POST_FIELDS = ['postId', 'tribeId', 'authorId', 'authorName', 'authorPhoto', 'body', 'createdAt'];

/**
 * The tribe's postCount and the author's users/{uid}.postCount moved by `by`, both naming post
 * `postId` (countedPostId, lastPostId): a batch of two posts cannot count as one.
 */
function postCounted(ctx: WriteContext, tribeId: string, postId: string, by: number): boolean {
  const tribeBefore = ctx.get(tribeRef(tribeId));
  const tribeAfter = ctx.getAfter(tribeRef(tribeId));
  const profileBefore = ctx.get(userRef(me(ctx)));
  const profileAfter = ctx.getAfter(userRef(me(ctx)));
  const tribeWas = tribeBefore === null ? 0 : (tribeBefore.postCount ?? 0);
  const profileWas = profileBefore?.postCount ?? 0;
  return (
    tribeAfter !== null &&
    typeof tribeWas === 'number' &&
    tribeAfter.postCount === tribeWas + by &&
    tribeAfter.countedPostId === postId &&
    profileAfter !== null &&
    typeof profileWas === 'number' &&
    (profileAfter.postCount ?? 0) === profileWas + by &&
    profileAfter.lastPostId === postId
  );
}

export function postsWriteOk(ctx: WriteContext): PolicyDecision {
  const { before, after } = ctx;
  // Documents outside any tribe (the store's own tests use posts as a scratch collection) keep
  // the plain ownership rule; firestore.rules require a tribe for every post.
  if (!(before && 'tribeId' in before) && !(after && 'tribeId' in after)) return ownedDocOk(ctx, 'authorId', true);
  if (after === null) {
    if (before?.authorId !== me(ctx)) return deny('posts: only the author deletes');
    const tribeId = before.tribeId;
    if (!isId(tribeId) || ctx.getAfter(tribeRef(tribeId)) === null) return allow;
    return decide(
      postCounted(ctx, tribeId, ctx.ref.id, -1),
      "posts: a deleted post takes the tribe's and the author's postCount - 1",
    );
  }
  if (before !== null) return deny('posts: posts are not edited');
  const d = after;
  if (!(
    d.authorId === me(ctx) &&
    exactKeys(d, POST_FIELDS) &&
    isId(d.tribeId) &&
    d.postId === ctx.ref.id &&
    isId(d.postId) &&
    isString(d.body, 1, limits.POST_BODY_MAX) &&
    d.body.trim().length > 0 &&
    isRequestTime(d.createdAt, ctx)
  )) {
    return deny(
      'posts: written by the caller as author, every field, body 1-5000 characters, createdAt the server time',
    );
  }
  if (!copiedFromProfile(ctx, me(ctx), d.authorName, d.authorPhoto))
    return deny("posts: author name and photo are the author's own profile's");
  if (ctx.get(tribeRef(d.tribeId)) === null) return deny('posts: the tribe must exist');
  if (!isActive(ctx.getAfter(membershipRef(d.tribeId, me(ctx)))))
    return deny('posts: only active members post in a tribe');
  return decide(
    postCounted(ctx, d.tribeId, ctx.ref.id, 1),
    "posts: a new post moves the tribe's and the author's postCount + 1",
  );
}
