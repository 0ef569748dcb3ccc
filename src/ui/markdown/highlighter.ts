import type { Root } from 'hast';
import type { LanguageFn } from 'highlight.js';
import { createLowlight } from 'lowlight';

interface GrammarModule {
  default: LanguageFn;
}

interface Grammar {
  /** Shown above the code block. */
  label: string;
  /** Each grammar is a chunk of its own, fetched the first time a code block uses it. */
  load: () => Promise<GrammarModule>;
}

const GRAMMARS = {
  typescript: {
    label: 'TypeScript',
    load: () => import(/* webpackChunkName: "hljs-typescript" */ 'highlight.js/lib/languages/typescript'),
  },
  javascript: {
    label: 'JavaScript',
    load: () => import(/* webpackChunkName: "hljs-javascript" */ 'highlight.js/lib/languages/javascript'),
  },
  python: {
    label: 'Python',
    load: () => import(/* webpackChunkName: "hljs-python" */ 'highlight.js/lib/languages/python'),
  },
  go: { label: 'Go', load: () => import(/* webpackChunkName: "hljs-go" */ 'highlight.js/lib/languages/go') },
  rust: { label: 'Rust', load: () => import(/* webpackChunkName: "hljs-rust" */ 'highlight.js/lib/languages/rust') },
  java: { label: 'Java', load: () => import(/* webpackChunkName: "hljs-java" */ 'highlight.js/lib/languages/java') },
  sql: { label: 'SQL', load: () => import(/* webpackChunkName: "hljs-sql" */ 'highlight.js/lib/languages/sql') },
  bash: { label: 'Shell', load: () => import(/* webpackChunkName: "hljs-bash" */ 'highlight.js/lib/languages/bash') },
  json: { label: 'JSON', load: () => import(/* webpackChunkName: "hljs-json" */ 'highlight.js/lib/languages/json') },
  yaml: { label: 'YAML', load: () => import(/* webpackChunkName: "hljs-yaml" */ 'highlight.js/lib/languages/yaml') },
  xml: { label: 'HTML', load: () => import(/* webpackChunkName: "hljs-xml" */ 'highlight.js/lib/languages/xml') },
  css: { label: 'CSS', load: () => import(/* webpackChunkName: "hljs-css" */ 'highlight.js/lib/languages/css') },
} satisfies Record<string, Grammar>;

export type GrammarName = keyof typeof GRAMMARS;

/** The language names a fence may carry (lower case), each to its grammar. */
const FENCE_LANGUAGES: ReadonlyMap<string, GrammarName> = new Map([
  ...(['ts', 'tsx', 'mts', 'cts', 'typescript'] as const).map((name) => [name, 'typescript'] as const),
  ...(['js', 'jsx', 'mjs', 'cjs', 'javascript', 'node'] as const).map((name) => [name, 'javascript'] as const),
  ...(['py', 'py3', 'python', 'python3'] as const).map((name) => [name, 'python'] as const),
  ...(['go', 'golang'] as const).map((name) => [name, 'go'] as const),
  ...(['rs', 'rust'] as const).map((name) => [name, 'rust'] as const),
  ['java', 'java'] as const,
  ...(['sql', 'mysql', 'postgres', 'postgresql', 'sqlite'] as const).map((name) => [name, 'sql'] as const),
  ...(['sh', 'bash', 'shell', 'zsh'] as const).map((name) => [name, 'bash'] as const),
  ...(['json', 'jsonc', 'json5'] as const).map((name) => [name, 'json'] as const),
  ...(['yaml', 'yml'] as const).map((name) => [name, 'yaml'] as const),
  ...(['html', 'htm', 'xhtml', 'xml', 'svg'] as const).map((name) => [name, 'xml'] as const),
  ['css', 'css'] as const,
]);

const lowlight = createLowlight();
const loading = new Map<GrammarName, Promise<void>>();

/** The grammar for a fence's language (`ts`, `Python`, ...), or null when there is none: plain code. */
export function grammarFor(language: string | null | undefined): GrammarName | null {
  if (!language) return null;
  return FENCE_LANGUAGES.get(language.toLowerCase()) ?? null;
}

export const grammarLabel = (grammar: GrammarName): string => GRAMMARS[grammar].label;

export const isGrammarLoaded = (grammar: GrammarName): boolean => lowlight.registered(grammar);

/** Fetches and registers a grammar once; a failed fetch is tried again by the next caller. */
export function loadGrammar(grammar: GrammarName): Promise<void> {
  let pending = loading.get(grammar);
  if (!pending) {
    pending = GRAMMARS[grammar].load().then((module) => lowlight.register(grammar, module.default));
    pending.catch(() => loading.delete(grammar));
    loading.set(grammar, pending);
  }
  return pending;
}

/** Highlighted tokens as a tree of `span.hljs-*` elements; the grammar must be loaded. */
export const highlightCode = (grammar: GrammarName, code: string): Root => lowlight.highlight(grammar, code);
