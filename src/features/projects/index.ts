// The projects feature's public entry: what other features may use (state, selectors, actions,
// types and operations). The rest of the folder is private.
export { listMemberProjects, listProjects, listTribeMateIds } from './projectQueries';
export type { MemberProjects, ProjectListResult } from './projectQueries';
