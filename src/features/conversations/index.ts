// The conversations feature's public entry: what other features may use (links into a post's
// thread); its components are in ./components. The rest of the folder is private.
export { postConversationPath } from './conversationLinks';
