import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { useId, useState } from 'react';

import type { LimitBand } from './characterLimit';
import { countText, limitAnnouncement, limitBand } from './characterLimit';

interface FieldFrameProps {
  label: string;
  error?: string | null;
  hint?: string;
  /**
   * Shows "n / limit characters" under the field (it describes the field), and tells screen
   * readers once when the text comes near the limit and once when it passes it.
   */
  charLimit?: number;
  /** Count the text as it will be saved, without leading and trailing spaces. */
  countTrimmed?: boolean;
}

type InputFieldProps = FieldFrameProps &
  InputHTMLAttributes<HTMLInputElement> & { multiline?: false; inputRef?: Ref<HTMLInputElement> };
type TextAreaFieldProps = FieldFrameProps &
  TextareaHTMLAttributes<HTMLTextAreaElement> & { multiline: true; inputRef?: Ref<HTMLTextAreaElement> };

/** A labelled input, or with `multiline` a textarea, with its hint, character count and error. */
type TextFieldProps = InputFieldProps | TextAreaFieldProps;

/** The frame's own props, and the rest: the attributes that go to the input or textarea itself. */
function splitFrameProps<P extends FieldFrameProps & { id?: string }>({
  label,
  error,
  hint,
  charLimit,
  countTrimmed,
  id,
  ...control
}: P) {
  return { frame: { label, error, hint, charLimit, countTrimmed, id }, control };
}

/**
 * The live region's text changes only when the text moves between well under, near and over the
 * limit, so it is spoken at those moments and not on every keystroke. Set while rendering (React's
 * way to follow a changed value), so no render shows a band with the previous band's message.
 */
function useLimitAnnouncement(length: number, limit: number | undefined): string {
  const band: LimitBand = limit === undefined ? 'under' : limitBand(length, limit);
  const [announced, setAnnounced] = useState({ band, message: '' });
  if (announced.band !== band) {
    const next = { band, message: limit === undefined ? '' : limitAnnouncement(length, limit) };
    setAnnounced(next);
    return next.message;
  }
  return announced.message;
}

interface DescribedControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameRenderProps extends FieldFrameProps {
  id?: string;
  value: unknown;
  children: (described: DescribedControl) => ReactNode;
}

function FieldFrame({ label, error, hint, charLimit, countTrimmed, id, value, children }: FieldFrameRenderProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const text = typeof value === 'string' ? value : '';
  const length = countTrimmed ? text.trim().length : text.length;
  const announcement = useLimitAnnouncement(length, charLimit);

  const hintId = hint ? `${inputId}-hint` : undefined;
  const countId = charLimit !== undefined ? `${inputId}-count` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={inputId}>{label}</label>
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, countId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {charLimit !== undefined && (
        <>
          <p id={countId} className={length > charLimit ? 'field__hint field__count--over' : 'field__hint'}>
            {countText(length, charLimit)}
          </p>
          <span className="visually-hidden" aria-live="polite" aria-atomic="true">
            {announcement}
          </span>
        </>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function SingleLineField({ multiline: _multiline, inputRef, ...props }: InputFieldProps) {
  const { frame, control } = splitFrameProps(props);
  return (
    <FieldFrame {...frame} value={control.value}>
      {(described) => <input ref={inputRef} {...described} {...control} />}
    </FieldFrame>
  );
}

function MultilineField({ multiline: _multiline, inputRef, ...props }: TextAreaFieldProps) {
  const { frame, control } = splitFrameProps(props);
  return (
    <FieldFrame {...frame} value={control.value}>
      {(described) => <textarea ref={inputRef} {...described} {...control} />}
    </FieldFrame>
  );
}

export function TextField(props: TextFieldProps) {
  return props.multiline ? <MultilineField {...props} /> : <SingleLineField {...props} />;
}
