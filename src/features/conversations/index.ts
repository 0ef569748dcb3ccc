// The conversations feature's public entry: what other features may use (links, operations and
// types); its components are in ./components. The rest of the folder is private.
export { POST_PARAM, postConversationPath } from './conversationLinks';
export { deleteComment } from './conversationsApi';
