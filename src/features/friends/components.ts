// The friends feature's public components, for other features' screens.
export { StuckRemovalsNotice } from './StuckRemovalsNotice';
