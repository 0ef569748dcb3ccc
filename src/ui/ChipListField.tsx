import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useId, useRef, useState } from 'react';

import { sameText } from '../domain/compareText';

/** The checks used when a form gives none: not empty, no case-insensitive duplicate, at most `max`. */
function defaultChipValidator(max: number) {
  return (item: string, items: readonly string[]): string | null => {
    if (!item) return 'Enter a value.';
    if (items.some((existing) => sameText(existing, item))) return `${item} is already in the list.`;
    if (items.length >= max) return `You can add up to ${max}.`;
    return null;
  };
}

export interface ChipListFieldProps {
  /** The fieldset's legend; the count "(n of max)" follows it. */
  legend: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  max: number;
  /** The text input's label, e.g. "Add a skill". */
  addLabel: string;
  /** The Add button's text, e.g. "Add skill". */
  addButtonText: string;
  /** The chip list's accessible name. */
  itemsLabel: string;
  /** Shown instead of the list while it is empty. */
  emptyText: string;
  placeholder?: string;
  hint?: ReactNode;
  /** Datalist options; those already chosen (case-insensitively) are left out. */
  suggestions?: readonly string[];
  error?: string | null;
  /** Called with the refusal when an add is refused, and with undefined whenever it should clear. */
  onErrorChange: (error: string | undefined) => void;
  /** Turns the draft into the item that is checked and added (e.g. trims and collapses spaces). */
  normalize?: (draft: string) => string;
  /** The refusal for `item`, or null to add it. */
  validate?: (item: string, items: readonly string[]) => string | null;
  /** Lets the form focus the input (e.g. on submit); removing a chip returns focus here too. */
  inputRef?: RefObject<HTMLInputElement>;
  /** Extra class for the fieldset, after "field" (and "field--invalid"). */
  className?: string;
  /** Class of the row holding the input and the Add button. */
  rowClassName?: string;
  /** Move focus back to the input when an add is refused. */
  focusOnInvalid?: boolean;
  /** Give the error role="alert" so it is announced. */
  announceError?: boolean;
  /**
   * The text typed and not added yet, when the form needs it (e.g. to take it on submit); the
   * field keeps its own otherwise.
   */
  draft?: string;
  onDraftChange?: (draft: string) => void;
  /** Nothing can be added or removed (e.g. while the form is being sent). */
  readOnly?: boolean;
}

const trim = (draft: string) => draft.trim();

/** Commas separate items in a draft: "React, Docker" is two. */
const CHIP_SEPARATOR = ',';

/** The items a draft holds, each one normalized, the empty ones left out (e.g. for a form's submit). */
export function chipDraftItems(draft: string, normalize: (draft: string) => string = trim): string[] {
  return draft
    .split(CHIP_SEPARATOR)
    .map(normalize)
    .filter((item) => item.length > 0);
}

/**
 * The one way to enter a list of skills, topics or tags: a controlled list of removable chips with
 * an input (and datalist) to add more. Enter or the Add button adds (commas separate several
 * items); Enter never submits the form. Refusals show as the field's error.
 */
export function ChipListField({
  legend,
  items,
  onChange,
  max,
  addLabel,
  addButtonText,
  itemsLabel,
  emptyText,
  placeholder,
  hint,
  suggestions = [],
  error,
  onErrorChange,
  normalize = trim,
  validate,
  inputRef,
  className,
  rowClassName,
  focusOnInvalid = false,
  announceError = false,
  draft: givenDraft,
  onDraftChange,
  readOnly = false,
}: ChipListFieldProps) {
  const inputId = useId();
  const listId = useId();
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  const [ownDraft, setOwnDraft] = useState('');
  const draft = givenDraft ?? ownDraft;
  const setDraft = (next: string) => {
    setOwnDraft(next);
    onDraftChange?.(next);
  };
  const check = validate ?? defaultChipValidator(max);

  /** Adds the draft's items in order; the first one refused stays in the input (with those after it) and says why. */
  const add = () => {
    if (readOnly) return;
    const parts = draft.split(CHIP_SEPARATOR);
    const several = parts.length > 1;
    const added: string[] = [];
    for (let index = 0; index < parts.length; index += 1) {
      const item = normalize(parts[index] ?? '');
      // "React," or "React, , Go": the empty pieces between commas are no items.
      if (several && !item) continue;
      const problem = check(item, [...items, ...added]);
      if (problem) {
        if (added.length > 0) onChange([...items, ...added]);
        if (several) setDraft(parts.slice(index).join(CHIP_SEPARATOR).trimStart());
        onErrorChange(problem);
        if (focusOnInvalid) ref.current?.focus();
        return;
      }
      added.push(item);
    }
    setDraft('');
    if (added.length === 0) {
      // Only commas: as an empty draft.
      onErrorChange(check('', items) ?? undefined);
      return;
    }
    onChange([...items, ...added]);
    onErrorChange(undefined);
  };

  const remove = (item: string) => {
    if (readOnly) return;
    onChange(items.filter((current) => current !== item));
    onErrorChange(undefined);
    ref.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the item instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const fieldsetClass = ['field', error && 'field--invalid', className].filter(Boolean).join(' ');

  return (
    <fieldset className={fieldsetClass}>
      <legend>
        {legend}{' '}
        <span className="muted">
          ({items.length} of {max})
        </span>
      </legend>
      {items.length > 0 ? (
        <ul className="chips" aria-label={itemsLabel}>
          {items.map((item) => (
            <li key={item} className="chip chip--removable">
              {item}
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove ${item}`}
                disabled={readOnly}
                onClick={() => remove(item)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{emptyText}</p>
      )}
      <label htmlFor={inputId}>{addLabel}</label>
      <div className={rowClassName}>
        <input
          ref={ref}
          id={inputId}
          list={listId}
          value={draft}
          placeholder={placeholder}
          autoComplete="off"
          readOnly={readOnly}
          onChange={(event) => {
            setDraft(event.target.value);
            onErrorChange(undefined);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined}
        />
        <button type="button" className="button button--secondary" disabled={readOnly} onClick={add}>
          {addButtonText}
        </button>
      </div>
      <datalist id={listId}>
        {suggestions
          .filter((option) => !items.some((item) => sameText(item, option)))
          .map((option) => (
            <option key={option} value={option} />
          ))}
      </datalist>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
