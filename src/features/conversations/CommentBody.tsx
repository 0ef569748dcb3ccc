import { Markdown } from '../../ui/markdown';

interface CommentBodyProps {
  source: string;
}

/** A comment's text: its stored Markdown source, rendered as posts are (src/ui/markdown). */
export function CommentBody({ source }: CommentBodyProps) {
  return <Markdown source={source} className="comment__body" />;
}
