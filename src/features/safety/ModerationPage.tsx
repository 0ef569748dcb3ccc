import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isPending } from '../../app/sagas';
import type { ModerationItem } from '../../domain/safetyTypes';
import { reasonLabel } from '../../domain/safetyTypes';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import {
  moderationQueueOpened,
  reportActionRequested,
  reportDismissRequested,
  safetyKey,
  selectIsModerator,
  selectLastSafetyOutcome,
  selectModerationQueue,
  selectSafetyInFlight,
} from './safetySlice';

const KIND_LABELS = {
  profile: 'Profile',
  post: 'Post',
  tribe: 'Tribe',
  project: 'Project',
  comment: 'Comment',
} as const;
const ACTION_LABELS = {
  post: 'Remove post',
  tribe: 'Hide tribe',
  project: 'Hide project',
  comment: 'Remove comment',
} as const;

/** What acting on a report does, said before it is done. */
const ACTION_EFFECTS = {
  post: 'The post is deleted from its tribe. This cannot be undone.',
  comment: "The comment is deleted from its post's conversation. This cannot be undone.",
  tribe: 'The tribe stays reachable by its link but leaves every listing.',
  project: 'The project stays reachable by its link but leaves every listing.',
} as const;

const formatTime = (ms: number) =>
  new Date(ms).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function QueueItem({
  item,
  onAct,
}: {
  item: ModerationItem;
  onAct: (item: ModerationItem, opener: HTMLButtonElement | null) => void;
}) {
  const dispatch = useAppDispatch();
  const inFlight = useAppSelector(selectSafetyInFlight);
  const actRef = useRef<HTMLButtonElement>(null);
  const { report, content } = item;
  // Dismissing and acting on one report share a key.
  const busy = isPending(inFlight, safetyKey('act', report.id));
  const headingId = `report-${report.id}`;
  const kind = report.target.kind;
  return (
    <li>
      <article className="card moderation__item" aria-labelledby={headingId}>
        <h2 id={headingId} className="moderation__title">
          {KIND_LABELS[kind]}: {content?.title ?? report.target.label}
        </h2>
        <p className="moderation__meta muted">
          Reported for <strong>{reasonLabel(report.reason)}</strong> on{' '}
          <time dateTime={new Date(report.createdAt).toISOString()}>{formatTime(report.createdAt)}</time>
        </p>
        {report.details && (
          <p className="moderation__details">
            “<bdi>{report.details}</bdi>”
          </p>
        )}
        {content ? (
          <blockquote className="moderation__content">
            {content.body ? <p dir="auto">{content.body}</p> : <p className="muted">No text.</p>}
            <Link to={content.path}>Open in DevTribe</Link>
            {content.hidden && <p className="muted">Already hidden from listings.</p>}
          </blockquote>
        ) : (
          <p className="muted">The reported {kind} no longer exists.</p>
        )}
        <div className="moderation__actions">
          <Button
            variant="secondary"
            busy={busy}
            aria-describedby={headingId}
            onClick={() => dispatch(reportDismissRequested({ reportId: report.id }))}
          >
            Dismiss
          </Button>
          {kind !== 'profile' && (
            <button
              ref={actRef}
              type="button"
              className="button button--danger"
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => onAct(item, actRef.current)}
            >
              {content ? ACTION_LABELS[kind] : 'Resolve'}
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

/** /moderation: open reports, newest first, with the reported content; moderators only. */
export default function ModerationPage() {
  const dispatch = useAppDispatch();
  const isModerator = useAppSelector(selectIsModerator);
  const queue = useAppSelector(selectModerationQueue);
  const outcome = useAppSelector(selectLastSafetyOutcome);
  const [confirming, setConfirming] = useState<ModerationItem | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (isModerator) dispatch(moderationQueueOpened());
  }, [dispatch, isModerator]);

  if (!isModerator) {
    return (
      <section className="page-header" aria-labelledby="moderation-title">
        <h1 id="moderation-title">Moderation queue</h1>
        <p>Only moderators can see the moderation queue. To report something, use Report beside it.</p>
      </section>
    );
  }

  const shownOutcome = outcome && (outcome.operation === 'dismiss' || outcome.operation === 'act') ? outcome : null;
  return (
    <div className="moderation">
      <header className="page-header">
        <h1 id="moderation-title" ref={headingRef} tabIndex={-1}>
          Moderation queue
        </h1>
        <p>
          Open reports, newest first. Dismiss a report, or act on it: remove the post or comment, or hide the tribe or
          project from listings.
        </p>
      </header>
      {shownOutcome && <Alert tone={shownOutcome.success ? 'success' : 'error'}>{shownOutcome.message}</Alert>}
      {queue.status === 'loading' && <Spinner label="Loading reports..." />}
      {queue.status === 'failed' && (
        <Alert tone="error">
          We couldn't load the reports: {queue.error}{' '}
          <button type="button" className="button button--secondary" onClick={() => dispatch(moderationQueueOpened())}>
            Try again
          </button>
        </Alert>
      )}
      {queue.status === 'ready' && queue.items.length === 0 && (
        <p className="empty-state muted">No open reports. All clear.</p>
      )}
      {queue.items.length > 0 && (
        <ol className="moderation__queue" aria-label="Open reports">
          {queue.items.map((item) => (
            <QueueItem key={item.report.id} item={item} onAct={(chosen) => setConfirming(chosen)} />
          ))}
        </ol>
      )}
      {confirming && (
        <ConfirmDialog
          title={
            confirming.content
              ? `${ACTION_LABELS[confirming.report.target.kind as keyof typeof ACTION_LABELS]}?`
              : 'Resolve this report?'
          }
          confirmLabel={
            confirming.content ? ACTION_LABELS[confirming.report.target.kind as keyof typeof ACTION_LABELS] : 'Resolve'
          }
          onConfirm={() => dispatch(reportActionRequested({ reportId: confirming.report.id }))}
          onClose={() => setConfirming(null)}
          returnFocusRef={headingRef}
        >
          {ACTION_EFFECTS[confirming.report.target.kind as keyof typeof ACTION_EFFECTS]}
        </ConfirmDialog>
      )}
    </div>
  );
}
