import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { useEffect, useMemo, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

import { reportError } from '../../platform/errorReporting';
import { CopyCodeButton } from './CopyCodeButton';
import type { GrammarName } from './highlighter';
import { grammarFor, grammarLabel, highlightCode, isGrammarLoaded, loadGrammar } from './highlighter';

interface CodeBlockProps {
  /** The block's text, without the fence's final line break. */
  code: string;
  /** The fence's language as written (`ts`, `python`), or null. */
  language: string | null;
}

/** Tokens as React elements (spans with hljs classes): no HTML string is ever injected. */
const renderTokens = (grammar: GrammarName, code: string) =>
  toJsxRuntime(highlightCode(grammar, code), { Fragment, jsx, jsxs });

/**
 * A fenced code block: `<pre><code>` with highlighted tokens once its language's grammar has
 * loaded (plain text until then, and for languages without a grammar), and Copy code.
 */
export function CodeBlock({ code, language }: CodeBlockProps) {
  const grammar = grammarFor(language);
  // Bumped when the grammar arrives; the highlighter itself is the source of truth.
  const [, setGrammarsLoaded] = useState(0);
  const ready = grammar !== null && isGrammarLoaded(grammar);

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

  const tokens = useMemo(
    () => (grammar !== null && ready ? renderTokens(grammar, code) : null),
    [grammar, ready, code],
  );
  const label = grammar !== null ? grammarLabel(grammar) : language;

  return (
    <div className="code-block">
      <div className="code-block__bar">
        <span className="code-block__language">{label ?? 'Code'}</span>
        <CopyCodeButton text={code} />
      </div>
      {/* Focusable: a long line scrolls sideways, and keyboard users must be able to scroll it. */}
      <pre className="code-block__pre" tabIndex={0}>
        <code className={language ? `hljs language-${language}` : 'hljs'}>{tokens ?? code}</code>
      </pre>
    </div>
  );
}
