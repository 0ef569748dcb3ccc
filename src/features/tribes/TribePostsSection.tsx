import { useCallback, useMemo, useRef, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pendingSubjects } from '../../app/sagas';
import type { Tribe, TribePost } from '../../domain/tribeTypes';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { PostConversation } from '../conversations/components';
import { postRemovalRequested, selectBlockedIds, selectMutedIds, selectSafetyInFlight } from '../safety';
import { selectSessionUser } from '../session';
import { TribeFeed } from './TribeFeed';
import { TribePostComposer } from './TribePostComposer';
import { selectFeedHasMore, selectFeedPosts, selectLoadingMore } from './tribeSelectors';
import { deletePostRequested, morePostsRequested, selectTribeDetails, selectTribesInFlight } from './tribesSlice';

/** The feed with its composer; authors delete their posts, the owner and moderators remove others'. */
export function TribePostsSection({
  tribe,
  isMember,
  canModerate,
}: {
  tribe: Tribe;
  isMember: boolean;
  canModerate: boolean;
}) {
  const dispatch = useAppDispatch();
  const details = useAppSelector(selectTribeDetails);
  const posts = useAppSelector(selectFeedPosts);
  const hasMore = useAppSelector(selectFeedHasMore);
  const loadingMore = useAppSelector(selectLoadingMore);
  const inFlight = useAppSelector(selectTribesInFlight);
  const viewerUid = useAppSelector(selectSessionUser)?.uid ?? null;
  const safetyInFlight = useAppSelector(selectSafetyInFlight);
  const blockedIds = useAppSelector(selectBlockedIds);
  const mutedIds = useAppSelector(selectMutedIds);
  const [confirming, setConfirming] = useState<TribePost | null>(null);
  const [removing, setRemoving] = useState<TribePost | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deletingIds = useMemo(
    () =>
      new Set([
        ...pendingSubjects(inFlight, 'deletePost').map((post) => post.targetId),
        ...pendingSubjects(safetyInFlight, 'removePost').map((post) => post.targetId),
      ]),
    [inFlight, safetyInFlight],
  );
  const askToDelete = useCallback((post: TribePost) => setConfirming(post), []);
  const askToRemove = useCallback((post: TribePost) => setRemoving(post), []);
  // Stable while membership and moderation stay as they are: a new one would render every post again.
  const renderConversation = useCallback(
    (post: TribePost) => <PostConversation post={post} isMember={isMember} canModerate={canModerate} />,
    [isMember, canModerate],
  );

  return (
    <section className="tribe__posts" aria-labelledby="tribe-posts">
      <h2 id="tribe-posts" ref={headingRef} tabIndex={-1}>
        Posts
      </h2>
      {isMember ? <TribePostComposer tribeId={tribe.id} /> : <p className="muted">Join this tribe to write posts.</p>}
      {details.feedStatus === 'loading' && <Spinner label="Loading posts..." />}
      {details.feedStatus === 'failed' && <Alert tone="error">{details.feedError ?? "We couldn't load posts."}</Alert>}
      {details.feedStatus === 'ready' && posts.length === 0 && (
        <p className="empty-state muted">{isMember ? 'No posts yet. Start the conversation.' : 'No posts yet.'}</p>
      )}
      {posts.length > 0 && (
        <TribeFeed
          posts={posts}
          viewerUid={viewerUid}
          deletingIds={deletingIds}
          onDelete={askToDelete}
          canRemoveOthers={canModerate}
          onRemove={askToRemove}
          blockedAuthorIds={blockedIds}
          mutedAuthorIds={mutedIds}
          renderConversation={renderConversation}
        />
      )}
      {details.feedStatus === 'ready' && details.feedError && posts.length > 0 && (
        <Alert tone="error">{details.feedError}</Alert>
      )}
      {hasMore && (
        <Button
          variant="secondary"
          className="feed__more"
          busy={loadingMore}
          onClick={() => dispatch(morePostsRequested({ tribeId: tribe.id }))}
        >
          {loadingMore ? 'Loading…' : 'Load more'}
        </Button>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete this post?"
          confirmLabel="Delete post"
          onConfirm={() => dispatch(deletePostRequested({ tribeId: tribe.id, postId: confirming.id }))}
          onClose={() => setConfirming(null)}
        >
          It disappears from the tribe and from your post count. This cannot be undone.
        </ConfirmDialog>
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove this post by ${removing.authorName}?`}
          confirmLabel="Remove post"
          onConfirm={() => dispatch(postRemovalRequested({ tribeId: tribe.id, postId: removing.id }))}
          onClose={() => setRemoving(null)}
          returnFocusRef={headingRef}
        >
          It disappears from the tribe for everyone. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
