import type { ReactNode } from 'react';
import { memo, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';

import type { TribePost } from '../../domain/tribeTypes';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Markdown } from '../../ui/markdown';
import { SectionBoundary } from '../../ui/SectionBoundary';
import { ReportButton } from '../safety/components';
import { formatPostTime } from './tribeFormat';

interface PostItemProps {
  post: TribePost;
  isOwn: boolean;
  deleting: boolean;
  onDelete: (post: TribePost) => void;
  /** The tribe's owner (or a moderator) may remove someone else's post. */
  canRemove: boolean;
  onRemove?: (post: TribePost) => void;
  /** Written by someone the viewer blocked: collapsed to one line until revealed. */
  fromBlocked: boolean;
  /** What goes under the post's text: its reactions and comments. */
  renderConversation?: (post: TribePost) => ReactNode;
}

const EMPTY_IDS: ReadonlySet<string> = new Set();

// Memoized: a new live snapshot re-renders only the posts that changed, not the whole feed.
const PostItem = memo(function PostItem({
  post,
  isOwn,
  deleting,
  onDelete,
  canRemove,
  onRemove,
  fromBlocked,
  renderConversation,
}: PostItemProps) {
  const authorId = useId();
  const timeId = useId();
  const [revealed, setRevealed] = useState(false);
  if (fromBlocked && !revealed) {
    return (
      <article className="card post post--collapsed" aria-label="Post from a person you blocked">
        <p className="muted post__collapsed">
          Post from a person you blocked{' '}
          <Button variant="ghost" onClick={() => setRevealed(true)}>
            Show post
          </Button>
        </p>
      </article>
    );
  }
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
          <Button
            variant="ghost"
            className="post__delete"
            busy={deleting}
            aria-describedby={`${authorId} ${timeId}`}
            onClick={() => onDelete(post)}
          >
            Delete
          </Button>
        )}
        {!isOwn && canRemove && onRemove && (
          <Button
            variant="ghost"
            className="post__remove"
            busy={deleting}
            aria-describedby={`${authorId} ${timeId}`}
            onClick={() => onRemove(post)}
          >
            Remove
          </Button>
        )}
        {!isOwn && (
          <ReportButton
            className="post__report"
            target={{ kind: 'post', id: post.id, label: post.body.slice(0, 120) }}
            label={`Report post by ${post.authorName}`}
          />
        )}
      </header>
      <Markdown source={post.body} className="post__body" />
      {renderConversation?.(post)}
    </article>
  );
});

interface TribeFeedProps {
  posts: readonly TribePost[];
  viewerUid: string | null;
  /** Post ids being deleted or removed right now. */
  deletingIds?: ReadonlySet<string>;
  onDelete: (post: TribePost) => void;
  /** The viewer owns the tribe (or moderates): Remove on every post of others. */
  canRemoveOthers?: boolean;
  onRemove?: (post: TribePost) => void;
  /** Authors the viewer blocked (collapsed) and muted (left out). */
  blockedAuthorIds?: ReadonlySet<string>;
  mutedAuthorIds?: ReadonlySet<string>;
  /** Under each post: its reactions and comments (keep it stable: a new function renders every post again). */
  renderConversation?: (post: TribePost) => ReactNode;
}

/** A tribe's posts, newest first, as given, less those of muted authors. */
export function TribeFeed({
  posts,
  viewerUid,
  deletingIds,
  onDelete,
  canRemoveOthers = false,
  onRemove,
  blockedAuthorIds = EMPTY_IDS,
  mutedAuthorIds = EMPTY_IDS,
  renderConversation,
}: TribeFeedProps) {
  const shown = useMemo(
    () => (mutedAuthorIds.size === 0 ? posts : posts.filter((post) => !mutedAuthorIds.has(post.authorId))),
    [posts, mutedAuthorIds],
  );
  return (
    <ol className="feed" aria-label="Posts">
      {shown.map((post) => (
        <li key={post.id}>
          <SectionBoundary section="tribe post" message="This post could not be shown." resetKeys={[post]}>
            <PostItem
              post={post}
              isOwn={post.authorId === viewerUid}
              deleting={deletingIds?.has(post.id) ?? false}
              onDelete={onDelete}
              canRemove={canRemoveOthers}
              onRemove={onRemove}
              fromBlocked={blockedAuthorIds.has(post.authorId)}
              renderConversation={renderConversation}
            />
          </SectionBoundary>
        </li>
      ))}
    </ol>
  );
}
