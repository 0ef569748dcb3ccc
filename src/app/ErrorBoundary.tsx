import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';

import { reportError } from '../platform/errorReporting';
import { ErrorFallback } from './ErrorFallback';

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/** The top-level boundary: a render error or a route chunk that fails to load ends here. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, { componentStack: info.componentStack ?? undefined });
  }

  override render() {
    if (this.state.failed) return <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
