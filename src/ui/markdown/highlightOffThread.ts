import type { ElementContent, Root as HastRoot } from 'hast';

import { splitLines } from './codeLines';
import type { GrammarName } from './highlighter';
import { highlightCode, loadGrammar } from './highlighter';
import { createHighlightWorker } from './highlightWorkerFactory';
import type { WorkerAnswer, WorkerRequest, WorkerTask } from './workerTasks';

/** Highlighted blocks kept for when they are shown again (a preview reopened, a feed re-rendered). */
const CACHE_SIZE = 50;
const cache = new Map<string, ElementContent[][]>();

interface Waiting {
  resolve: (answer: WorkerAnswer) => void;
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
  worker?.addEventListener('message', (event: MessageEvent<WorkerAnswer>) => {
    const entry = waiting.get(event.data.id);
    if (!entry) return;
    waiting.delete(event.data.id);
    if ('error' in event.data) entry.reject(new Error(event.data.error));
    else entry.resolve(event.data);
  });
  worker?.addEventListener('error', (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    failAll(new Error(`The highlighter's worker failed: ${event.message}`));
  });
  return worker;
}

/** Sends a request to the worker and answers what it sends back. */
function ask(thread: Worker, task: WorkerTask): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const id = (nextId += 1);
    waiting.set(id, { resolve, reject });
    thread.postMessage({ ...task, id } satisfies WorkerRequest);
  });
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
    ? await ask(thread, { kind: 'highlight', grammar, code }).then((answer) => {
        if (!('lines' in answer)) throw new Error('The worker did not answer with lines');
        return answer.lines;
      })
    : await loadGrammar(grammar).then(() => splitLines(highlightCode(grammar, code)));
  cache.set(key, lines);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return lines;
}

/**
 * Parses a long text in the worker (pipeline.ts's parseMarkdown) and answers its tree, before the
 * renderer's element filter and URL check, which the main thread runs on it. Null where no worker
 * can run: the caller parses on the main thread then.
 */
export async function parseOffThread(source: string): Promise<HastRoot | null> {
  const thread = highlighterWorker();
  if (!thread) return null;
  const answer = await ask(thread, { kind: 'parse', source });
  if (!('tree' in answer)) throw new Error('The worker did not answer with a tree');
  return answer.tree;
}
