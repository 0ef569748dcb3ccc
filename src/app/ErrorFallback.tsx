import { BackendError } from '../backend/port';
import { ERROR_FALLBACK } from '../platform/startup';

interface ErrorFallbackProps {
  error: unknown;
  onReload?: () => void;
}

function describe(error: unknown): string {
  if (error instanceof Error) return [error.name + ': ' + error.message, error.stack].filter(Boolean).join('\n\n');
  return String(error);
}

/** The spec's full-screen error fallback (section 2). */
export function ErrorFallback({ error, onReload = () => window.location.reload() }: ErrorFallbackProps) {
  return (
    <div className="error-fallback" role="alert">
      <div className="error-fallback__box card">
        <h1>{ERROR_FALLBACK.title}</h1>
        <p>{ERROR_FALLBACK.statement}</p>
        {error instanceof BackendError && <p className="error-fallback__reason">{error.message}</p>}
        <details>
          <summary>{ERROR_FALLBACK.details}</summary>
          <pre>{describe(error)}</pre>
        </details>
        <button type="button" className="button button--primary" onClick={onReload}>
          {ERROR_FALLBACK.reload}
        </button>
      </div>
    </div>
  );
}
