// The projects feature's public entry: what other features may use (state, selectors, actions,
// types and operations). The rest of the folder is private.
export {
  applyToProject, approveApplication, createProject, listMemberProjects, listProjects, listTribeMateIds,
  pendingRequestsToOwnerQuery,
} from './projectsApi';
export type { MemberProjects, ProjectListResult } from './projectsApi';
