// The safety feature's public components, for other features' screens.
export { PersonSafetyMenu } from './PersonSafetyMenu';
export { ReportButton } from './ReportButton';
