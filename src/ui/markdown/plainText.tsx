// Most posts are plain sentences. Running them through the Markdown pipeline costs about a
// millisecond each (more at 4x CPU), and loads the renderer's chunk for nothing: a text in which no
// character could start Markdown syntax renders here, to exactly the markup the renderer would
// give it (plainText.test.tsx checks the two agree on generated texts).
import { Fragment } from 'react';
import type { ReactNode } from 'react';

/**
 * Anything that might be Markdown anywhere in a line: escapes, code, emphasis, strikethrough,
 * links and images, HTML and autolinks, character references, tables, GFM's bare URLs and emails;
 * tabs, carriage returns and control characters, which Markdown rewrites.
 */
const INLINE_SYNTAX = /[\\`*_~[\]<>&|]|(?!\n)\p{Cc}|www\.|:\/\/|@/iu;

/**
 * What starts a block at the beginning of a line (headings, quotes, lists, setext underlines and
 * thematic breaks, ordered lists), indentation of any kind (indented code, lazy lines), and
 * whitespace at a line's end (hard breaks, trimmed paragraph ends).
 */
const LINE_SYNTAX = /^[^\S\n]|[^\S\n]$|^(?:[#>+=*-]|\d{1,9}[.)])/m;

/** True when `source` renders as plain paragraphs: no Markdown syntax can be in it. */
export const isPlainText = (source: string): boolean => !INLINE_SYNTAX.test(source) && !LINE_SYNTAX.test(source);

/**
 * The renderer's markup for a plain text: paragraphs split at blank lines, each line break a <br>
 * (as remark-breaks makes them), every paragraph with dir="auto".
 */
export function PlainParagraphs({ source }: { source: string }) {
  const text = source.replace(/^\n+|\n+$/g, '');
  if (!text) return null;
  return text.split(/\n{2,}/).map((paragraph, index) => (
    <Fragment key={index}>
      {index > 0 && '\n'}
      <p dir="auto">
        {paragraph.split('\n').map((line, lineIndex): ReactNode =>
          lineIndex === 0 ? (
            line
          ) : (
            <Fragment key={lineIndex}>
              <br />
              {`\n${line}`}
            </Fragment>
          ),
        )}
      </p>
    </Fragment>
  ));
}
