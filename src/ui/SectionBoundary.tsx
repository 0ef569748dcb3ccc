import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';

import { reportError } from '../platform/errorReporting';

interface SectionBoundaryProps {
  /** What the reader sees instead of the piece, e.g. "This post could not be shown." */
  message: string;
  /** Names the piece in the error report, e.g. "tribe post". */
  section: string;
  /** When one of these changes (new data arrived), the piece is rendered again. */
  resetKeys?: readonly unknown[];
  /** Errors this boundary leaves to the one above it (e.g. a route chunk that failed to load). */
  passThrough?: (error: unknown) => boolean;
  /** Offer "Try again" (render the piece afresh with the data there is now). */
  retry?: boolean;
  className?: string;
  children: ReactNode;
}

interface SectionBoundaryState {
  failed: boolean;
  error: unknown;
  /** The reset keys the failure happened with. */
  failedWith: readonly unknown[] | undefined;
}

const sameKeys = (a: readonly unknown[] = [], b: readonly unknown[] = []) =>
  a.length === b.length && a.every((key, index) => Object.is(key, b[index]));

/**
 * One broken piece of screen (a post, a card, a panel) shows a small local message instead of
 * taking the whole page down with it; the error still goes to error reporting. A class, as React
 * requires of error boundaries; written here rather than taken from react-error-boundary because
 * it sits in the first route's bundle (the bell's items), where every kilobyte is budgeted.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, SectionBoundaryState> {
  override state: SectionBoundaryState = { failed: false, error: null, failedWith: undefined };

  static getDerivedStateFromError(error: unknown): Partial<SectionBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: SectionBoundaryProps,
    state: SectionBoundaryState,
  ): Partial<SectionBoundaryState> | null {
    if (!state.failed) return { failedWith: props.resetKeys };
    // New data since the failure: try the piece again.
    return sameKeys(props.resetKeys, state.failedWith)
      ? null
      : { failed: false, error: null, failedWith: props.resetKeys };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (this.props.passThrough?.(error)) return;
    reportError(error, { section: this.props.section, componentStack: info.componentStack ?? undefined });
  }

  override render() {
    const { message, passThrough, retry, className, children } = this.props;
    const { failed, error } = this.state;
    if (!failed) return children;
    // Thrown from here, an error reaches the next boundary up.
    if (passThrough?.(error)) throw error;
    return (
      <div className={className ? `section-error ${className}` : 'section-error'}>
        <div className="alert alert--error" role="alert">
          {message}
        </div>
        {retry && (
          <button
            type="button"
            className="button button--secondary section-error__retry"
            onClick={() => this.setState({ failed: false, error: null })}
          >
            Try again
          </button>
        )}
      </div>
    );
  }
}
