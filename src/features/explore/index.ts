// The explore feature's public entry: what other features may use (state, selectors, actions,
// types and operations). The rest of the folder is private.
export { listSkills, pickSuggestions, rankPeople, suggestionReason, toDirectoryPerson } from './explorePeople';
export type { DirectoryPerson, ExploreViewer, RankedPerson } from './explorePeople';
export { DIRECTORY_QUERY } from './exploreSagas';
