// What the highlighter's worker does, apart from the worker's wiring (highlight.worker.ts), so that
// jest can run it: highlight a long code block, or parse a long text. Each answer is plain data.
import type { ElementContent, Root as HastRoot } from 'hast';

import { splitLines } from './codeLines';
import type { GrammarName } from './highlighter';
import { highlightCode, loadGrammar } from './highlighter';
import { parseMarkdown } from './pipeline';

export type WorkerTask = { kind: 'highlight'; grammar: GrammarName; code: string } | { kind: 'parse'; source: string };

export type WorkerRequest = WorkerTask & { id: number };

export type WorkerAnswer =
  { id: number; lines: ElementContent[][] } | { id: number; tree: HastRoot } | { id: number; error: string };

/** Answers one request; a failure (a grammar that cannot load) is an answer too. */
export async function answerRequest(request: WorkerRequest): Promise<WorkerAnswer> {
  const { id } = request;
  try {
    if (request.kind === 'parse') return { id, tree: parseMarkdown(request.source) };
    await loadGrammar(request.grammar);
    return { id, lines: splitLines(highlightCode(request.grammar, request.code)) };
  } catch (error) {
    return { id, error: String(error) };
  }
}
