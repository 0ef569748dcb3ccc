import type { FormEvent } from 'react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Tribe, TribeMember, TribePost } from '../../domain/tribeTypes';
import { POST_BODY_MAX } from '../../domain/tribeTypes';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { SectionBoundary } from '../../ui/SectionBoundary';
import { Spinner } from '../../ui/Spinner';
import { SkillChips } from '../people/components';
import {
  memberRemovalRequested,
  postRemovalRequested,
  safetyKey,
  selectBlockedIds,
  selectIsModerator,
  selectLastSafetyOutcome,
  selectMutedIds,
  selectSafetyInFlight,
} from '../safety';
import { ReportButton } from '../safety/components';
import { selectOwnProfile, selectSessionUser } from '../session';
import { TribeFeed } from './TribeFeed';
import { plural } from './tribeFormat';
import {
  approveRequested,
  declineRequested,
  deletePostRequested,
  draftChanged,
  joinRequested,
  leaveRequested,
  morePostsRequested,
  operationKey,
  postRequested,
  selectActiveMembers,
  selectComposer,
  selectFeedPosts,
  selectJoinRequests,
  selectLastTribeOutcome,
  selectTribeDetails,
  selectTribesInFlight,
  tribeClosed,
  tribeOpened,
} from './tribesSlice';

const EMPTY_SKILLS: readonly string[] = [];

function MembershipActions({ tribe, membership }: { tribe: Tribe; membership: TribeMember | null }) {
  const dispatch = useAppDispatch();
  const inFlight = useAppSelector(selectTribesInFlight);
  const joining = inFlight[operationKey('join', tribe.id)] !== undefined;
  const leaving = inFlight[operationKey('leave', tribe.id)] !== undefined;
  // Join and Leave go busy, then give way to each other: focus waits on the group meanwhile.
  const groupRef = useRef<HTMLDivElement>(null);
  const join = () => {
    groupRef.current?.focus();
    dispatch(joinRequested({ tribeId: tribe.id }));
  };
  const leave = () => {
    groupRef.current?.focus();
    dispatch(leaveRequested({ tribeId: tribe.id }));
  };
  const groupProps = { ref: groupRef, className: 'tribe__actions', role: 'group', 'aria-label': 'Your membership', tabIndex: -1 };

  if (membership?.status === 'active') {
    return (
      <div {...groupProps}>
        {membership.role === 'owner' && <span className="tribe__badge">You own this tribe</span>}
        <button type="button" className="button button--secondary" onClick={leave} disabled={leaving} aria-busy={leaving || undefined}>
          Leave tribe
        </button>
      </div>
    );
  }
  if (membership?.status === 'pending') {
    return (
      <div {...groupProps}>
        <span className="tribe__badge" role="status">
          Request pending
        </span>
        <button type="button" className="button button--ghost" onClick={leave} disabled={leaving} aria-busy={leaving || undefined}>
          Withdraw request
        </button>
      </div>
    );
  }
  return (
    <div {...groupProps}>
      <button type="button" className="button button--primary" onClick={join} disabled={joining} aria-busy={joining || undefined}>
        {tribe.joinPolicy === 'open' ? 'Join tribe' : 'Request to join'}
      </button>
    </div>
  );
}

function JoinRequests({ tribeId }: { tribeId: string }) {
  const dispatch = useAppDispatch();
  const requests = useAppSelector(selectJoinRequests);
  const inFlight = useAppSelector(selectTribesInFlight);
  // An answered request leaves the list: focus waits on the section rather than falling to <body>.
  const sectionRef = useRef<HTMLElement>(null);
  const answer = (action: Parameters<typeof dispatch>[0]) => {
    sectionRef.current?.focus();
    dispatch(action);
  };
  return (
    <section ref={sectionRef} className="card tribe__section" aria-labelledby="tribe-requests" tabIndex={-1}>
      <h2 id="tribe-requests">Join requests</h2>
      {requests.length === 0 ? (
        <p className="muted">No one is waiting. Requests to join show up here.</p>
      ) : (
        <ul className="tribe__people">
          {requests.map((request) => {
            const busy = inFlight[operationKey('approve', request.uid)] ?? inFlight[operationKey('decline', request.uid)];
            return (
              <li key={request.uid} className="tribe__person">
                <Avatar name={request.displayName} photoURL={request.photoURL} size={32} />
                <Link to={`/profile/${encodeURIComponent(request.uid)}`}>{request.displayName}</Link>
                <span className="tribe__person-actions">
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy !== undefined}
                    aria-label={`Approve ${request.displayName}`}
                    onClick={() => answer(approveRequested({ tribeId, uid: request.uid }))}
                  >
                    Approve
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busy !== undefined}
                    aria-label={`Decline ${request.displayName}`}
                    onClick={() => answer(declineRequested({ tribeId, uid: request.uid }))}
                  >
                    Decline
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function MembersList({ tribeId, isOwner }: { tribeId: string; isOwner: boolean }) {
  const dispatch = useAppDispatch();
  const members = useAppSelector(selectActiveMembers);
  const status = useAppSelector(selectTribeDetails).membersStatus;
  const inFlight = useAppSelector(selectSafetyInFlight);
  const [confirming, setConfirming] = useState<TribeMember | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section className="card tribe__section" aria-labelledby="tribe-members">
      <h2 id="tribe-members" ref={headingRef} tabIndex={-1}>
        Members
      </h2>
      {status === 'loading' && <Spinner label="Loading members..." />}
      {status === 'failed' && <Alert tone="error">We couldn't load the members.</Alert>}
      {status === 'ready' && members.length === 0 && <p className="muted">No members yet.</p>}
      {status === 'ready' && members.length > 0 && (
        <ul className="tribe__people" aria-label="Members">
          {members.map((member) => (
            <li key={member.uid} className="tribe__person">
              <Avatar name={member.displayName} photoURL={member.photoURL} size={32} />
              <Link to={`/profile/${encodeURIComponent(member.uid)}`}>{member.displayName}</Link>
              {member.role === 'owner' && <span className="tribe__badge">Owner</span>}
              {isOwner && member.role !== 'owner' && (
                <button
                  type="button"
                  className="button button--ghost tribe__remove"
                  aria-label={`Remove ${member.displayName} from the tribe`}
                  disabled={inFlight[safetyKey('removeMember', member.uid)] !== undefined}
                  onClick={() => setConfirming(member)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <Modal
          title={`Remove ${confirming.displayName}?`}
          onClose={() => setConfirming(null)}
          returnFocusRef={headingRef}
          actions={
            <>
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  dispatch(memberRemovalRequested({ tribeId, member: { id: confirming.uid, name: confirming.displayName } }));
                  setConfirming(null);
                }}
              >
                Remove member
              </button>
              <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
                Cancel
              </button>
            </>
          }
        >
          <p>They leave the tribe and its member count. Their posts stay; they can join again unless you block them.</p>
        </Modal>
      )}
    </section>
  );
}

function PostComposer({ tribeId }: { tribeId: string }) {
  const dispatch = useAppDispatch();
  // The draft lives in the store: a post finishing clears only its own text (typing since stays),
  // a refused one puts its text back, and several posts in a row each get their answer.
  const { draft, sending, error: refused } = useAppSelector((state) => selectComposer(state, tribeId));
  const [empty, setEmpty] = useState(false);
  const error = empty ? 'Write something before posting' : refused;
  const bodyId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The saga checks the body too (and answers with a message); this only keeps empty posts off the wire.
    if (draft.trim().length === 0) {
      setEmpty(true);
      return;
    }
    // Post may be disabled while posting, which would drop the focus on <body>: keep it in the text.
    event.currentTarget.querySelector('textarea')?.focus();
    // Posted while another is on its way: it is published after it, in order (the same text twice is a double click).
    dispatch(postRequested({ tribeId, body: draft }));
  };
  const length = draft.trim().length;
  const posting = sending.length > 0;

  return (
    <form className="card composer" onSubmit={submit} noValidate aria-label="New post">
      <div className={error ? 'field field--invalid' : 'field'}>
        <label htmlFor={bodyId}>Write a post</label>
        <textarea
          id={bodyId}
          rows={4}
          value={draft}
          onChange={(event) => {
            dispatch(draftChanged({ tribeId, draft: event.target.value }));
            setEmpty(false);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${bodyId}-count${error ? ` ${bodyId}-error` : ''}`}
        />
        <p id={`${bodyId}-count`} className={length > POST_BODY_MAX ? 'field__hint field__count--over' : 'field__hint'}>
          {length.toLocaleString('en-US')} / {POST_BODY_MAX.toLocaleString('en-US')} characters
        </p>
        {error && (
          <p id={`${bodyId}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="composer__actions">
        {posting && (
          <span className="muted" role="status">
            Publishing…
          </span>
        )}
        <button type="submit" className="button button--primary" aria-busy={posting || undefined}>
          Post
        </button>
      </div>
    </form>
  );
}

function PostsSection({ tribe, isMember, canModerate }: { tribe: Tribe; isMember: boolean; canModerate: boolean }) {
  const dispatch = useAppDispatch();
  const details = useAppSelector(selectTribeDetails);
  const posts = useAppSelector(selectFeedPosts);
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
        ...Object.keys(inFlight).filter((key) => key.startsWith('deletePost:')).map((key) => key.slice('deletePost:'.length)),
        ...Object.keys(safetyInFlight).filter((key) => key.startsWith('removePost:')).map((key) => key.slice('removePost:'.length)),
      ]),
    [inFlight, safetyInFlight],
  );
  const askToDelete = useCallback((post: TribePost) => setConfirming(post), []);
  const askToRemove = useCallback((post: TribePost) => setRemoving(post), []);

  return (
    <section className="tribe__posts" aria-labelledby="tribe-posts">
      <h2 id="tribe-posts" ref={headingRef} tabIndex={-1}>
        Posts
      </h2>
      {isMember ? (
        <PostComposer tribeId={tribe.id} />
      ) : (
        <p className="muted">Join this tribe to write posts.</p>
      )}
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
        />
      )}
      {details.feedStatus === 'ready' && details.feedError && posts.length > 0 && <Alert tone="error">{details.feedError}</Alert>}
      {details.hasMore && (
        <button
          type="button"
          className="button button--secondary feed__more"
          disabled={details.loadingMore}
          aria-busy={details.loadingMore || undefined}
          onClick={() => dispatch(morePostsRequested({ tribeId: tribe.id }))}
        >
          {details.loadingMore ? 'Loading…' : 'Load more'}
        </button>
      )}
      {confirming && (
        <Modal
          title="Delete this post?"
          onClose={() => setConfirming(null)}
          actions={
            <>
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  dispatch(deletePostRequested({ tribeId: tribe.id, postId: confirming.id }));
                  setConfirming(null);
                }}
              >
                Delete post
              </button>
              <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
                Cancel
              </button>
            </>
          }
        >
          <p>It disappears from the tribe and from your post count. This cannot be undone.</p>
        </Modal>
      )}
      {removing && (
        <Modal
          title={`Remove this post by ${removing.authorName}?`}
          onClose={() => setRemoving(null)}
          returnFocusRef={headingRef}
          actions={
            <>
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  dispatch(postRemovalRequested({ tribeId: tribe.id, postId: removing.id }));
                  setRemoving(null);
                }}
              >
                Remove post
              </button>
              <button type="button" className="button button--ghost" onClick={() => setRemoving(null)}>
                Cancel
              </button>
            </>
          }
        >
          <p>It disappears from the tribe for everyone. This cannot be undone.</p>
        </Modal>
      )}
    </section>
  );
}

function SafetyOutcomeNotice() {
  const outcome = useAppSelector(selectLastSafetyOutcome);
  if (!outcome || (outcome.operation !== 'removePost' && outcome.operation !== 'removeMember')) return null;
  return <Alert tone={outcome.success ? 'success' : 'error'}>{outcome.message}</Alert>;
}

function OutcomeNotice({ tribeId }: { tribeId: string }) {
  const outcome = useAppSelector(selectLastTribeOutcome);
  // The composer shows its own failures beside the text it concerns.
  if (!outcome || outcome.tribeId !== tribeId || (outcome.operation === 'post' && !outcome.success)) return null;
  return <Alert tone={outcome.success ? 'success' : 'error'}>{outcome.message}</Alert>;
}

export default function TribeDetailsPage() {
  const dispatch = useAppDispatch();
  const { tribeId = '' } = useParams<{ tribeId: string }>();
  const details = useAppSelector(selectTribeDetails);
  const mySkills = useAppSelector(selectOwnProfile)?.skills ?? EMPTY_SKILLS;
  const viewerUid = useAppSelector(selectSessionUser)?.uid ?? null;
  const isModerator = useAppSelector(selectIsModerator);

  useEffect(() => {
    dispatch(tribeOpened({ tribeId }));
    return () => {
      dispatch(tribeClosed({ tribeId }));
    };
  }, [dispatch, tribeId]);

  const current = details.tribeId === tribeId ? details : null;
  if (!current || current.status === 'loading' || current.status === 'idle') return <Spinner label="Loading tribe..." />;

  if (current.status === 'notFound') {
    return (
      <section className="page-header empty-state" aria-labelledby="tribe-missing">
        <h1 id="tribe-missing">This tribe does not exist</h1>
        <p>It may have been removed, or the link is mistyped.</p>
        <Link to="/tribes" className="button button--primary">
          Explore tribes
        </Link>
      </section>
    );
  }

  if (current.status === 'failed' || !current.tribe) {
    return (
      <section className="page-header" aria-labelledby="tribe-error">
        <h1 id="tribe-error">This tribe could not be loaded</h1>
        <Alert tone="error">{current.error ?? 'Something went wrong while loading the tribe.'}</Alert>
        <button type="button" className="button button--secondary" onClick={() => dispatch(tribeOpened({ tribeId }))}>
          Try again
        </button>
      </section>
    );
  }

  const { tribe, membership } = current;
  const isMember = membership?.status === 'active';
  const isOwner = tribe.ownerId === viewerUid;

  return (
    <article className="tribe" aria-labelledby="tribe-name">
      <header className="card tribe__header">
        <div className="tribe__identity">
          <h1 id="tribe-name">{tribe.name}</h1>
          {tribe.tagline && <p className="tribe__tagline">{tribe.tagline}</p>}
          <SkillChips skills={tribe.topics} sharedSkills={mySkills} label={`Topics of ${tribe.name}`} />
          <ul className="tribe__stats" aria-label="Tribe activity">
            <li>{plural(tribe.memberCount, 'member', 'members')}</li>
            <li>{plural(tribe.postCount, 'post', 'posts')}</li>
            <li>{tribe.joinPolicy === 'open' ? 'Open to all' : 'Join by request'}</li>
          </ul>
        </div>
        <div className="tribe__header-actions">
          <MembershipActions tribe={tribe} membership={membership} />
          {!isOwner && (
            <ReportButton target={{ kind: 'tribe', id: tribe.id, label: tribe.name }} label={`Report the tribe ${tribe.name}`} />
          )}
        </div>
      </header>

      <OutcomeNotice tribeId={tribe.id} />
      <SafetyOutcomeNotice />

      {tribe.description && (
        <section className="card tribe__section" aria-labelledby="tribe-about">
          <h2 id="tribe-about">About</h2>
          <p className="tribe__description">{tribe.description}</p>
        </section>
      )}

      <div className="tribe__layout">
        <SectionBoundary section="tribe posts" message="The posts could not be shown.">
          <PostsSection tribe={tribe} isMember={isMember} canModerate={isOwner || isModerator} />
        </SectionBoundary>
        <aside className="tribe__aside" aria-label="People">
          {isOwner && (
            <SectionBoundary section="tribe join requests" message="This section could not be shown.">
              <JoinRequests tribeId={tribe.id} />
            </SectionBoundary>
          )}
          <SectionBoundary section="tribe members" message="This section could not be shown.">
            <MembersList tribeId={tribe.id} isOwner={isOwner} />
          </SectionBoundary>
        </aside>
      </div>
    </article>
  );
}
