// Where errors go. In development and tests: the console. The production-backend issue
// plugs Sentry in here (production builds only), so callers never import it directly.

type ErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

let reporter: ErrorReporter = (error, context) => console.error(error, context ?? '');

export function setErrorReporter(next: ErrorReporter) {
  reporter = next;
}

export function reportError(error: unknown, context?: Record<string, unknown>) {
  try {
    reporter(error, context);
  } catch {
    // Reporting must never break the app.
  }
}
