import { memo, useId } from 'react';
import { Link } from 'react-router-dom';

import { Avatar } from '../../ui/Avatar';
import { SectionBoundary } from '../../ui/SectionBoundary';
import { formatPostTime } from './tribeFormat';
import type { TribePost } from './tribeTypes';

interface PostItemProps {
  post: TribePost;
  isOwn: boolean;
  deleting: boolean;
  onDelete: (post: TribePost) => void;
}

// Memoized: a new live snapshot re-renders only the posts that changed, not the whole feed.
const PostItem = memo(function PostItem({ post, isOwn, deleting, onDelete }: PostItemProps) {
  const authorId = useId();
  const timeId = useId();
  return (
    <article className="card post" aria-labelledby={authorId}>
      <header className="post__header">
        <Avatar name={post.authorName} photoURL={post.authorPhoto} size={36} />
        <div className="post__meta">
          <Link id={authorId} to={`/profile/${encodeURIComponent(post.authorId)}`} className="post__author">
            {post.authorName}
          </Link>
          <time id={timeId} className="muted post__time" dateTime={new Date(post.createdAt).toISOString()}>
            {formatPostTime(post.createdAt)}
          </time>
        </div>
        {isOwn && (
          <button
            type="button"
            className="button button--ghost post__delete"
            disabled={deleting}
            aria-busy={deleting || undefined}
            aria-describedby={`${authorId} ${timeId}`}
            onClick={() => onDelete(post)}
          >
            Delete
          </button>
        )}
      </header>
      <p className="post__body">{post.body}</p>
    </article>
  );
});

interface TribeFeedProps {
  posts: readonly TribePost[];
  viewerUid: string | null;
  /** Post ids being deleted right now. */
  deletingIds?: ReadonlySet<string>;
  onDelete: (post: TribePost) => void;
}

/** A tribe's posts, newest first, as given. */
export function TribeFeed({ posts, viewerUid, deletingIds, onDelete }: TribeFeedProps) {
  return (
    <ol className="feed" aria-label="Posts">
      {posts.map((post) => (
        <li key={post.id}>
          <SectionBoundary section="tribe post" message="This post could not be shown." resetKeys={[post]}>
            <PostItem post={post} isOwn={post.authorId === viewerUid} deleting={deletingIds?.has(post.id) ?? false} onDelete={onDelete} />
          </SectionBoundary>
        </li>
      ))}
    </ol>
  );
}
