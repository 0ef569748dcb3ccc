// The highlighter's worker: long code blocks are highlighted here, off the main thread, and come
// back already cut into lines (plain data: hast nodes). Started by highlightOffThread.ts.
import type { ElementContent } from 'hast';

import { splitLines } from './codeLines';
import type { GrammarName } from './highlighter';
import { highlightCode, loadGrammar } from './highlighter';

export interface HighlightRequest {
  id: number;
  grammar: GrammarName;
  code: string;
}

export type HighlightAnswer = { id: number; lines: ElementContent[][] } | { id: number; error: string };

// The app's TypeScript setup knows the DOM's globals, not a worker's: this is the one call used.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HighlightRequest>) => void) | null;
  postMessage: (answer: HighlightAnswer) => void;
};

scope.onmessage = (event) => {
  const { id, grammar, code } = event.data;
  loadGrammar(grammar)
    .then(() => scope.postMessage({ id, lines: splitLines(highlightCode(grammar, code)) }))
    .catch((error: unknown) => scope.postMessage({ id, error: String(error) }));
};
