import type { ElementContent } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment as ReactFragment, memo, startTransition, useEffect, useMemo, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

import { reportError } from '../../platform/errorReporting';
import { splitLines } from './codeLines';
import { CopyCodeButton } from './CopyCodeButton';
import type { GrammarName } from './highlighter';
import { grammarFor, grammarLabel, highlightCode, isGrammarLoaded, loadGrammar } from './highlighter';

/**
 * Blocks up to this long are highlighted in the render that shows them (a few milliseconds at
 * most); a longer one shows as plain code first and is highlighted in a transition, which React
 * renders line by line in short slices, so a 200-line block never holds the main thread for long.
 */
export const SYNC_HIGHLIGHT_MAX_CHARS = 1500;

interface CodeBlockProps {
  /** The block's text, without the fence's final line break. */
  code: string;
  /** The fence's language as written (`ts`, `python`), or null. */
  language: string | null;
}

/** One line's tokens as React elements (spans with hljs classes): no HTML string is ever injected. */
const CodeLine = memo(function CodeLine({ nodes }: { nodes: ElementContent[] }) {
  return toJsxRuntime({ type: 'root', children: nodes }, { Fragment, jsx, jsxs });
});

function HighlightedCode({ grammar, code }: { grammar: GrammarName; code: string }) {
  const lines = useMemo(() => splitLines(highlightCode(grammar, code)), [grammar, code]);
  return lines.map((nodes, index) => (
    <ReactFragment key={index}>
      {index > 0 && '\n'}
      <CodeLine nodes={nodes} />
    </ReactFragment>
  ));
}

/**
 * A fenced code block: `<pre><code>` with highlighted tokens once its language's grammar has
 * loaded (plain text until then, and for languages without a grammar), and Copy code.
 */
export function CodeBlock({ code, language }: CodeBlockProps) {
  const grammar = grammarFor(language);
  // Bumped when the grammar arrives; the highlighter itself is the source of truth.
  const [, setGrammarsLoaded] = useState(0);
  // The long code the transition has let through (short code needs no leave).
  const [deferredCode, setDeferredCode] = useState<string | null>(null);
  const ready = grammar !== null && isGrammarLoaded(grammar);
  const highlightNow = ready && (code.length <= SYNC_HIGHLIGHT_MAX_CHARS || deferredCode === code);

  useEffect(() => {
    if (grammar === null || ready) return undefined;
    let mounted = true;
    loadGrammar(grammar).then(
      () => mounted && setGrammarsLoaded((count) => count + 1),
      // Offline or a new deploy: the code stays readable, unhighlighted.
      (error: unknown) =>
        reportError(error, { description: 'A code grammar could not load', level: 'warning', grammar }),
    );
    return () => {
      mounted = false;
    };
  }, [grammar, ready]);

  useEffect(() => {
    if (ready && !highlightNow) startTransition(() => setDeferredCode(code));
  }, [ready, highlightNow, code]);

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
          {grammar !== null && highlightNow ? <HighlightedCode grammar={grammar} code={code} /> : code}
        </code>
      </pre>
    </div>
  );
}
