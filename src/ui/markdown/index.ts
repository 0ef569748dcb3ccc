// Markdown for posts and comments: <Markdown> renders a stored source (its renderer and the
// highlighter load lazily, in chunks of their own), <MarkdownEditor> writes one with a preview.
export { Markdown, preloadMarkdown } from './Markdown';
export type { MarkdownProps } from './Markdown';
export { MarkdownEditor } from './MarkdownEditor';
export type { MarkdownEditorProps } from './MarkdownEditor';
