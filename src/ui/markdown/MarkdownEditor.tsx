import type { KeyboardEvent } from 'react';
import { forwardRef, useId, useRef, useState } from 'react';

import { formatCount } from '../../domain/formatCount';
import { Markdown } from './Markdown';

type EditorMode = 'write' | 'preview';
const MODES: readonly EditorMode[] = ['write', 'preview'];
const MODE_NAMES: Record<EditorMode, string> = { write: 'Write', preview: 'Preview' };

export interface MarkdownEditorProps {
  /** The textarea's visible label, e.g. "Write a post" or "Write a comment". */
  label: string;
  /** The Markdown source (what gets stored). */
  value: string;
  onChange: (value: string) => void;
  /** The most characters allowed (of the trimmed text, as the validators count): shown beside the count. */
  maxLength: number;
  /** The textarea's name in its form. */
  name?: string;
  rows?: number;
  /** A message about the text (too long, refused): marks the textarea invalid and is announced. */
  error?: string | null;
  className?: string;
}

/**
 * A Markdown composer: Write and Preview tabs (ARIA tabs: arrow keys, Home and End move between
 * them), the textarea with its label and character count, and a preview rendered by the same
 * <Markdown> as the published text. The ref is the textarea's.
 */
export const MarkdownEditor = forwardRef<HTMLTextAreaElement, MarkdownEditorProps>(function MarkdownEditor(
  { label, value, onChange, maxLength, name, rows = 4, error, className },
  ref,
) {
  const id = useId();
  const [mode, setMode] = useState<EditorMode>('write');
  const tabs = useRef<Partial<Record<EditorMode, HTMLButtonElement | null>>>({});
  const ids = {
    textarea: `${id}-text`,
    count: `${id}-count`,
    error: `${id}-error`,
    tab: (which: EditorMode) => `${id}-${which}-tab`,
    panel: (which: EditorMode) => `${id}-${which}-panel`,
  };
  const length = value.trim().length;

  const select = (next: EditorMode) => {
    setMode(next);
    tabs.current[next]?.focus();
  };
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = MODES.indexOf(mode);
    const target =
      event.key === 'ArrowRight'
        ? MODES[(index + 1) % MODES.length]
        : event.key === 'ArrowLeft'
          ? MODES[(index + MODES.length - 1) % MODES.length]
          : event.key === 'Home'
            ? MODES[0]
            : event.key === 'End'
              ? MODES[MODES.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div
      className={['field', 'markdown-editor', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      <div className="markdown-editor__top">
        <label htmlFor={ids.textarea}>{label}</label>
        <div role="tablist" aria-label="Write or preview" className="markdown-editor__tabs">
          {MODES.map((which) => (
            <button
              key={which}
              ref={(element) => {
                tabs.current[which] = element;
              }}
              type="button"
              role="tab"
              id={ids.tab(which)}
              aria-selected={mode === which}
              aria-controls={ids.panel(which)}
              tabIndex={mode === which ? 0 : -1}
              className="markdown-editor__tab"
              onClick={() => select(which)}
              onKeyDown={onTabKeyDown}
            >
              {MODE_NAMES[which]}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" id={ids.panel('write')} aria-labelledby={ids.tab('write')} hidden={mode !== 'write'}>
        <textarea
          ref={ref}
          id={ids.textarea}
          name={name}
          rows={rows}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ids.count}${error ? ` ${ids.error}` : ''}`}
        />
      </div>
      <div
        role="tabpanel"
        id={ids.panel('preview')}
        aria-labelledby={ids.tab('preview')}
        hidden={mode !== 'preview'}
        // Focusable: the preview may hold nothing else to stop on.
        tabIndex={0}
        className="markdown-editor__preview"
      >
        {mode === 'preview' &&
          (length > 0 ? (
            <Markdown source={value} />
          ) : (
            <p className="muted markdown-editor__empty">Nothing to preview</p>
          ))}
      </div>
      <p id={ids.count} className={length > maxLength ? 'field__hint field__count--over' : 'field__hint'}>
        {formatCount(length)} / {formatCount(maxLength)} characters
      </p>
      {error && (
        <p id={ids.error} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
