import type { RefObject } from 'react';

import type { TribeInput } from '../../domain/tribeTypes';
import { DESCRIPTION_MAX, TAGLINE_MAX, TRIBE_NAME_MAX, TRIBE_NAME_MIN } from '../../domain/tribeTypes';
import type { TribeInputErrors } from '../../domain/tribeValidation';
import { TextField } from '../../ui/TextField';
import type { TribeTextField } from './useCreateTribeForm';

interface TribeAboutFieldsProps {
  input: TribeInput;
  errors: TribeInputErrors;
  onChange: (field: TribeTextField, value: string) => void;
  nameRef: RefObject<HTMLInputElement>;
  taglineRef: RefObject<HTMLInputElement>;
  descriptionRef: RefObject<HTMLTextAreaElement>;
}

/** What a tribe says about itself: its name, tagline and description. */
export function TribeAboutFields({
  input,
  errors,
  onChange,
  nameRef,
  taglineRef,
  descriptionRef,
}: TribeAboutFieldsProps) {
  return (
    <>
      <TextField
        inputRef={nameRef}
        label="Name"
        value={input.name}
        autoComplete="off"
        onChange={(event) => onChange('name', event.target.value)}
        hint={`${TRIBE_NAME_MIN} to ${TRIBE_NAME_MAX} characters; no two tribes share a name.`}
        error={errors.name}
      />
      <TextField
        inputRef={taglineRef}
        label="Tagline"
        value={input.tagline}
        onChange={(event) => onChange('tagline', event.target.value)}
        charLimit={TAGLINE_MAX}
        countTrimmed
        error={errors.tagline}
      />
      <TextField
        multiline
        inputRef={descriptionRef}
        label="Description"
        rows={6}
        value={input.description}
        onChange={(event) => onChange('description', event.target.value)}
        charLimit={DESCRIPTION_MAX}
        countTrimmed
        error={errors.description}
      />
    </>
  );
}
