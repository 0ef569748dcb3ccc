/**
 * The highlighter's worker, or null where there is none (jsdom: jest maps this module to
 * highlightWorkerFactory.jest.ts). webpack bundles the worker from this `new URL(...)`.
 */
export function createHighlightWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./highlight.worker.ts', import.meta.url), { name: 'highlighter' });
}
