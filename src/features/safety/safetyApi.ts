// The safety operations over the backend port, written once for both adapters: blocks and mutes
// (personSafetyApi.ts), reports (reportsApi.ts), tribe owners' removals and the moderation queue
// (moderationApi.ts). The workers (safetyWorkerSagas.ts) take them all from here.
export { blockPerson, mutePerson, unblockPerson, unmutePerson } from './personSafetyApi';
export { reportId, submitReport } from './reportsApi';
export { actOnReport, dismissReport, listModerationQueue, removeMember, removePost } from './moderationApi';
