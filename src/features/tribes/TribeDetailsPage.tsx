import { useEffect } from 'react';
import { useParams } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { StoreSectionBoundary } from '../../app/StoreSectionBoundary';
import { AboutSection } from '../../ui/AboutSection';
import { Alert } from '../../ui/Alert';
import { DetailsFrame } from '../../ui/DetailsFrame';
import { selectIsModerator, selectLastSafetyOutcome } from '../safety';
import { selectSessionUser } from '../session';
import { TribeHeader } from './TribeHeader';
import { TribeJoinRequests } from './TribeJoinRequests';
import { TribeMembers } from './TribeMembers';
import { TribePostsSection } from './TribePostsSection';
import { selectLastTribeOutcome, selectTribeDetails, tribeClosed, tribeOpened } from './tribesSlice';

/** The store's slices the tribe's sections show: a section that failed tries again when they change. */
const SECTION_SLICES = ['tribes', 'session', 'safety'] as const;

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
  const viewerUid = useAppSelector(selectSessionUser)?.uid ?? null;
  const isModerator = useAppSelector(selectIsModerator);

  useEffect(() => {
    dispatch(tribeOpened({ tribeId }));
    return () => {
      dispatch(tribeClosed({ tribeId }));
    };
  }, [dispatch, tribeId]);

  const current = details.tribeId === tribeId ? details : null;
  const tribe = current?.status === 'ready' ? current.tribe : null;
  if (!tribe) {
    return (
      <DetailsFrame
        status={current?.status ?? 'loading'}
        noun="tribe"
        missingReason="It may have been removed, or the link is mistyped."
        back={{ to: '/tribes', label: 'Explore tribes' }}
        error={current?.error ?? 'Something went wrong while loading the tribe.'}
        onRetry={() => dispatch(tribeOpened({ tribeId }))}
      />
    );
  }

  const membership = current?.membership ?? null;
  const isMember = membership?.status === 'active';
  const isOwner = tribe.ownerId === viewerUid;

  return (
    <article className="tribe" aria-labelledby="tribe-name">
      <TribeHeader
        tribe={tribe}
        membership={membership}
        membershipKnown={current?.membershipStatus !== 'loading'}
        isOwner={isOwner}
      />

      <OutcomeNotice tribeId={tribe.id} />
      <SafetyOutcomeNotice />

      {tribe.description && <AboutSection block="tribe" text={tribe.description} />}

      <div className="tribe__layout">
        <StoreSectionBoundary section="tribe posts" message="The posts could not be shown." slices={SECTION_SLICES}>
          <TribePostsSection tribe={tribe} isMember={isMember} canModerate={isOwner || isModerator} />
        </StoreSectionBoundary>
        <aside className="tribe__aside" aria-label="People">
          {isOwner && (
            <StoreSectionBoundary
              section="tribe join requests"
              message="This section could not be shown."
              slices={SECTION_SLICES}
            >
              <TribeJoinRequests tribeId={tribe.id} />
            </StoreSectionBoundary>
          )}
          <StoreSectionBoundary
            section="tribe members"
            message="This section could not be shown."
            slices={SECTION_SLICES}
          >
            <TribeMembers tribeId={tribe.id} isOwner={isOwner} />
          </StoreSectionBoundary>
        </aside>
      </div>
    </article>
  );
}
