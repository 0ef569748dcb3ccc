// Start-up in short tasks: each step ends the current task so the browser can paint and handle
// input before the next one, instead of all of them being one long task.

/** Resolves in a new task (scheduler.yield where the browser has it, else a timer). */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export const START_FAILURE_MESSAGE = 'DevTribe could not start. Check your connection, then reload the page.';

/**
 * When the app's code cannot load (offline on a first visit, a deploy in between), the static page
 * stays, its forms disabled: say so above it, with a way to try again. Plain DOM: React is what
 * did not load.
 */
export function showStartFailure(doc: Document = document, reload: () => void = () => window.location.reload()): void {
  const root = doc.getElementById('root');
  if (!root || doc.getElementById('start-failure')) return;
  const notice = doc.createElement('div');
  notice.id = 'start-failure';
  notice.className = 'start-failure';
  notice.setAttribute('role', 'alert');
  const text = doc.createElement('p');
  text.textContent = START_FAILURE_MESSAGE;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'button button--primary';
  button.textContent = 'Reload Page';
  button.addEventListener('click', () => reload());
  notice.append(text, button);
  root.prepend(notice);
  // The splash's "Starting DevTribe…" would contradict it.
  doc.getElementById('splash')?.querySelector('p')?.remove();
}
