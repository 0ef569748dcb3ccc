// The update notice's public component, for the app's layout.
export { UpdateNotice } from './UpdateNotice';
