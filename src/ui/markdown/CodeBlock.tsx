import type { ElementContent } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment as ReactFragment, memo, startTransition, useEffect, useMemo, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

import { reportError } from '../../platform/errorReporting';
import { splitLines } from './codeLines';
import { CopyCodeButton } from './CopyCodeButton';
import type { GrammarName } from './highlighter';
import { grammarFor, grammarLabel, highlightCode, isGrammarLoaded, loadGrammar } from './highlighter';
import { highlightOffThread } from './highlightOffThread';

/**
 * Blocks up to this long are highlighted on the main thread in the render that shows them (a few
 * milliseconds at most). A longer one shows as plain code first; the highlighter's worker
 * highlights it, and its lines come in groups (LineGroups): a 200-line block never holds the main
 * thread for long.
 */
export const SYNC_HIGHLIGHT_MAX_CHARS = 1500;

/** A long block's lines per group: each group is highlighted in a task of its own. */
export const LINES_PER_GROUP = 20;

interface CodeBlockProps {
  /** The block's text, without the fence's final line break. */
  code: string;
  /** The fence's language as written (`ts`, `python`), or null. */
  language: string | null;
}

const reportGrammarFailure = (error: unknown, grammar: GrammarName) =>
  // Offline or a new deploy: the code stays readable, unhighlighted.
  reportError(error, { description: 'Code could not be highlighted', level: 'warning', grammar });

/** One line's tokens as React elements (spans with hljs classes): no HTML string is ever injected. */
const CodeLine = memo(function CodeLine({ nodes }: { nodes: ElementContent[] }) {
  return toJsxRuntime({ type: 'root', children: nodes }, { Fragment, jsx, jsxs });
});

function HighlightedLines({ lines }: { lines: ElementContent[][] }) {
  return lines.map((nodes, index) => (
    <ReactFragment key={index}>
      {index > 0 && '\n'}
      <CodeLine nodes={nodes} />
    </ReactFragment>
  ));
}

/**
 * A long block's highlighted lines, let in one group of LINES_PER_GROUP lines per task: each group
 * is an inline-block of its own (one line box of the code), so the browser styles, lays out and
 * paints a group's few hundred tokens at a time instead of the whole block's in one long task. A
 * group not highlighted yet shows its plain text in the same place; the text (and what a selection
 * copies) is the block's, line for line.
 */
function LineGroups({ code, lines }: { code: string; lines: ElementContent[][] }) {
  const plain = useMemo(() => code.split('\n'), [code]);
  const groupCount = Math.ceil(lines.length / LINES_PER_GROUP);
  const [highlightedGroups, setHighlightedGroups] = useState(0);
  useEffect(() => {
    if (highlightedGroups >= groupCount) return undefined;
    // The next group after this commit has been painted, in a task of its own.
    const timer = setTimeout(() => setHighlightedGroups((count) => count + 1), 0);
    return () => clearTimeout(timer);
  }, [highlightedGroups, groupCount]);
  return Array.from({ length: groupCount }, (_, group) => {
    const from = group * LINES_PER_GROUP;
    const to = from + LINES_PER_GROUP;
    return (
      <ReactFragment key={group}>
        {group > 0 && '\n'}
        <span className="code-block__lines">
          {group < highlightedGroups ? (
            <HighlightedLines lines={lines.slice(from, to)} />
          ) : (
            plain.slice(from, to).join('\n')
          )}
        </span>
      </ReactFragment>
    );
  });
}

/** A short block's lines, highlighted here once its grammar has loaded on this thread; null until then. */
function useShortBlockLines(grammar: GrammarName | null, code: string): ElementContent[][] | null {
  // Bumped when the grammar arrives; the highlighter itself is the source of truth.
  const [, setGrammarsLoaded] = useState(0);
  const ready = grammar !== null && isGrammarLoaded(grammar);
  useEffect(() => {
    if (grammar === null || ready) return undefined;
    let mounted = true;
    loadGrammar(grammar).then(
      () => mounted && setGrammarsLoaded((count) => count + 1),
      (error: unknown) => reportGrammarFailure(error, grammar),
    );
    return () => {
      mounted = false;
    };
  }, [grammar, ready]);
  return useMemo(
    () => (grammar !== null && ready ? splitLines(highlightCode(grammar, code)) : null),
    [grammar, ready, code],
  );
}

/** A long block's lines from the highlighter's worker, let in by a transition; null until then. */
function useLongBlockLines(grammar: GrammarName | null, code: string): ElementContent[][] | null {
  const [highlighted, setHighlighted] = useState<{ code: string; lines: ElementContent[][] } | null>(null);
  useEffect(() => {
    if (grammar === null) return undefined;
    let mounted = true;
    highlightOffThread(grammar, code).then(
      (lines) => mounted && startTransition(() => setHighlighted({ code, lines })),
      (error: unknown) => reportGrammarFailure(error, grammar),
    );
    return () => {
      mounted = false;
    };
  }, [grammar, code]);
  return highlighted?.code === code ? highlighted.lines : null;
}

/**
 * A fenced code block: `<pre><code>` with highlighted tokens once its language's grammar has
 * loaded (plain text until then, and for languages without a grammar), and Copy code.
 */
export function CodeBlock({ code, language }: CodeBlockProps) {
  const grammar = grammarFor(language);
  const long = code.length > SYNC_HIGHLIGHT_MAX_CHARS;
  const shortLines = useShortBlockLines(long ? null : grammar, code);
  const longLines = useLongBlockLines(long ? grammar : null, code);
  const label = grammar !== null ? grammarLabel(grammar) : language;

  return (
    <div className="code-block">
      <div className="code-block__bar">
        <span className="code-block__language">{label ?? 'Code'}</span>
        <CopyCodeButton text={code} />
      </div>
      {/* Focusable: a long line scrolls sideways, and keyboard users must be able to scroll it. */}
      <pre className="code-block__pre" tabIndex={0}>
        <code className={language ? `hljs language-${language}` : 'hljs'}>
          {longLines ? (
            <LineGroups code={code} lines={longLines} />
          ) : shortLines ? (
            <HighlightedLines lines={shortLines} />
          ) : (
            code
          )}
        </code>
      </pre>
    </div>
  );
}
