// The Markdown subset's unified plugins, and the parse that the highlighter's worker runs for long
// texts. Imported by the renderer (main thread) and by the worker, so both parse alike.
import type { Root as HastRoot } from 'hast';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

import { rehypeImagesAsLinks, remarkFootnotesAsText, remarkHtmlAsText } from './plugins';

// GitHub's tables, strikethrough, task lists and bare URLs; HTML and footnotes as text; then line
// breaks as typed (posts before Markdown relied on them), the text above included.
export const REMARK_PLUGINS = [remarkGfm, remarkHtmlAsText, remarkFootnotesAsText, remarkBreaks];
export const REHYPE_PLUGINS = [rehypeImagesAsLinks];

/**
 * The tree react-markdown builds from a source with these plugins, before its element filter, URL
 * check and components (react-markdown 10's `createProcessor`: remark-parse, the remark plugins,
 * remark-rehype keeping raw HTML as `raw` nodes, the rehype plugins). Plain data, so it can cross
 * from a worker. Markdown.test.tsx checks a tree made here renders as react-markdown renders the
 * source.
 */
export function parseMarkdown(source: string): HastRoot {
  const processor = unified()
    .use(remarkParse)
    .use(REMARK_PLUGINS)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(REHYPE_PLUGINS);
  return processor.runSync(processor.parse(source));
}
