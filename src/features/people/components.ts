// The people feature's public components, for other features' screens.
export { PersonCard } from './PersonCard';
export { RelationshipButton } from './RelationshipButton';
export { SkillChips } from './SkillChips';
