import { Alert } from './Alert';
import { ButtonLink } from './ButtonLink';
import { Spinner } from './Spinner';

interface DetailsFrameProps {
  /** The page's load status; 'ready' here means the item itself is missing, which reads as a failure. */
  status: 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';
  /** What the page shows, in the headings ("This tribe does not exist") and their ids. */
  noun: string;
  /** Why the item may be missing. */
  missingReason: string;
  /** Where a reader of a missing item goes next. */
  back: { to: string; label: string };
  error: string;
  onRetry: () => void;
}

/** What a details page shows until its item is there: loading, not found, or failed with a retry. */
export function DetailsFrame({ status, noun, missingReason, back, error, onRetry }: DetailsFrameProps) {
  if (status === 'idle' || status === 'loading') return <Spinner label={`Loading ${noun}...`} />;
  if (status === 'notFound') {
    return (
      <section className="page-header empty-state" aria-labelledby={`${noun}-missing`}>
        <h1 id={`${noun}-missing`}>This {noun} does not exist</h1>
        <p>{missingReason}</p>
        <ButtonLink to={back.to}>{back.label}</ButtonLink>
      </section>
    );
  }
  return (
    <section className="page-header" aria-labelledby={`${noun}-error`}>
      <h1 id={`${noun}-error`}>This {noun} could not be loaded</h1>
      <Alert tone="error">{error}</Alert>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
