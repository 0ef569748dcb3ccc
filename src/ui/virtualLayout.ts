// Options shared by the virtualized lists (@tanstack/react-virtual), for two cases the defaults
// handle badly:
// - no layout to measure (jsdom in tests, a list inside a hidden element): the defaults would
//   measure 0 and render either no rows or every row; these render a first window instead;
// - a list mounting with the page: the defaults read sizes and write the scroll position during
//   React's commit, each forcing a layout of the whole new page inside the commit's task; these
//   wait for the browser's own layout, and skip the write that would not move anything.
import type { Rect, Virtualizer } from '@tanstack/react-virtual';
import {
  elementScroll,
  measureElement,
  observeElementRect,
  observeWindowRect,
  windowScroll,
} from '@tanstack/react-virtual';

/** The viewport assumed when the real one measures 0 by 0 (a small laptop screen). */
export const NO_LAYOUT_RECT: Rect = { width: 1024, height: 768 };

/**
 * A width for a list in the page's flow before it has been laid out: the screen's, at most
 * {@link NO_LAYOUT_RECT}'s. On a phone a first render sized for a laptop drew three columns of
 * cards where one fits, and laid out three times the cards it showed. (The screen, not the
 * window: reading window.innerWidth while the new page's layout is pending forces that layout.)
 */
export function widthBeforeLayout(): number {
  const screenWidth = typeof screen === 'undefined' ? 0 : screen.width;
  return screenWidth > 0 ? Math.min(screenWidth, NO_LAYOUT_RECT.width) : NO_LAYOUT_RECT.width;
}

/**
 * The viewport's height before the page has been laid out: the screen's, else
 * {@link NO_LAYOUT_RECT}'s (reading window.innerHeight then would force the pending layout).
 */
export function heightBeforeLayout(): number {
  const screenHeight = typeof screen === 'undefined' ? 0 : screen.height;
  return screenHeight > 0 ? screenHeight : NO_LAYOUT_RECT.height;
}

const orFallback = (rect: Rect): Rect => (rect.width > 0 || rect.height > 0 ? rect : NO_LAYOUT_RECT);

/** A virtualizer's `initialRect` when it has one, else `fallback`: its first report, read without a layout. */
function initialRectOr<S extends Element | Window, I extends Element>(
  instance: Virtualizer<S, I>,
  fallback: Rect,
): Rect {
  const initial = instance.options.initialRect;
  return initial && (initial.width > 0 || initial.height > 0) ? initial : fallback;
}

/**
 * Reports a scroll container's size without reading layout while React commits. The library's own
 * observers read the size at once (clientHeight, innerHeight), and at mount that read forces a
 * layout of the whole new page inside the commit's task (about 40 ms of the 120 ms task on /explore
 * at 4x CPU). Here the first report is an estimate, and the real size comes from a ResizeObserver,
 * whose first report comes after the browser's own layout, when reading the size costs nothing.
 */
function observeAfterLayout(
  target: Element,
  estimate: Rect,
  read: () => Rect,
  onRect: (rect: Rect) => void,
  extra?: (report: () => void) => () => void,
) {
  onRect(estimate);
  const report = () => onRect(orFallback(read()));
  const observer = new ResizeObserver(report);
  observer.observe(target);
  const stopExtra = extra?.(report);
  return () => {
    observer.disconnect();
    stopExtra?.();
  };
}

/** An element's size: an estimate (its `initialRect`, else {@link NO_LAYOUT_RECT}) until it has been laid out. */
export function observeElementRectOrFallback<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  onRect: (rect: Rect) => void,
) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined')
    return observeElementRect(instance, (rect) => onRect(orFallback(rect)));
  return observeAfterLayout(
    element,
    initialRectOr(instance, NO_LAYOUT_RECT),
    () => ({ width: element.clientWidth, height: element.clientHeight }),
    onRect,
  );
}

/**
 * The viewport's size: an estimate (its `initialRect`, else the screen's size, which reads no
 * layout) until the page has been laid out, then the real one on every resize. The root element's
 * ResizeObserver gives the first real report; a resize event every later one (the root's box does
 * not change when only the viewport's height does).
 */
export function observeWindowRectOrFallback<I extends Element>(
  instance: Virtualizer<Window, I>,
  onRect: (rect: Rect) => void,
) {
  const win = instance.scrollElement;
  if (!win || typeof ResizeObserver === 'undefined')
    return observeWindowRect(instance, (rect) => onRect(orFallback(rect)));
  const screen = orFallback({ width: win.screen?.width ?? 0, height: win.screen?.height ?? 0 });
  return observeAfterLayout(
    win.document.documentElement,
    initialRectOr(instance, screen),
    () => ({ width: win.innerWidth, height: win.innerHeight }),
    onRect,
    (report) => {
      win.addEventListener('resize', report, { passive: true });
      return () => win.removeEventListener('resize', report);
    },
  );
}

/**
 * The element's measured size, or the estimate while it has none. A row just mounted (no
 * ResizeObserver entry yet) is not measured on the spot where a ResizeObserver will report it
 * after the browser's own layout: measuring it during React's commit forced a layout of the whole
 * new page inside the commit's task (about 40 ms of a 130 ms task at 4x CPU on /explore).
 */
export function measureElementOrEstimate<S extends Element | Window, I extends Element>(
  element: I,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<S, I>,
) {
  if (!entry && typeof ResizeObserver !== 'undefined') {
    const index = instance.indexFromElement(element);
    return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
  }
  const size = measureElement(element, entry, instance);
  if (size > 0) return size;
  const index = instance.indexFromElement(element);
  return instance.options.estimateSize(index);
}

type ScrollOptions = { adjustments?: number; behavior?: ScrollBehavior };

/** The scroll element each virtualizer last wrote to: a write to another one is its first after attaching. */
const attachedTo = new WeakMap<object, Element | Window | null>();

/**
 * Whether a scroll write is the one that moves nothing: on attaching to a scroll element, the
 * virtualizer first writes back the offset it already holds (0 for a new list). That write forces
 * a layout of the whole new page inside React's commit (30 ms of the commit's task on /explore at
 * 4x CPU), and on the window it would pull a reader who had scrolled while the page loaded back to
 * the top. Only that first write is skipped: later plain writes to the offset the virtualizer
 * holds are corrections it has already counted (a row measured while scrolling was held, an
 * adjustment retried once the page grew), and they must reach the element.
 */
function writesInPlace<S extends Element | Window, I extends Element>(
  offset: number,
  options: ScrollOptions,
  instance: Virtualizer<S, I>,
) {
  const first = attachedTo.get(instance) !== instance.scrollElement;
  attachedTo.set(instance, instance.scrollElement);
  return first && !options.behavior && !options.adjustments && offset === instance.scrollOffset;
}

/** The window virtualizer's scroll writes, less the one that moves nothing ({@link writesInPlace}). */
export function windowScrollUnlessInPlace<I extends Element>(
  offset: number,
  options: ScrollOptions,
  instance: Virtualizer<Window, I>,
) {
  if (!writesInPlace(offset, options, instance)) windowScroll(offset, options, instance);
}

/** An element virtualizer's scroll writes, less the one that moves nothing ({@link writesInPlace}). */
export function elementScrollUnlessInPlace<S extends Element, I extends Element>(
  offset: number,
  options: ScrollOptions,
  instance: Virtualizer<S, I>,
) {
  if (!writesInPlace(offset, options, instance)) elementScroll(offset, options, instance);
}
