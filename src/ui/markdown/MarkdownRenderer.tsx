// The lazily loaded half of <Markdown>: react-markdown with the DevTribe subset. Not imported
// anywhere but through Markdown.tsx's React.lazy, so none of it reaches a first visit.
import './markdown.css';

import type { Element, ElementContent } from 'hast';
import { memo } from 'react';
import type { ComponentProps } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import ReactMarkdown from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';

import { CodeBlock } from './CodeBlock';
import { rehypeImagesAsLinks, remarkFootnotesAsText, remarkHtmlAsText } from './plugins';
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

// GitHub's tables, strikethrough, task lists and bare URLs; HTML and footnotes as text; then line
// breaks as typed (posts before Markdown relied on them), the text above included.
const REMARK_PLUGINS = [remarkGfm, remarkHtmlAsText, remarkFootnotesAsText, remarkBreaks];
const REHYPE_PLUGINS = [rehypeImagesAsLinks];

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

/** Renders a post's or comment's Markdown source; the same source renders once. */
const MarkdownRenderer = memo(function MarkdownRenderer({ source }: { source: string }) {
  return (
    <ReactMarkdown
      remarkPlugins={REMARK_PLUGINS}
      rehypePlugins={REHYPE_PLUGINS}
      components={COMPONENTS}
      allowedElements={ALLOWED_ELEMENTS}
      unwrapDisallowed
      urlTransform={urlTransform}
    >
      {source}
    </ReactMarkdown>
  );
});

export default MarkdownRenderer;
