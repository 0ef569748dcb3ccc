// users/{uid} written by someone else (the caller C): only `friends` and `friendCount`, in one
// of the two shapes the friends operations produce, each naming the caller
// (docs/friends-model.md; firestore.rules: the users/{uid} counterpart branches):
// - accept: exactly C's key added, in C's own name and photo, proven by C's own inbox losing
//   uid's pending request in the same write, never across a block;
// - remove: exactly C's key removed.
// No entry is rewritten in place and friendCount is always the map's size (friendsMapOk).
import type { DocData } from '../port';
import { changedKeys, decide, deny, hasOnly, mapChange } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';
import { me, userRef } from './policyRefs';
import { blockedEitherWay } from './safetyPolicy';
import { acceptsRequestFrom, friendEntryOk, friendsMapOk } from './usersPolicy';

export const COUNTERPART_KEYS = ['friends', 'friendCount'] as const;

const myProfile = (ctx: WriteContext): DocData | null => ctx.getAfter(userRef(me(ctx)));

/**
 * B accepts A's request, writing A's profile: B's key is the only one added, the entry is B's
 * own name and photo, B's inbox loses A's pending request in the same write (A asked: consent),
 * and neither blocked the other; rules: counterpartAcceptOk().
 */
export function acceptRequestOk(ctx: WriteContext): boolean {
  const change = mapChange(ctx, 'friends');
  if (change === null) return false;
  const { added, removed } = change.diff;
  return (
    added.length === 1 &&
    added[0] === me(ctx) &&
    removed.length === 0 &&
    friendEntryOk(me(ctx), change.after[me(ctx)], myProfile(ctx)) &&
    acceptsRequestFrom(ctx, ctx.ref.id) &&
    !blockedEitherWay(ctx, me(ctx), ctx.ref.id)
  );
}

/** A unfriends B (or retries it for a pending removal): only A's key leaves B's map; rules: counterpartRemoveOk(). */
export function removeFriendOk(ctx: WriteContext): boolean {
  const change = mapChange(ctx, 'friends');
  if (change === null) return false;
  const { added, removed } = change.diff;
  return added.length === 0 && removed.length === 1 && removed[0] === me(ctx);
}

export function counterpartUpdateOk(ctx: WriteContext): PolicyDecision {
  if (!hasOnly(changedKeys(ctx), COUNTERPART_KEYS)) {
    return deny("users: only friends and friendCount of another user's profile may change");
  }
  if (!friendsMapOk(ctx))
    return deny('users: friends is a map of at most 500, no entry rewritten, friendCount its size');
  return decide(
    acceptRequestOk(ctx) || removeFriendOk(ctx),
    "users: another user's friends change only by the caller accepting their request or leaving",
  );
}
