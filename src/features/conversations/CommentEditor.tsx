import { forwardRef } from 'react';

import type { MarkdownEditorProps } from '../../ui/markdown';
import { MarkdownEditor } from '../../ui/markdown';

type CommentEditorProps = Omit<MarkdownEditorProps, 'name' | 'className'>;

/** Where a comment is written: its Markdown source, with Write and Preview. The ref is the textarea's. */
export const CommentEditor = forwardRef<HTMLTextAreaElement, CommentEditorProps>(function CommentEditor(
  { rows = 3, ...props },
  ref,
) {
  return <MarkdownEditor ref={ref} rows={rows} className="comment-editor" {...props} />;
});
