// The safety feature's public entry: what other features may use (state, selectors, actions,
// types and operations); its components are in ./components. The rest of the folder is private.
export {
  memberRemovalRequested,
  postRemovalRequested,
  safetyKey,
  selectBlockedIds,
  selectIsModerator,
  selectLastSafetyOutcome,
  selectMutedIds,
  selectSafetyInFlight,
} from './safetySlice';
export type { SafetyState } from './safetySlice';
