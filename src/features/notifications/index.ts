// The notifications feature's public entry: what other features may use (state, selectors, actions,
// types and operations). The rest of the folder is private.
export { opened, selectInboxNotifications, selectUnreadNotificationCount } from './notificationsSlice';
