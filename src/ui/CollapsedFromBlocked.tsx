import type { ReactNode } from 'react';

interface CollapsedFromBlockedProps {
  /** What is folded: its BEM block names the classes (`post--collapsed`, `post__collapsed`). */
  block: 'post' | 'comment';
  /** Classes the item has besides its block (`card`). */
  className?: string;
  onReveal: () => void;
  /** What stays under the line (a comment's replies). */
  children?: ReactNode;
}

/** A post or comment by someone the viewer blocked, folded to one line until they choose to see it. */
export function CollapsedFromBlocked({ block, className, onReveal, children }: CollapsedFromBlockedProps) {
  const what = block === 'post' ? 'Post' : 'Comment';
  return (
    <article
      className={[className, block, `${block}--collapsed`].filter(Boolean).join(' ')}
      aria-label={`${what} from a person you blocked`}
    >
      <p className={`muted ${block}__collapsed`}>
        {what} from a person you blocked{' '}
        <button type="button" className="button button--ghost" onClick={onReveal}>
          Show {block}
        </button>
      </p>
      {children}
    </article>
  );
}
