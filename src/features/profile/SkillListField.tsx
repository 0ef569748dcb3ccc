import type { ChipListFieldProps } from '../../ui/ChipListField';
import { ChipListField } from '../../ui/ChipListField';
import { SKILL_VOCABULARY } from './skillVocabulary';

/** What every skills field says the same way: its Add button, its empty list and its suggestions. */
type SkillListFieldProps = Omit<ChipListFieldProps, 'addButtonText' | 'emptyText' | 'suggestions'>;

/** A list of skills (a profile's, a project's required ones), suggesting the common vocabulary. */
export function SkillListField(props: SkillListFieldProps) {
  return (
    <ChipListField {...props} addButtonText="Add skill" emptyText="No skills yet." suggestions={SKILL_VOCABULARY} />
  );
}
