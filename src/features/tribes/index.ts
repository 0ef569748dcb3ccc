// The tribes feature's public entry: what other features may use (state, selectors, actions,
// types and operations). The rest of the folder is private.
export { createPost, createTribe, joinTribe, listMemberTribes, listTribes } from './tribesApi';
export type { ListTribesResult } from './tribesApi';
