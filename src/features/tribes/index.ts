// The tribes feature's public entry: what other features may use (state, selectors, actions,
// types and operations). The rest of the folder is private.
export { listMemberTribes, listTribes } from './tribeQueries';
export type { ListTribesResult } from './tribeQueries';
// The feed's posts as they arrive (conversations keep each post's reaction counts from them).
export { livePostsReceived } from './tribesSlice';
export { selectIsLivePost } from './tribeSelectors';
