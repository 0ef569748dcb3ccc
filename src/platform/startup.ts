// Start-up in short tasks: each step ends the current task so the browser can paint and handle
// input before the next one, instead of all of them being one long task.

/** Resolves in a new task (scheduler.yield where the browser has it, else a timer). */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
