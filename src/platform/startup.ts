// Start-up in short tasks: each step ends the current task so the browser can paint and handle
// input before the next one, instead of all of them being one long task.
import { PRODUCT_NAME } from '../config';

/** Resolves in a new task (scheduler.yield where the browser has it, else a timer). */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the HTML has been parsed: the signed-in shells run their scripts as soon as they
 * arrive (async, scripts/startupScripts.js), which may be before the body is there.
 */
export function documentParsed(doc: Document = document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

/**
 * Resolves once every stylesheet the page links to has loaded or failed, so the app's first
 * render never shows unstyled: an async script does not wait for the stylesheet as a deferred
 * one did. One that has finished has a sheet, or (failed) a resource timing entry.
 */
export function stylesheetsLoaded(
  doc: Document = document,
  perf: Pick<Performance, 'getEntriesByName'> = performance,
): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.sheet === null && perf.getEntriesByName(link.href).length === 0,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** The spec's error fallback (section 2), shared by the React one (app/ErrorFallback.tsx) and showStartFailure. */
export const ERROR_FALLBACK = {
  title: 'Something went wrong',
  statement: `There was an error loading ${PRODUCT_NAME}. Reloading the page usually fixes it.`,
  details: 'Technical details',
  reload: 'Reload Page',
} as const;

/**
 * When the app's code cannot load (offline on a first visit, a deploy in between), the spec's
 * full-screen error fallback replaces the static page, whose forms would never start. Plain DOM:
 * React is what did not load.
 */
export function showStartFailure(
  error: unknown,
  doc: Document = document,
  reload: () => void = () => window.location.reload(),
): void {
  const root = doc.getElementById('root');
  if (!root || doc.getElementById('start-failure')) return;
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const fallback = element('div', 'error-fallback');
  fallback.id = 'start-failure';
  fallback.setAttribute('role', 'alert');
  const box = element('div', 'error-fallback__box card');
  const details = element('details', '');
  details.append(
    element('summary', '', ERROR_FALLBACK.details),
    element('pre', '', error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
  );
  const button = element('button', 'button button--primary', ERROR_FALLBACK.reload);
  button.type = 'button';
  button.addEventListener('click', () => reload());
  box.append(element('h1', '', ERROR_FALLBACK.title), element('p', '', ERROR_FALLBACK.statement), details, button);
  fallback.append(box);
  root.replaceChildren(fallback);
}
