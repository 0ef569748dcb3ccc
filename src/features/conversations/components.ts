// The conversations feature's public components, for the tribe page's posts.
export { PostConversation } from './PostConversation';
