import type { RefObject } from 'react';

import { useAppSelector } from '../../app/hooks';
import { TOPICS_MAX } from '../../domain/tribeTypes';
import { normalizeTopic, validateNewTopic } from '../../domain/tribeValidation';
import { ChipListField } from '../../ui/ChipListField';
import { SKILL_VOCABULARY } from '../profile';
import { selectOwnProfile } from '../session';

const EMPTY_SKILLS: readonly string[] = [];

interface TribeTopicsFieldProps {
  topics: string[];
  onChange: (topics: string[]) => void;
  error: string | undefined;
  onErrorChange: (error: string | undefined) => void;
  inputRef: RefObject<HTMLInputElement>;
}

/** A tribe's topics, with the creator's own skills suggested before the common vocabulary. */
export function TribeTopicsField({ topics, onChange, error, onErrorChange, inputRef }: TribeTopicsFieldProps) {
  const mySkills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  const suggestions = [...new Set([...mySkills, ...SKILL_VOCABULARY])];
  return (
    <ChipListField
      legend="Topics"
      items={topics}
      onChange={onChange}
      max={TOPICS_MAX}
      addLabel="Add a topic"
      addButtonText="Add topic"
      itemsLabel="Chosen topics"
      emptyText="No topics yet."
      placeholder="e.g. Rust"
      hint={`1 to ${TOPICS_MAX} skills people search for; yours are suggested first.`}
      suggestions={suggestions}
      error={error}
      onErrorChange={onErrorChange}
      normalize={normalizeTopic}
      validate={validateNewTopic}
      inputRef={inputRef}
      rowClassName="create-tribe__row"
    />
  );
}
