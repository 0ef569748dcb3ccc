// jsdom has no Worker (and ts-jest's CommonJS has no import.meta): long blocks are highlighted on
// the main thread in jest, through the same highlighter. jest.config.js maps the factory here.
export function createHighlightWorker(): Worker | null {
  return null;
}
