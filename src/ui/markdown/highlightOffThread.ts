import type { ElementContent } from 'hast';

import { splitLines } from './codeLines';
import type { HighlightAnswer } from './highlight.worker';
import type { GrammarName } from './highlighter';
import { highlightCode, loadGrammar } from './highlighter';
import { createHighlightWorker } from './highlightWorkerFactory';

/** Highlighted blocks kept for when they are shown again (a preview reopened, a feed re-rendered). */
const CACHE_SIZE = 50;
const cache = new Map<string, ElementContent[][]>();

interface Waiting {
  resolve: (lines: ElementContent[][]) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

function failAll(error: Error) {
  for (const entry of waiting.values()) entry.reject(error);
  waiting.clear();
}

/** The worker, started on first use; null when there is none or it broke (the main thread then does the work). */
function highlighterWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = createHighlightWorker();
  worker?.addEventListener('message', (event: MessageEvent<HighlightAnswer>) => {
    const entry = waiting.get(event.data.id);
    if (!entry) return;
    waiting.delete(event.data.id);
    if ('lines' in event.data) entry.resolve(event.data.lines);
    else entry.reject(new Error(event.data.error));
  });
  worker?.addEventListener('error', (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    failAll(new Error(`The highlighter's worker failed: ${event.message}`));
  });
  return worker;
}

const cacheKey = (grammar: GrammarName, code: string) => `${grammar}\n${code}`;

/** A block's highlighted lines if they were made before, else undefined. */
export function cachedLines(grammar: GrammarName, code: string): ElementContent[][] | undefined {
  return cache.get(cacheKey(grammar, code));
}

/**
 * Highlights a long block in the highlighter's worker (the main thread only receives its lines),
 * or on the main thread where no worker can run.
 */
export async function highlightOffThread(grammar: GrammarName, code: string): Promise<ElementContent[][]> {
  const key = cacheKey(grammar, code);
  const cached = cache.get(key);
  if (cached) return cached;
  const thread = highlighterWorker();
  const lines = thread
    ? await new Promise<ElementContent[][]>((resolve, reject) => {
        const id = (nextId += 1);
        waiting.set(id, { resolve, reject });
        thread.postMessage({ id, grammar, code });
      })
    : await loadGrammar(grammar).then(() => splitLines(highlightCode(grammar, code)));
  cache.set(key, lines);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return lines;
}
