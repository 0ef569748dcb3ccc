// The profile feature's public components: the skills field, for the project form's required skills.
export { SkillListField } from './SkillListField';
