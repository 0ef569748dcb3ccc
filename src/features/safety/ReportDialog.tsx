import type { FormEvent, RefObject } from 'react';
import { useEffect, useId, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatCount } from '../../domain/formatCount';
import { SAFETY_MESSAGES } from '../../domain/safetyMessages';
import type { ReportTarget } from '../../domain/safetyTypes';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '../../domain/safetyTypes';
import { Alert } from '../../ui/Alert';
import { Modal } from '../../ui/Modal';
import { reportDialogReset, reportKey, reportSubmitted, selectReportState } from './safetySlice';

const KIND_NAMES: Record<ReportTarget['kind'], string> = {
  profile: 'profile',
  post: 'post',
  tribe: 'tribe',
  project: 'project',
  comment: 'comment',
};

interface ReportDialogProps {
  target: ReportTarget;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the opener may be gone, like a menu item). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** Report a profile, post, comment, tribe or project: a reason, optional details, then a confirmation. */
export function ReportDialog({ target, onClose, returnFocusRef }: ReportDialogProps) {
  const dispatch = useAppDispatch();
  const report = useAppSelector(selectReportState);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const detailsId = useId();
  const mine = report.key === reportKey(target);
  const sending = mine && report.status === 'sending';
  const answered = mine && (report.status === 'sent' || report.status === 'failed') ? report : null;

  useEffect(() => {
    dispatch(reportDialogReset());
    return () => {
      dispatch(reportDialogReset());
    };
  }, [dispatch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(SAFETY_MESSAGES.chooseReason);
    if (details.trim().length > REPORT_DETAILS_MAX) return setError(SAFETY_MESSAGES.detailsTooLong);
    setError(null);
    dispatch(reportSubmitted({ target, reason, details }));
  };

  // One dialog in two states: the form, then the answer (sent, or reported before) in its place.
  const done = answered?.status === 'sent' || answered?.message === SAFETY_MESSAGES.alreadyReported ? answered : null;
  const length = details.trim().length;
  return (
    <Modal
      title={
        done ? (done.status === 'sent' ? 'Report sent' : 'Already reported') : `Report this ${KIND_NAMES[target.kind]}`
      }
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      actions={
        done ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        ) : (
          <>
            <button
              type="submit"
              form={`${detailsId}-form`}
              className="button button--danger"
              disabled={sending}
              aria-busy={sending || undefined}
            >
              Send report
            </button>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
          </>
        )
      }
    >
      {done ? (
        <p role="status">{done.message}</p>
      ) : (
        <form id={`${detailsId}-form`} className="report-form" onSubmit={submit} noValidate>
          {target.label && <p className="muted report-form__target">{target.label}</p>}
          <fieldset className="report-form__reasons" aria-describedby={error ? `${detailsId}-error` : undefined}>
            <legend>Why are you reporting it?</legend>
            {REPORT_REASONS.map((option) => (
              <label key={option.value} className="report-form__reason">
                <input
                  type="radio"
                  name={`${detailsId}-reason`}
                  value={option.value}
                  checked={reason === option.value}
                  onChange={() => {
                    setReason(option.value);
                    setError(null);
                  }}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={detailsId}>Details (optional)</label>
            <textarea
              id={detailsId}
              rows={4}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
              aria-describedby={`${detailsId}-count`}
            />
            <p
              id={`${detailsId}-count`}
              className={length > REPORT_DETAILS_MAX ? 'field__hint field__count--over' : 'field__hint'}
            >
              {formatCount(length)} / {formatCount(REPORT_DETAILS_MAX)} characters
            </p>
          </div>
          {error && (
            <p id={`${detailsId}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
          {answered?.status === 'failed' && <Alert tone="error">{answered.message}</Alert>}
        </form>
      )}
    </Modal>
  );
}
