import { useAppSelector } from '../../app/hooks';
import { uniqueTexts } from '../../domain/compareText';
import { TOPICS_MAX } from '../../domain/tribeTypes';
import { normalizeTopic, validateNewTopic } from '../../domain/tribeValidation';
import type { ChipListFieldProps } from '../../ui/ChipListField';
import { ChipListField } from '../../ui/ChipListField';
import { SKILL_VOCABULARY } from '../profile';
import { selectOwnProfile } from '../session';

const EMPTY_SKILLS: readonly string[] = [];

/** What the form keeps of the field: the topics, their error, and the input to focus. */
type TribeTopicsFieldProps = Pick<ChipListFieldProps, 'items' | 'onChange' | 'error' | 'onErrorChange' | 'inputRef'>;

/** A tribe's topics, with the creator's own skills suggested before the common vocabulary. */
export function TribeTopicsField(props: TribeTopicsFieldProps) {
  const mySkills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  const suggestions = uniqueTexts([...mySkills, ...SKILL_VOCABULARY]);
  return (
    <ChipListField
      {...props}
      legend="Topics"
      max={TOPICS_MAX}
      addLabel="Add a topic"
      addButtonText="Add topic"
      itemsLabel="Chosen topics"
      emptyText="No topics yet."
      placeholder="e.g. Rust"
      hint={`1 to ${TOPICS_MAX} skills people search for; yours are suggested first.`}
      suggestions={suggestions}
      normalize={normalizeTopic}
      validate={validateNewTopic}
      rowClassName="create-tribe__row"
    />
  );
}
