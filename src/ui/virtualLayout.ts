// Options shared by the virtualized lists (@tanstack/react-virtual), for the case where there is
// no layout to measure: jsdom in tests, or a list inside a hidden element. There the defaults
// would measure 0 and render either no rows or every row; these render a first window instead.
import type { Rect, Virtualizer } from '@tanstack/react-virtual';
import { measureElement, observeElementRect, observeWindowRect } from '@tanstack/react-virtual';

/** The viewport assumed when the real one measures 0 by 0 (a small laptop screen). */
export const NO_LAYOUT_RECT: Rect = { width: 1024, height: 768 };

const orFallback = (rect: Rect): Rect => (rect.width > 0 || rect.height > 0 ? rect : NO_LAYOUT_RECT);

export function observeElementRectOrFallback<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  onRect: (rect: Rect) => void,
) {
  return observeElementRect(instance, (rect) => onRect(orFallback(rect)));
}

export function observeWindowRectOrFallback<I extends Element>(instance: Virtualizer<Window, I>, onRect: (rect: Rect) => void) {
  return observeWindowRect(instance, (rect) => onRect(orFallback(rect)));
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
