// tribes, tribeMembers, posts, projects, projectApplications: signed-in writes with the obvious
// ownership checks. The tribes and projects issues tighten these.
import type { DocRef } from '../port';
import { allow, decide, deny } from './policyHelpers';
import type { PolicyDecision, WriteContext } from './policyHelpers';

/** `{parentId}_{uid}` ids: the parent document's id and the member's uid. */
export function splitPairId(id: string): { parentId: string; uid: string } | null {
  const separator = id.lastIndexOf('_');
  if (separator <= 0 || separator === id.length - 1) return null;
  return { parentId: id.slice(0, separator), uid: id.slice(separator + 1) };
}

const me = (ctx: WriteContext) => ctx.actorUid;
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

/** `{parentId}_{uid}` documents: written by that member, or by the owner of the parent document. */
function membershipDocOk(ctx: WriteContext, parentCollection: string): PolicyDecision {
  const pair = splitPairId(ctx.ref.id);
  if (!pair) return deny(`${ctx.ref.collection}: id must be {${parentCollection}Id}_{uid}`);
  if (pair.uid === me(ctx)) return allow;
  const parent = ctx.getAfter({ collection: parentCollection, id: pair.parentId });
  return decide(parent?.ownerId === me(ctx), `${ctx.ref.collection}: only the member or the ${parentCollection} owner`);
}

export function communityParentRef(ref: DocRef): DocRef | null {
  const parentCollection = { tribeMembers: 'tribes', projectApplications: 'projects' }[ref.collection];
  const pair = splitPairId(ref.id);
  return parentCollection && pair ? { collection: parentCollection, id: pair.parentId } : null;
}

export const COMMUNITY_WRITE_RULES: Record<string, (ctx: WriteContext) => PolicyDecision> = {
  // Members change a tribe's counters, so any signed-in user may update it (never its owner).
  tribes: (ctx) => ownedDocOk(ctx, 'ownerId', false),
  tribeMembers: (ctx) => membershipDocOk(ctx, 'tribes'),
  posts: (ctx) => ownedDocOk(ctx, 'authorId', true),
  projects: (ctx) => ownedDocOk(ctx, 'ownerId', true),
  projectApplications: (ctx) => membershipDocOk(ctx, 'projects'),
};
