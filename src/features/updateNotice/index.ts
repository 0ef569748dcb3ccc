// The update notice's public entry: its state, for the store (app/rootReducer.ts) and for the
// service worker's registration (platform/serviceWorker.ts), which reports a waiting version and
// hears the user accept it. The component is in ./components.
export { default as updateNoticeReducer, selectUpdateNoticeStatus, updateAvailable } from './updateNoticeSlice';
export type { UpdateNoticeState } from './updateNoticeSlice';
