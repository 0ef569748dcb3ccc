// Where errors go: every caught failure the app does not show (saga failures included) is
// handed to reportError, never to the console directly. In development, tests and production
// without a DSN: the console. Production monitoring plugs Sentry in here (monitoring.ts), so
// callers never import it directly. The failures the spec says are logged (checking pending
// friend removals, refreshing the profile, registering the service worker) go through logError:
// the console in every build, and error reporting as well.

/**
 * `description` says what failed in the caller's words (it leads the console line); `level`
 * 'warning' marks a failure the app expects now and then (offline, blocked storage); anything
 * else is extra data for the report. Only plain data: it may end up in an error event.
 */
export type ErrorContext = { description?: string; level?: 'error' | 'warning' } & Record<string, unknown>;

export type ErrorReporter = (error: unknown, context?: ErrorContext) => void;

/** The console line each caller used to write itself: `description, error[, extra]`. */
export const logToConsole: ErrorReporter = (error, context) => {
  const { description, level, ...extra } = context ?? {};
  const log = level === 'warning' ? console.warn : console.error;
  log(...(description ? [description] : []), error, ...(Object.keys(extra).length > 0 ? [extra] : []));
};

let reporter: ErrorReporter = logToConsole;

export function setErrorReporter(next: ErrorReporter) {
  reporter = next;
}

export function reportError(error: unknown, context?: ErrorContext) {
  try {
    reporter(error, context);
  } catch {
    // Reporting must never break the app.
  }
}

/**
 * For the failures the spec says are logged to the console while the product goes on: written to
 * the console in every build, and also handed to error reporting when something other than the
 * console receives it (Sentry in production; its filter still drops what the spec says it drops).
 */
export function logError(error: unknown, context?: ErrorContext) {
  try {
    logToConsole(error, context);
  } catch {
    // Logging must never break the app either.
  }
  if (reporter !== logToConsole) reportError(error, context);
}
