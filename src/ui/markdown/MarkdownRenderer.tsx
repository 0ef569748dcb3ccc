// The lazily loaded half of <Markdown>: react-markdown with the DevTribe subset. Not imported
// anywhere but through Markdown.tsx's React.lazy, so none of it reaches a first visit.
import './markdown.css';

import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { memo, startTransition, useEffect, useState } from 'react';
import type { ComponentProps, ReactElement } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import ReactMarkdown from 'react-markdown';

import { reportError } from '../../platform/errorReporting';
import { CodeBlock } from './CodeBlock';
import { parseOffThread } from './highlightOffThread';
import { REHYPE_PLUGINS, REMARK_PLUGINS } from './pipeline';
import { PlainSource } from './plainText';
import { safeLinkUrl } from './safeUrl';

/** Links open in a new tab and pass on no referrer, opener or ranking credit. */
export const LINK_REL = 'nofollow ugc noopener noreferrer';

/**
 * Every element a post may render (anything else is dropped, its text kept). Raw HTML never gets
 * here as HTML: remarkHtmlAsText made it text, and react-markdown runs without rehype-raw.
 */
const ALLOWED_ELEMENTS = [
  'p',
  'br',
  'em',
  'strong',
  'del',
  'a',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'input',
];

function textOf(nodes: readonly ElementContent[]): string {
  return nodes
    .map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : ''))
    .join('');
}

function languageOf(code: Element): string | null {
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  const language = list.map(String).find((name) => name.startsWith('language-'));
  return language ? language.slice('language-'.length) : null;
}

function MarkdownCodeBlock({ node, children }: ComponentProps<'pre'> & ExtraProps) {
  const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  if (!code) return <pre>{children}</pre>;
  // The fence's text ends with a line break that is not part of the code.
  return <CodeBlock code={textOf(code.children).replace(/\n$/, '')} language={languageOf(code)} />;
}

function MarkdownLink({ href, children, className }: ComponentProps<'a'> & ExtraProps) {
  // No href: the URL check refused it (javascript:, data:, a relative path...). Its text stays.
  if (!href) return <span className="markdown__unlinked">{children}</span>;
  return (
    <a href={href} className={className} target="_blank" rel={LINK_REL}>
      {children}
    </a>
  );
}

// Each paragraph, item and quote takes its direction from its own text (GitHub does the same), so
// an Arabic paragraph reads from the right in a post that starts in English.
function MarkdownParagraph({ children }: ComponentProps<'p'> & ExtraProps) {
  return <p dir="auto">{children}</p>;
}

function MarkdownListItem({ children, className }: ComponentProps<'li'> & ExtraProps) {
  return (
    <li dir="auto" className={className}>
      {children}
    </li>
  );
}

function MarkdownQuote({ children }: ComponentProps<'blockquote'> & ExtraProps) {
  return <blockquote dir="auto">{children}</blockquote>;
}

/** A heading in a post would sit in the page's outline among the page's own: it shows as a bold line. */
function MarkdownHeading({ children }: ComponentProps<'h1'> & ExtraProps) {
  return (
    <p className="markdown__heading" dir="auto">
      <strong>{children}</strong>
    </p>
  );
}

function MarkdownTable({ children }: ComponentProps<'table'> & ExtraProps) {
  return (
    // Focusable so a table wider than a phone can be scrolled from the keyboard.
    <div className="markdown__table" tabIndex={0}>
      <table>{children}</table>
    </div>
  );
}

/** A task list's box: shown, never editable, named for screen readers. */
function MarkdownTaskBox({ checked }: ComponentProps<'input'> & ExtraProps) {
  return <input type="checkbox" checked={Boolean(checked)} disabled readOnly aria-label={checked ? 'Done' : 'To do'} />;
}

const COMPONENTS: Components = {
  p: MarkdownParagraph,
  li: MarkdownListItem,
  blockquote: MarkdownQuote,
  a: MarkdownLink,
  pre: MarkdownCodeBlock,
  h1: MarkdownHeading,
  h2: MarkdownHeading,
  h3: MarkdownHeading,
  h4: MarkdownHeading,
  h5: MarkdownHeading,
  h6: MarkdownHeading,
  table: MarkdownTable,
  input: MarkdownTaskBox,
};

const urlTransform = (url: string) => safeLinkUrl(url);

/**
 * Texts this long or longer are parsed in the highlighter's worker (a transition on the main thread
 * where there is none), not in the render that brings them: a click on Preview or a feed's live
 * update shows their source as typed until the tree is back, then renders it in a transition.
 */
export const DEFERRED_PARSE_MIN_CHARS = 2000;

/** Rendered texts kept by source, so a text shown again (a preview reopened, a feed revisited) is not parsed again. */
const RENDERED_CACHE_SIZE = 100;
const rendered = new Map<string, ReactElement>();

const RENDER_OPTIONS = {
  components: COMPONENTS,
  allowedElements: ALLOWED_ELEMENTS,
  unwrapDisallowed: true,
  urlTransform,
};

/** A rehype plugin that puts a tree parsed elsewhere (pipeline.ts, in the worker) in place of the empty one. */
function rehypeParsedTree(tree: HastRoot) {
  return () => tree;
}

/**
 * The React elements for a source: react-markdown parses it here, or takes the tree the worker
 * parsed from it (pipeline.ts) in place of its own. Either way react-markdown's element filter,
 * URL check and components run here, on the main thread, over the tree.
 */
export function markdownElement(input: { source: string } | { tree: HastRoot }): ReactElement {
  return 'tree' in input
    ? ReactMarkdown({ ...RENDER_OPTIONS, rehypePlugins: [[rehypeParsedTree, input.tree]], children: '' })
    : ReactMarkdown({
        ...RENDER_OPTIONS,
        remarkPlugins: REMARK_PLUGINS,
        rehypePlugins: REHYPE_PLUGINS,
        children: input.source,
      });
}

/** A source's elements, from the cache or made now (from the worker's tree when there is one). */
function renderSource(source: string, parsed?: HastRoot): ReactElement {
  const cached = rendered.get(source);
  if (cached) return cached;
  const element = markdownElement(parsed ? { tree: parsed } : { source });
  rendered.set(source, element);
  if (rendered.size > RENDERED_CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
  return element;
}

function RenderedSource({ source, parsed }: { source: string; parsed?: HastRoot | undefined }) {
  return renderSource(source, parsed);
}

/** What came back for a long text: the worker's tree, or null to parse it here (no worker, or it failed). */
interface Parsed {
  source: string;
  tree: HastRoot | null;
}

/** Renders a post's or comment's Markdown source. */
const MarkdownRenderer = memo(function MarkdownRenderer({ source }: { source: string }) {
  const deferred = source.length >= DEFERRED_PARSE_MIN_CHARS && !rendered.has(source);
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const waiting = deferred && parsed?.source !== source;
  useEffect(() => {
    if (!waiting) return undefined;
    let mounted = true;
    const letThrough = (tree: HastRoot | null) => {
      if (mounted) startTransition(() => setParsed({ source, tree }));
    };
    parseOffThread(source).then(letThrough, (error: unknown) => {
      reportError(error, { description: 'Markdown could not be parsed off the main thread', level: 'warning' });
      letThrough(null);
    });
    return () => {
      mounted = false;
    };
  }, [waiting, source]);
  if (waiting) return <PlainSource source={source} />;
  return <RenderedSource source={source} parsed={parsed?.source === source ? (parsed.tree ?? undefined) : undefined} />;
});

export default MarkdownRenderer;
