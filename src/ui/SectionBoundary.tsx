import type { ErrorInfo, ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { FallbackProps } from 'react-error-boundary';

import { reportError } from '../platform/errorReporting';
import { Alert } from './Alert';

interface SectionBoundaryProps {
  /** What the reader sees instead of the piece, e.g. "This post could not be shown." */
  message: string;
  /** Names the piece in the error report, e.g. "tribe post". */
  section: string;
  /** When one of these changes (new data arrived), the piece is rendered again. */
  resetKeys?: unknown[];
  /** Errors this boundary leaves to the one above it (e.g. a route chunk that failed to load). */
  passThrough?: (error: unknown) => boolean;
  /** Offer "Try again" (render the piece afresh with the data there is now). */
  retry?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * One broken piece of screen (a post, a card, a panel) shows a small local message instead of
 * taking the whole page down with it; the error still goes to error reporting.
 */
export function SectionBoundary({ message, section, resetKeys, passThrough, retry = false, className, children }: SectionBoundaryProps) {
  const onError = (error: unknown, info: ErrorInfo) => {
    if (passThrough?.(error)) return;
    reportError(error, { section, componentStack: info.componentStack ?? undefined });
  };
  const fallbackRender = ({ error, resetErrorBoundary }: FallbackProps) => {
    // Thrown from the fallback, an error reaches the next boundary up.
    if (passThrough?.(error)) throw error;
    return (
      <div className={className ? `section-error ${className}` : 'section-error'}>
        <Alert tone="error">{message}</Alert>
        {retry && (
          <button type="button" className="button button--secondary section-error__retry" onClick={() => resetErrorBoundary()}>
            Try again
          </button>
        )}
      </div>
    );
  };
  return (
    <ErrorBoundary onError={onError} fallbackRender={fallbackRender} {...(resetKeys ? { resetKeys } : {})}>
      {children}
    </ErrorBoundary>
  );
}
