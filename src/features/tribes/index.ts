// The tribes feature's public entry: what other features may use (state, selectors, actions,
// types and operations). The rest of the folder is private.
export { createPost, createTribe, joinTribe, listMemberTribes, listTribes } from './tribesApi';
export type { ListTribesResult } from './tribesApi';
// The feed's posts as they arrive (conversations keep each post's reaction counts from them).
export { livePostsReceived, selectIsLivePost } from './tribesSlice';
